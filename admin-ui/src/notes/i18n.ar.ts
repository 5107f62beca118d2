import type { en } from './i18n.en';

/** نصوص تصحيح الفاتورة (الإلغاء وإشعارات الدائن والمدين) بالعربية. */
export const ar: typeof en = {
  app: {
    notes: {
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
