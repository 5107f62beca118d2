/** Arabic has six plural forms (zero, one, two, few, many, other): the list's title is the third. */
const plural = (zero: string, one: string, label: string, many = zero) =>
  [zero, one, label, many, many, many].join(' |||| ');

/** The texts of the manager's platform lists, one-record settings and marketing screens (platformLists.tsx). */
const nameFields = {
  en: { name_en: 'English name', name_ar: 'Arabic name', status: 'Status' },
  ar: { name_en: 'الاسم بالإنجليزية', name_ar: 'الاسم بالعربية', status: 'الحالة' },
};
const priceFields = {
  en: { prices: 'Prices', SAR: 'SAR', AED: 'AED', KWD: 'KWD', OMR: 'OMR', BHD: 'BHD' },
  ar: { prices: 'الأسعار', SAR: 'ر.س', AED: 'د.إ', KWD: 'د.ك', OMR: 'ر.ع.', BHD: 'د.ب' },
};

export const platformListsEn = {
  app: {
    manager: {
      staff: {
        all_areas: 'Every area',
        areas: {
          merchants: 'Salons',
          accounting: 'Accounting',
          settings: 'Settings',
          trackers: 'Trackers',
          technical: 'Technical',
          marketing: 'Marketing',
          website: 'Website',
        },
        areas_hint: 'What her role opens in the console; the menu shows only these',
        locale_hint: 'She gets a link by e-mail, in this language, to choose her own password',
        locales: { ar: 'Arabic', en: 'English' },
        invited: 'Added: a link to choose her password was mailed to her',
        status_1: 'Active',
        status_0: 'Disabled',
        disable: 'Disable',
        enable: 'Enable',
        disabled: 'Disabled: she can no longer sign in',
        enabled: 'Enabled: she can sign in again',
      },
      platform_lists: {
        empty: 'Nothing here yet: add the first one.',
        status: { enabled: 'Offered', disabled: 'Disabled' },
        disable: 'Disable',
        enable: 'Enable',
        disabled: 'Disabled: salons are no longer offered it',
        enabled: 'Enabled: salons are offered it again',
        vat_hint: 'A percentage, up to 2 decimals (15 is 15%)',
        prices_hint: 'A price in each currency the salons may sell it in; leave a currency blank for none.',
        password_set: 'A mail server password is kept (sealed). Type a new one only to replace it.',
        password_unset: 'No mail server password kept yet.',
        password_hint: 'Write-only: it is never shown again',
        allowed_hint: 'A visitor from a country not ticked here cannot ask for a free trial.',
        utm_source: 'Source (utm_source)',
        sources_hint: 'One source a line, as in the links’ utm_source (letters, digits, . _ -)',
      },
    },
  },
  resources: {
    'platform-setting/employees': {
      name: 'Platform staff member |||| Platform staff',
      fields: {
        name: 'Name',
        email: 'E-mail',
        locale: 'Language of her mail',
        areas: 'Areas',
        status: 'Status',
      },
    },
    'platform-setting/countries-list': {
      name: 'Country |||| Countries',
      fields: {
        ...nameFields.en,
        dialling_prefix: 'Dialling code',
        currency: 'Currency',
        currency_decimals: 'Currency decimals',
        vat_basis_points: 'Default VAT (%)',
        time_zone: 'Time zone',
      },
    },
    'platform-setting/cities-list': {
      name: 'City |||| Cities',
      fields: { ...nameFields.en, country_id: 'Country' },
    },
    'platform-setting/payments-methods': {
      name: 'Payment method |||| Payment methods',
      fields: nameFields.en,
    },
    'platform-setting/suggested-groups': {
      name: 'Suggested group |||| Suggested groups',
      fields: nameFields.en,
    },
    'platform-setting/suggested-services': {
      name: 'Suggested service |||| Suggested services',
      fields: {
        ...nameFields.en,
        ...priceFields.en,
        group_id: 'Group',
        duration_minutes: 'Duration (minutes)',
      },
    },
    'platform-setting/suggested-products': {
      name: 'Suggested product |||| Suggested products',
      fields: { ...nameFields.en, ...priceFields.en },
    },
    'platform-setting/email-setting': {
      name: 'E-mail setting |||| E-mail settings',
      fields: {
        sender_name: 'Sender’s name',
        sender_address: 'Sender’s address',
        reply_to: 'Replies go to',
        footer_en: 'English footer',
        footer_ar: 'Arabic footer',
        smtp_host: 'Mail server (SMTP)',
        smtp_port: 'Port',
        smtp_username: 'User name',
        smtp_password: 'New password',
      },
    },
    'platform-setting/allowed-countries': {
      name: 'Allowed country |||| Allowed countries',
      fields: { country_ids: 'Countries open to free trials' },
    },
    'marketing/marketing-setting': {
      name: 'Marketing setting |||| Marketing settings',
      fields: { contact_email: 'Marketing’s e-mail', campaign_sources: 'Campaign sources' },
    },
    'marketing/marketing-merchants-requests': {
      name: 'Marketing: trial request |||| Marketing: trial requests',
      fields: {
        requested_at: 'Asked on',
        name_en: 'Salon',
        owner_name: 'Owner',
        email: 'E-mail',
        country_id: 'Country',
        utm_source: 'Source / campaign',
        state: 'State',
      },
    },
    'marketing/marketing-active-merchants': {
      name: 'Marketing: salon in use |||| Marketing: salons in use',
      fields: {
        account_id: 'Number',
        name_en: 'Salon',
        plan: 'Plan',
        created_at: 'Opened',
        last_sign_in_at: 'Last sign-in',
      },
    },
  },
};

export const platformListsAr = {
  app: {
    manager: {
      staff: {
        all_areas: 'كل الأقسام',
        areas: {
          merchants: 'الصالونات',
          accounting: 'المحاسبة',
          settings: 'الإعدادات',
          trackers: 'المتابعة',
          technical: 'الدعم الفني',
          marketing: 'التسويق',
          website: 'الموقع',
        },
        areas_hint: 'ما يفتحه دورها في لوحة التحكم؛ لا تظهر في القائمة إلا هذه',
        locale_hint: 'يصلها بالبريد الإلكتروني، بهذه اللغة، رابط لتختار كلمة المرور بنفسها',
        locales: { ar: 'العربية', en: 'الإنجليزية' },
        invited: 'أُضيفت: أُرسل إليها رابط لاختيار كلمة المرور',
        status_1: 'نشط',
        status_0: 'معطّل',
        disable: 'تعطيل',
        enable: 'تفعيل',
        disabled: 'عُطّل: لم يعد بإمكانها تسجيل الدخول',
        enabled: 'فُعّل: يمكنها تسجيل الدخول من جديد',
      },
      platform_lists: {
        empty: 'لا يوجد شيء بعد: أضف الأول.',
        status: { enabled: 'متاح', disabled: 'معطّل' },
        disable: 'تعطيل',
        enable: 'تفعيل',
        disabled: 'عُطّل: لم يعد يُعرض على الصالونات',
        enabled: 'فُعّل: يُعرض على الصالونات من جديد',
        vat_hint: 'نسبة مئوية بمنزلتين عشريتين على الأكثر (15 تعني 15%)',
        prices_hint: 'سعر بكل عملة قد تبيع بها الصالونات؛ اترك العملة فارغة إن لم يكن لها سعر.',
        password_set: 'كلمة مرور خادم البريد محفوظة (مختومة). اكتب كلمة جديدة فقط لاستبدالها.',
        password_unset: 'لا توجد كلمة مرور لخادم البريد بعد.',
        password_hint: 'للكتابة فقط: لا تُعرض مرة أخرى',
        allowed_hint: 'لا يستطيع زائر من دولة غير محددة هنا طلب تجربة مجانية.',
        utm_source: 'مصدر الحملة',
        sources_hint: 'مصدر في كل سطر كما يُكتب في روابط الحملات (حروف وأرقام و . _ -)',
      },
    },
  },
  resources: {
    'platform-setting/employees': {
      name: plural('موظفو المنصة', 'موظفة في المنصة', 'موظفو المنصة'),
      fields: {
        name: 'الاسم',
        email: 'البريد الإلكتروني',
        locale: 'لغة رسائلها',
        areas: 'الأقسام',
        status: 'الحالة',
      },
    },
    'platform-setting/countries-list': {
      name: plural('الدول', 'دولة', 'الدول'),
      fields: {
        ...nameFields.ar,
        dialling_prefix: 'رمز الاتصال',
        currency: 'العملة',
        currency_decimals: 'منازل العملة العشرية',
        vat_basis_points: 'الضريبة الافتراضية (%)',
        time_zone: 'المنطقة الزمنية',
      },
    },
    'platform-setting/cities-list': {
      name: plural('المدن', 'مدينة', 'المدن'),
      fields: { ...nameFields.ar, country_id: 'الدولة' },
    },
    'platform-setting/payments-methods': {
      name: plural('طرق الدفع', 'طريقة دفع', 'طرق الدفع'),
      fields: nameFields.ar,
    },
    'platform-setting/suggested-groups': {
      name: plural('المجموعات المقترحة', 'مجموعة مقترحة', 'المجموعات المقترحة'),
      fields: nameFields.ar,
    },
    'platform-setting/suggested-services': {
      name: plural('الخدمات المقترحة', 'خدمة مقترحة', 'الخدمات المقترحة'),
      fields: {
        ...nameFields.ar,
        ...priceFields.ar,
        group_id: 'المجموعة',
        duration_minutes: 'المدة (دقائق)',
      },
    },
    'platform-setting/suggested-products': {
      name: plural('المنتجات المقترحة', 'منتج مقترح', 'المنتجات المقترحة'),
      fields: { ...nameFields.ar, ...priceFields.ar },
    },
    'platform-setting/email-setting': {
      name: plural('إعدادات البريد', 'إعداد البريد', 'إعدادات البريد'),
      fields: {
        sender_name: 'اسم المرسل',
        sender_address: 'عنوان المرسل',
        reply_to: 'الردود إلى',
        footer_en: 'التذييل بالإنجليزية',
        footer_ar: 'التذييل بالعربية',
        smtp_host: 'خادم البريد الصادر',
        smtp_port: 'المنفذ',
        smtp_username: 'اسم المستخدم',
        smtp_password: 'كلمة مرور جديدة',
      },
    },
    'platform-setting/allowed-countries': {
      name: plural('الدول المسموحة', 'دولة مسموحة', 'الدول المسموحة'),
      fields: { country_ids: 'الدول المتاحة للتجربة المجانية' },
    },
    'marketing/marketing-setting': {
      name: plural('إعدادات التسويق', 'إعداد التسويق', 'إعدادات التسويق'),
      fields: { contact_email: 'بريد التسويق', campaign_sources: 'مصادر الحملات' },
    },
    'marketing/marketing-merchants-requests': {
      name: plural('التسويق: طلبات التجربة', 'التسويق: طلب تجربة', 'التسويق: طلبات التجربة'),
      fields: {
        requested_at: 'تاريخ الطلب',
        name_en: 'الصالون',
        owner_name: 'المالكة',
        email: 'البريد الإلكتروني',
        country_id: 'الدولة',
        utm_source: 'المصدر / الحملة',
        state: 'الحالة',
      },
    },
    'marketing/marketing-active-merchants': {
      name: plural('التسويق: الصالونات النشطة', 'التسويق: صالون نشط', 'التسويق: الصالونات النشطة'),
      fields: {
        account_id: 'الرقم',
        name_en: 'الصالون',
        plan: 'الباقة',
        created_at: 'تاريخ الفتح',
        last_sign_in_at: 'آخر دخول',
      },
    },
  },
};
