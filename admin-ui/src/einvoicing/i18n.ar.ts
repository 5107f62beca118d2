import type { en } from './i18n.en';

/** E-invoicing (ZATCA) screens' texts in Arabic (merged into the catalogue by i18n/messages.ar.ts). */
const plural = (zero: string, one: string, label: string, many = zero) =>
  [zero, one, label, many, many, many].join(' |||| ');

/** A device's fields, the same on the manager's and the salon's screens. */
const deviceFields = {
  account_id: 'رقم حساب الصالون',
  status: 'الحالة',
  environment: 'البيئة',
  otp: 'رمز التحقق لمرة واحدة',
  vat_number: 'الرقم الضريبي',
  commercial_registration: 'السجل التجاري',
  seller_name: 'الاسم المسجّل',
  branch_name: 'الفرع',
  industry: 'النشاط',
  street: 'الشارع',
  building_number: 'رقم المبنى',
  additional_number: 'الرقم الإضافي',
  district: 'الحي',
  city: 'المدينة',
  postal_code: 'الرمز البريدي',
  progress: 'التقدّم',
  actions: 'الإجراءات',
};

export const ar: typeof en = {
  app: {
    einvoicing: {
      empty_failed: 'لم ترفض الهيئة أي مستند.',
      empty_warnings: 'لم يُقبل أي مستند مع ملاحظات.',
      retried_accepted: 'قبلت الهيئة المستند',
      retried_refused: 'رفضته الهيئة مرة أخرى: الأسباب ظاهرة',
      empty_merchant:
        'الصالون غير مرتبط بالفوترة الإلكترونية لدى هيئة الزكاة والضريبة والجمارك بعد. اربطه برمز التحقق من بوابة فاتورة، فتُوقَّع فواتيره ويُبلَّغ عنها.',
      merchant_title: 'الفوترة الإلكترونية',
      qr: 'رمز الاستجابة السريعة للهيئة',
      icv: 'المستند رقم %{icv} على الجهاز',
      retrying: 'لم تستجب الهيئة؛ سيُعاد الإرسال في %{at}',
      download_xml: 'تنزيل ملف الفاتورة الإلكترونية',
      download_pdf: 'تنزيل نسخة الفاتورة للطباعة',
      report_now: 'إبلاغ الآن',
      not_signed: 'صدرت قبل ربط الصالون بالهيئة: غير موقّعة',
      states: {
        pending: 'بانتظار الإبلاغ',
        reported: 'تم الإبلاغ إلى الهيئة',
        reported_with_warnings: 'تم الإبلاغ مع ملاحظات',
        cleared: 'اعتمدتها الهيئة',
        rejected: 'رفضتها الهيئة',
      },
      connect: 'ربط جهاز',
      clone_title: 'جهاز جديد من بيانات هذا الجهاز',
      connected: 'تم الربط: تُوقَّع فواتير الصالون الآن وتُبلَّغ إلى هيئة الزكاة والضريبة والجمارك',
      still_pending: 'حُفظت البيانات، لكن الهيئة لم تربط الجهاز بعد: السبب ظاهر عليه. صحّحه ثم تابع الربط.',
      done: {
        retry: 'تم ربط الجهاز',
        renew: 'تم تجديد الشهادة',
        cancel: 'تم إلغاء الجهاز',
      },
      retry: 'متابعة الربط',
      renew: 'تجديد',
      cancel: 'إلغاء',
      clone: 'نسخ',
      checks: 'اجتاز %{done} من %{total} من فحوص الامتثال',
      valid_to: 'الشهادة سارية حتى %{date}',
      environment_short: 'البيئة:',
      empty_manager: 'لا يوجد صالون مرتبط بالفوترة الإلكترونية لدى الهيئة بعد.',
      otp_hint: 'رمز التحقق المكوّن من ستة أرقام من بوابة فاتورة الخاصة بالصالون (صالح لمدة ساعة).',
      latin_hint: 'بالحروف الإنجليزية كما في السجل التجاري.',
      steps: {
        compliance_csid: 'شهادة الامتثال',
        compliance_checks: 'فحوص الامتثال',
        production_csid: 'شهادة الإنتاج',
        renewal: 'التجديد',
      },
      wizard: {
        title: 'الفوترة الإلكترونية مع هيئة الزكاة والضريبة والجمارك',
        hint: 'في السعودية يوقّع الصالون المسجّل في ضريبة القيمة المضافة كل فاتورة ويُبلغ بها هيئة الزكاة والضريبة والجمارك (فاتورة، المرحلة الثانية). اربط الصالون الآن، قبل أول عملية بيع، برمز التحقق ذي الأرقام الستة من بوابة «فاتورة» على موقع الهيئة.',
        connected:
          'الصالون مرتبط بالهيئة (%{environment}): تُوقَّع فواتيره وإشعاراته الدائنة والمدينة عند إصدارها، ويُبلَّغ بها خلال ثوانٍ.',
        connect: 'اربط وتابع',
        skip: 'تخطَّ الآن',
        skip_title: 'تخطي الفوترة الإلكترونية الآن؟',
        skip_warning:
          'إلى أن يُربط الصالون تصدر فواتيره دون توقيع ودون إبلاغ الهيئة بها، مع أن قواعد الفوترة الإلكترونية تُلزم بذلك كل منشأة مسجّلة في ضريبة القيمة المضافة في السعودية. والفواتير التي تصدر في هذه المدة لا يُبلَّغ بها بعد ذلك، ولا يمكن إصدار إشعار دائن أو مدين عليها. يمكنك الربط في أي وقت من الإعدادات ← الفوترة الإلكترونية.',
        skip_confirm: 'تخطَّ، سأربط لاحقًا',
        connect_now: 'اربط الآن',
      },
      sections: {
        authority: 'هيئة الزكاة والضريبة والجمارك',
        seller: 'الصالون كما هو مسجّل',
        address: 'العنوان الوطني',
      },
    },
  },
  resources: {
    'dashboard/zatca-failed-transactions': {
      name: plural('مستندات رفضتها الهيئة', 'مستند رفضته الهيئة', 'المستندات التي رفضتها الهيئة'),
      fields: { account_id: 'الصالون', signed_at: 'المستند', errors: 'الأسباب', actions: 'الإجراءات' },
    },
    'dashboard/zatca-warning-transactions': {
      name: plural('ملاحظات الهيئة', 'ملاحظة من الهيئة', 'ملاحظات الهيئة على المستندات'),
      fields: { account_id: 'الصالون', signed_at: 'المستند', warnings: 'الملاحظات' },
    },
    'zatca-setting': {
      name: plural('إعدادات الفوترة الإلكترونية', 'إعداد الفوترة الإلكترونية', 'إعدادات الفوترة الإلكترونية'),
      fields: deviceFields,
    },
    'setting/einvoicing-setting': {
      name: plural('الفوترة الإلكترونية', 'الفوترة الإلكترونية', 'الفوترة الإلكترونية'),
      fields: deviceFields,
    },
  },
};
