/** The till's messages (keys `sales.*`), in both languages (doc2 §8.2). */
export const salesMessages = {
  en: {
    sales: {
      discount_above_amount: 'A discount cannot be more than the amount it is taken from',
      invalid_quantity: 'The quantity is a whole number of at least 1',
      invalid_price: 'The price cannot be negative',
      payment_not_positive: 'A payment is an amount above zero',
      authorization_code_required: 'A card payment needs the authorization code from the card terminal',
      wallet_balance_low: 'The customer does not have enough in the wallet (balance %{balance})',
      payments_above_total: 'The payments are more than the invoice total',
      payments_below_total: 'The payments must add up to the invoice total',
    },
  },
  ar: {
    sales: {
      discount_above_amount: 'لا يمكن أن يزيد الخصم على المبلغ الذي يُخصم منه',
      invalid_quantity: 'الكمية عدد صحيح لا يقل عن 1',
      invalid_price: 'لا يمكن أن يكون السعر سالبًا',
      payment_not_positive: 'الدفعة مبلغ أكبر من صفر',
      authorization_code_required: 'الدفع بالبطاقة يتطلب رمز التفويض من جهاز البطاقات',
      wallet_balance_low: 'رصيد محفظة العميل غير كافٍ (الرصيد %{balance})',
      payments_above_total: 'الدفعات أكثر من إجمالي الفاتورة',
      payments_below_total: 'يجب أن تساوي الدفعات إجمالي الفاتورة',
    },
  },
};
