/** The messages of what customers pay with besides money: wallets, gift cards, discount codes, loyalty points. */
export const instrumentMessages = {
  en: {
    wallet: {
      top_up_from_wallet: 'A wallet is topped up with cash, a card or a transfer, not from itself',
      nothing_to_credit: 'There is nothing to put back into the wallet',
    },
    receivables: {
      nothing_owed: 'This invoice is fully paid',
      above_owed: 'The payment is more than what is owed (%{owed})',
    },
  },
  ar: {
    wallet: {
      top_up_from_wallet: 'تُشحن المحفظة نقدًا أو بالبطاقة أو بالتحويل، لا من المحفظة نفسها',
      nothing_to_credit: 'لا يوجد مبلغ لإعادته إلى المحفظة',
    },
    receivables: {
      nothing_owed: 'هذه الفاتورة مدفوعة بالكامل',
      above_owed: 'المبلغ أكبر من المستحق (%{owed})',
    },
  },
};
