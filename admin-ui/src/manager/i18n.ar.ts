/** The manager screens' texts in Arabic (merged into the catalogue by i18n/messages.ar.ts). */
const plural = (zero: string, one: string, label: string, many = zero) =>
  [zero, one, label, many, many, many].join(' |||| ');

export const ar = {
  app: {
    manager: {
      accounts: {
        title: 'حسابات الصالونات',
        empty: 'لا توجد حسابات صالونات بعد.',
        open: 'فتح حساب',
        opened: 'تم فتح الحساب رقم %{number}: يمكن لمالكه تسجيل الدخول وتشغيل معالج الإعداد',
        progress: '%{progress}% (%{done} من %{total} خطوات)',
        salon: 'الصالون',
        owner: 'المالك',
        alias_hint: 'حروف إنجليزية (a-z وA-Z) وأرقام فقط، من 3 إلى 40 خانة: فريد على المنصة.',
      },
    },
  },
  resources: {
    'merchants/active-merchants': {
      name: plural('حسابات صالونات', 'حساب صالون', 'حسابات الصالونات'),
      fields: {
        account_id: 'الرقم',
        name: 'الاسم',
        name_en: 'الاسم بالإنجليزية',
        name_ar: 'الاسم بالعربية',
        alias: 'الاسم المختصر',
        country_id: 'الدولة',
        salon_type: 'نوع الصالون',
        vat_percentage: 'الضريبة',
        max_employees: 'الحد الأقصى للموظفين',
        wizard_progress: 'معالج الإعداد',
        created_at: 'تاريخ الفتح',
        owner_name: 'اسم المالك',
        owner_username: 'اسم مستخدم المالك',
        owner_email: 'البريد الإلكتروني للمالك',
        owner_password: 'كلمة مرور المالك',
      },
    },
  },
};
