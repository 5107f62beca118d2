/** The messages of what customers pay with besides money: wallets, gift cards, discount codes, loyalty points. */
export const instrumentMessages = {
  en: {
    wallet: {
      top_up_from_wallet: 'A wallet is topped up with cash, a card or a transfer, not from itself',
      nothing_to_credit: 'There is nothing to put back into the wallet',
    },
    gift_cards: {
      not_found: 'No gift card has this code',
      used: 'This gift card has been used',
      expired: 'This gift card expired on %{date}',
      other_customer: 'This gift card belongs to another customer',
      above_remaining: 'Only %{remaining} is left on this gift card',
      listed_twice: 'This gift card is already on the invoice',
      above_total: 'The gift cards are more than the invoice total',
      sold_alone: 'A gift card is sold on an invoice of its own, without services or products',
      not_for_gift_cards: 'A gift card cannot be paid with another gift card',
      value_required: "Enter the gift card's value",
      one_per_line: 'Each gift card is a line of its own',
      free_needs_right:
        'Giving free gift cards needs the right "free gift cards" and the setting that allows them',
      already_issued: 'This gift card is already issued',
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
    gift_cards: {
      not_found: 'لا توجد بطاقة إهداء بهذا الرمز',
      used: 'بطاقة الإهداء مستخدمة',
      expired: 'انتهت صلاحية بطاقة الإهداء في %{date}',
      other_customer: 'بطاقة الإهداء تخص عميلًا آخر',
      above_remaining: 'المتبقي في بطاقة الإهداء %{remaining} فقط',
      listed_twice: 'بطاقة الإهداء مضافة إلى الفاتورة بالفعل',
      above_total: 'قيمة بطاقات الإهداء أكبر من إجمالي الفاتورة',
      sold_alone: 'تُباع بطاقة الإهداء في فاتورة مستقلة بلا خدمات أو منتجات',
      not_for_gift_cards: 'لا يمكن دفع ثمن بطاقة إهداء ببطاقة إهداء أخرى',
      value_required: 'أدخل قيمة بطاقة الإهداء',
      one_per_line: 'كل بطاقة إهداء في سطر مستقل',
      free_needs_right:
        'منح بطاقات إهداء مجانية يتطلب صلاحية "بطاقات الإهداء المجانية" والإعداد الذي يسمح بها',
      already_issued: 'بطاقة الإهداء صادرة بالفعل',
    },
    receivables: {
      nothing_owed: 'هذه الفاتورة مدفوعة بالكامل',
      above_owed: 'المبلغ أكبر من المستحق (%{owed})',
    },
  },
};
