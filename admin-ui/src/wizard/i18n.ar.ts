/** The wizard screens' texts in Arabic (merged into the catalogue by i18n/messages.ar.ts). */
const plural = (zero: string, one: string, label: string, many = zero) =>
  [zero, one, label, many, many, many].join(' |||| ');

export const ar = {
  app: {
    menu: { wizard: 'معالج الإعداد' },
    wizard: {
      title: 'إعداد صالونك',
      hint: 'خطوات قصيرة لتجهيز صالونك. كل خطوة تحفظ الإعدادات الفعلية، ويمكنك العودة إلى أي خطوة مكتملة في أي وقت.',
      progress: 'تم إنجاز %{progress}%',
      save_and_continue: 'حفظ ومتابعة',
      finish: 'حفظ وإنهاء',
      finished: 'تم إعداد صالونك: اكتمل المعالج',
      all_done: 'اكتملت كل الخطوات. لا يزال بإمكانك فتح أي خطوة أعلاه.',
      status: { completed: 'مكتملة', current: 'الحالية', pending: 'قادمة' },
      steps: {
        'general-informations': 'المعلومات العامة',
        vat: 'ضريبة القيمة المضافة',
        'business-hours': 'ساعات العمل',
        employees: 'الموظفون',
        'invoice-setting': 'إعدادات الفاتورة',
        einvoicing: 'الفوترة الإلكترونية',
        'activate-services': 'تفعيل الخدمات',
      },
      employees: {
        title: 'الموظفون',
        hint: 'من يعمل في صالونك ومن يستقبل المواعيد. أنت في القائمة بالفعل ويمكنك استقبال المواعيد أيضًا؛ أضف الآخرين بأسمائهم، والباقي يمكن أن ينتظر.',
        empty: 'لا يوجد موظفون بعد.',
        owner: 'المالك',
        new: 'إضافة موظف',
        add: 'أضف الموظف',
        added: 'تمت إضافة الموظف',
        takes_appointments: 'يستقبل المواعيد',
        need_bookable: 'فعّل شخصًا واحدًا على الأقل يستقبل المواعيد (ويمكن أن تكون أنت)',
      },
      services: {
        title: 'تفعيل الخدمات',
        hint: 'الخدمات التي يقدمها صالونك: فعّل ما يمكن للعملاء حجزه. يجب أن تبقى خدمة واحدة على الأقل مفعّلة.',
        empty: 'قائمة خدماتك فارغة: أضف خدمتك الأولى أدناه.',
        need_one: 'فعّل خدمة واحدة على الأقل قبل الإنهاء',
        first_group: 'أولًا، سمِّ مجموعة لخدماتك (مثل الشعر)',
        add_group: 'أضف المجموعة',
        group_added: 'تمت إضافة المجموعة: أضف الآن خدمة',
        add_service: 'إضافة خدمة',
        service_added: 'تمت إضافة الخدمة',
        suggestions: 'خدمات مقترحة',
        suggestions_hint:
          'اختر من الخدمات التي تقترحها المنصة وأضفها إلى قائمتك دفعة واحدة؛ يمكنك تعديل أسعارها لاحقًا.',
        minutes: '%{count} دقيقة',
        add_suggestions: 'أضف المختارة (%{count})',
        suggestions_added: 'أُضيفت إلى قائمتك خدمات عددها: %{count}',
      },
      call: {
        title: 'تم إنجاز %{progress}% من إعداد صالونك',
        text: 'أكمل معالج الإعداد ليصبح صالونك جاهزًا للحجوزات والفواتير.',
        start: 'ابدأ الإعداد',
        continue: 'تابع الإعداد',
      },
    },
  },
  resources: {
    'wizard/employees': {
      name: plural('موظفون', 'موظف', 'الموظفون'),
      fields: {
        name_en: 'الاسم بالإنجليزية',
        name_ar: 'الاسم بالعربية',
        job_title: 'المسمى الوظيفي',
        mobile: 'الجوال',
      },
    },
  },
};
