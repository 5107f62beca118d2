/** The manager screens' texts in Arabic (merged into the catalogue by i18n/messages.ar.ts). */
const plural = (zero: string, one: string, label: string, many = zero) =>
  [zero, one, label, many, many, many].join(' |||| ');

export const ar = {
  app: {
    manager: {
      accounts: {
        addon_saved: 'تم الحفظ: تتبعه المحاسبة المتقدمة للصالون فورًا',
        addon_status: {
          0: 'المحاسبة المتقدمة معطّلة',
          1: 'مفعّلة: معالج المحاسبة لم يُنفّذ',
          2: 'مفعّلة: الدفاتر مفتوحة',
        },
        title: 'حسابات الصالونات',
        empty: 'لا توجد حسابات صالونات بعد.',
        open: 'فتح حساب',
        opened: 'تم فتح الحساب رقم %{number}: يمكن لمالكه تسجيل الدخول وتشغيل معالج الإعداد',
        progress: '%{progress}% (%{done} من %{total} خطوات)',
        salon: 'الصالون',
        owner: 'المالك',
        alias_hint: 'حروف إنجليزية (a-z وA-Z) وأرقام فقط، من 3 إلى 40 خانة: فريد على المنصة.',
      },
      online: {
        open: 'يستقبل الحجوزات',
        closed: 'لا يستقبل الحجوزات',
        saved: 'تم الحفظ: تتبعه صفحات الصالون فورًا',
        empty: 'لا يوجد صالون له عنوان إلكتروني بعد.',
        empty_gateway: 'لا يوجد صالون باقة بوابة الدفع لديه فعّالة.',
      },
      updates: {
        empty: 'لم يُنشر أي تحديث بعد. ما تنشره هنا يصل إلى قائمة تنبيهات كل صالون.',
        popup: 'نافذة منبثقة',
        popup_hint: 'يراه كل مستخدم في كل صالون مرة واحدة في نافذة بعد تسجيل الدخول',
        status: { published: 'منشور', withdrawn: 'مسحوب' },
        withdraw: 'سحب',
        withdraw_confirm: 'لن يُعرض هذا التحديث على أي صالون بعد الآن، ولا يمكن نشره من جديد.',
        withdrawn: 'سُحب التحديث',
      },
      packages: {
        empty: 'لا توجد باقة لبوابة الدفع بعد: أضف أول باقة يمكن اشتراك الصالونات فيها.',
        fees: '%{monthly} شهريًا · %{transaction} عن كل عملية مدفوعة',
        status_1: 'معروضة',
        status_0: 'موقوفة',
        transaction_hint: 'تأخذه المنصة عن كل عملية دفع ناجحة لصالون مشترك في هذه الباقة',
        none: 'رسم المنصة الافتراضي',
        choose: 'الباقة',
      },
      fees: {
        hint: 'درهم إماراتي واحد عن كل عملية دفع ناجحة عبر بوابة الدفع، لكل صالون في الفترة المختارة.',
        empty: 'لا توجد عمليات دفع ناجحة عبر بوابة الدفع في هذه الفترة.',
        transactions: [
          'لا عمليات',
          'عملية واحدة',
          'عمليتان',
          '%{smart_count} عمليات',
          '%{smart_count} عملية',
          '%{smart_count} عملية',
        ].join(' |||| '),
      },
    },
  },
  resources: {
    'platform-setting/platform-updates': {
      name: plural('تحديثات المنصة', 'تحديث المنصة', 'تحديثات المنصة'),
      fields: {
        english_title: 'العنوان بالإنجليزية',
        arabic_title: 'العنوان بالعربية',
        english_description: 'الوصف بالإنجليزية',
        arabic_description: 'الوصف بالعربية',
        shown_as_popup: 'يظهر في نافذة بعد تسجيل الدخول',
        published_at: 'النشر',
        status: 'الحالة',
      },
    },
    'platform-setting/payment-gateway-packages': {
      name: plural('باقات بوابة الدفع', 'باقة بوابة الدفع', 'باقات بوابة الدفع'),
      fields: {
        name_en: 'الاسم بالإنجليزية',
        name_ar: 'الاسم بالعربية',
        monthly_fee_fils: 'السعر الشهري (بالدرهم الإماراتي)',
        transaction_fee_fils: 'الرسم عن كل عملية مدفوعة (بالدرهم الإماراتي)',
        status: 'الحالة',
      },
    },
    'addon-services/global-aliases': {
      name: plural('عناوين إلكترونية', 'عنوان إلكتروني', 'العناوين الإلكترونية للصالونات'),
      fields: {
        account_id: 'الرقم',
        name: 'الصالون',
        alias: 'العنوان المختصر',
        q: 'بحث في العناوين',
        online_booking: 'الحجز الإلكتروني',
        google_index: 'السماح لمحركات البحث بالفهرسة',
        payment_gateway_package: 'باقة بوابة الدفع',
        payment_gateway_package_id: 'الباقة',
      },
    },
    'payment-gateway-fees': {
      name: plural('رسوم بوابة الدفع', 'رسم بوابة الدفع', 'رسوم بوابة الدفع'),
      fields: {
        from: 'من',
        to: 'إلى',
        account_id: 'الرقم',
        name: 'الصالون',
        transactions: 'العمليات المدفوعة',
        fees: 'الرسوم',
      },
    },
    'addon-services/merchant-with-payment-gateway-package': {
      name: plural('صالونات', 'صالون', 'الصالونات المشتركة في بوابة الدفع'),
      fields: {
        account_id: 'الرقم',
        name: 'الصالون',
        alias: 'العنوان المختصر',
        online_booking: 'الحجز الإلكتروني',
        google_index: 'السماح لمحركات البحث بالفهرسة',
        payment_gateway_package: 'باقة بوابة الدفع',
        payment_gateway_package_id: 'الباقة',
      },
    },
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
        advanced_accounting_status: 'المحاسبة المتقدمة',
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
