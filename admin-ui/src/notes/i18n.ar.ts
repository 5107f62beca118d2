import type { en } from './i18n.en';

/** نصوص تصحيح الفاتورة (الإلغاء وإشعارات الدائن والمدين) بالعربية. */
const creditNoteFields = {
  number: 'الرقم',
  issued_at: 'التاريخ والوقت',
  invoice_number: 'الفاتورة',
  customer_name: 'العميل',
  total: 'المبلغ الدائن',
  reason: 'السبب',
  einvoicing: 'الفوترة الإلكترونية',
  from: 'من',
  to: 'إلى',
};

const sixForms = (plural: string, one: string) =>
  [plural, one, plural, plural, plural, plural].join(' |||| ');

export const ar: typeof en = {
  resources: {
    'accounting/credit-note': { name: sixForms('إشعارات الدائن', 'إشعار دائن'), fields: creditNoteFields },
    'accounting/debit-note': {
      name: sixForms('إشعارات المدين', 'إشعار مدين'),
      fields: { ...creditNoteFields, total: 'المبلغ المدين', owed: 'المستحق' },
    },
    'accounting/accounting-notes': {
      name: sixForms('إشعارات الدائن والمدين', 'إشعار دائن أو مدين'),
      fields: { ...creditNoteFields, kind: 'النوع', total: 'المبلغ' },
    },
  },
  app: {
    notes: {
      open_invoices: 'فتح الفواتير',
      kinds: { credit: 'إشعار دائن', debit: 'إشعار مدين' },
      accounting: {
        menu: 'إشعارات الدائن والمدين',
        empty: 'لا إشعارات دائنة أو مدينة في هذه الفترة.',
      },
      debit: {
        choose_invoice:
          'الإشعار المدين يضيف إلى فاتورة: افتح الفاتورة التي تريد إضافة مبلغ عليها، ثم اختر «إشعار مدين».',
        menu: 'إشعارات المدين',
        button: 'إشعار مدين',
        title: 'إشعار مدين على الفاتورة رقم %{number}',
        show_title: 'إشعار مدين رقم %{number}',
        refused: 'لا يمكن إصدار إشعار مدين لهذه الفاتورة الآن',
        lines: 'ما يُضاف',
        description: 'الوصف',
        amount: 'المبلغ قبل الضريبة',
        vat_type: 'الضريبة',
        add_line: 'إضافة بند',
        remove_line: 'حذف هذا البند',
        charged: 'المبلغ المدين',
        payments: 'المدفوع الآن',
        issue: 'إصدار إشعار مدين · %{total}',
        list: 'إشعارات المدين',
        empty: 'لا توجد إشعارات مدين في هذه الفترة.',
        file: 'إشعارات-المدين',
      },
      credit: {
        choose_invoice:
          'الإشعار الدائن يصحّح فاتورة: افتح الفاتورة التي تريد استرداد مبلغها أو تصحيحها، ثم اختر «إشعار دائن».',
        menu: 'إشعارات الدائن',
        button: 'إشعار دائن',
        title: 'إشعار دائن على الفاتورة رقم %{number}',
        show_title: 'إشعار دائن رقم %{number}',
        refused: 'لا يمكن إصدار إشعار دائن لهذه الفاتورة الآن',
        back: 'العودة إلى الفاتورة',
        lines: 'ما يُرجَع',
        all: 'كل ما تبقّى',
        line_facts: 'بيع %{quantity}، ويمكن إرجاع %{left}',
        quantity: 'الكمية المرتجعة',
        credited: 'المبلغ الدائن',
        refunds: 'المبالغ المستردة',
        refund_all: 'ردّ المبلغ كله في دفعة واحدة',
        reason: 'السبب',
        issue: 'إصدار إشعار دائن · %{total}',
        of_invoice: 'الفاتورة رقم %{number}',
        list: 'إشعارات الدائن',
        empty: 'لا توجد إشعارات دائن في هذه الفترة.',
        file: 'إشعارات-الدائن',
      },
      cancel: {
        button: 'إلغاء الفاتورة',
        title: 'إلغاء الفاتورة رقم %{number}؟',
        content: 'يبقى رقم الفاتورة محجوزًا لكنها لا تُحتسب: تُلغى دفعاتها (%{total}) وتُخصم من أرقام يومها.',
        reason: 'السبب',
        confirm: 'إلغاء الفاتورة',
        keep: 'إبقاؤها',
        refused_title: 'لا يمكن إلغاء هذه الفاتورة',
        close: 'إغلاق',
        done: 'أُلغيت الفاتورة رقم %{number}',
        cancelled: 'أُلغيت في %{date}: %{reason}',
      },
    },
  },
};
