/** The books' messages (keys `accounting.*`), in both languages. */
export const accountingMessages = {
  en: {
    accounting: {
      not_a_posting_account: 'Choose an account that takes postings (not a group)',
      one_side_per_line: 'Each line is either a debit or a credit, above zero',
      at_least_two_lines: 'A journal has at least two lines',
      journal_unbalanced: 'Debits and credits must be equal: they differ by %{difference}',
      journal_already_reversed: 'This journal was already reversed',
      journal_not_found: 'This journal does not exist',
      reversal_before_journal: 'A reversal cannot be dated before the journal it reverses',
    },
  },
  ar: {
    accounting: {
      not_a_posting_account: 'اختر حسابًا يقبل الترحيل (ليس مجموعة)',
      one_side_per_line: 'كل سطر إما مدين أو دائن، بمبلغ أكبر من صفر',
      at_least_two_lines: 'القيد يتكون من سطرين على الأقل',
      journal_unbalanced: 'يجب أن يتساوى المدين والدائن: الفرق %{difference}',
      journal_already_reversed: 'تم عكس هذا القيد من قبل',
      journal_not_found: 'هذا القيد غير موجود',
      reversal_before_journal: 'لا يمكن أن يسبق تاريخ القيد العكسي تاريخ القيد الأصلي',
    },
  },
};
