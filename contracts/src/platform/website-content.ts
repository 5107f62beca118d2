import type { WebsitePage, WebsitePlan, WebsiteSettings } from './website';

/**
 * What the website says before the manager changes anything: every text in English and Arabic. A
 * value the manager saved replaces its default; one she cleared (null) falls back to it.
 */
export const DEFAULT_WEBSITE: Required<
  Omit<WebsiteSettings, 'seo_pages' | 'redirects' | 'google_analytics_id'>
> &
  WebsiteSettings = {
  hero_title_en: 'Run your salon, spa or beauty centre from one place',
  hero_title_ar: 'أديري صالونك أو مركز التجميل من مكان واحد',
  hero_subtitle_en:
    'Appointments, online booking, the till with ZATCA e-invoices, staff, stock and accounts — in Arabic and English, made for the Gulf.',
  hero_subtitle_ar:
    'المواعيد والحجز الإلكتروني ونقطة البيع مع الفوترة الإلكترونية والموظفات والمخزون والحسابات — بالعربية والإنجليزية، مصمم للخليج.',
  features_en: [
    'Appointments: a calendar per employee, block times, reminders by WhatsApp',
    'Online booking: your own booking page, deposits and gift cards paid online',
    'Point of sale: invoices, held invoices, refunds and ZATCA phase 2 e-invoicing',
    'Customers: history, wallet, loyalty points, packages and surveys',
    'Staff: working hours, attendance, commissions and payroll',
    'Stock: products, purchases, suppliers and stock counts',
    'Accounting: chart of accounts, journals, expenses and VAT return',
    'Reports: sales, employees, services and profit, exported to Excel',
  ].join('\n'),
  features_ar: [
    'المواعيد: تقويم لكل موظفة وأوقات محجوزة وتذكير عبر واتساب',
    'الحجز الإلكتروني: صفحة حجز خاصة بك وعربون وبطاقات هدايا مدفوعة إلكترونيًا',
    'نقطة البيع: فواتير وفواتير معلقة ومرتجعات وفوترة إلكترونية مرحلة ثانية مع هيئة الزكاة',
    'العملاء: السجل والمحفظة ونقاط الولاء والباقات والاستبيانات',
    'الموظفات: ساعات العمل والحضور والعمولات والرواتب',
    'المخزون: المنتجات والمشتريات والموردون والجرد',
    'المحاسبة: دليل الحسابات والقيود والمصروفات وإقرار ضريبة القيمة المضافة',
    'التقارير: المبيعات والموظفات والخدمات والأرباح مع التصدير إلى إكسل',
  ].join('\n'),
  contact_email: 'hello@rawnaq.app',
  contact_phone: '+966 11 000 0000',
  address_en: 'Riyadh, Saudi Arabia',
  address_ar: 'الرياض، المملكة العربية السعودية',
  plans: [
    {
      name_en: 'Basic',
      name_ar: 'الأساسية',
      price: 19900,
      currency: 'SAR',
      features_en: 'Up to 3 employees\nAppointments and online booking\nPoint of sale with e-invoicing',
      features_ar: 'حتى 3 موظفات\nالمواعيد والحجز الإلكتروني\nنقطة البيع مع الفوترة الإلكترونية',
      highlighted: false,
    },
    {
      name_en: 'Advanced',
      name_ar: 'المتقدمة',
      price: 34900,
      currency: 'SAR',
      features_en: 'Up to 10 employees\nEverything in Basic\nCommissions, payroll and stock',
      features_ar: 'حتى 10 موظفات\nكل ما في الأساسية\nالعمولات والرواتب والمخزون',
      highlighted: true,
    },
    {
      name_en: 'Premium',
      name_ar: 'المميزة',
      price: 54900,
      currency: 'SAR',
      features_en: 'Up to 30 employees\nEverything in Advanced\nAccounting, campaigns and priority support',
      features_ar: 'حتى 30 موظفة\nكل ما في المتقدمة\nالمحاسبة والحملات ودعم بأولوية',
      highlighted: false,
    },
  ] satisfies WebsitePlan[],
  terms_en: [
    'These terms govern the use of Rawnaq, a salon management service offered to businesses in the Gulf Cooperation Council countries.',
    'A free trial lasts 7 days and is not refundable. After it, the salon chooses a plan; the plan is paid in advance and renews when its valid-till date is reached.',
    'The salon owns its data: its customers, invoices and records. Rawnaq keeps them safe, backs them up, and never sells them. An expired or disabled account can still sign in, read and export its data.',
    'The salon is responsible for the accuracy of its invoices and tax information, and for keeping its users’ passwords private.',
    'These terms are governed by the laws of the Kingdom of Saudi Arabia unless the salon’s contract says otherwise.',
  ].join('\n\n'),
  terms_ar: [
    'تنظم هذه الشروط استخدام رونق، خدمة إدارة الصالونات المقدمة للمنشآت في دول مجلس التعاون الخليجي.',
    'تستمر التجربة المجانية 7 أيام وهي غير قابلة للاسترداد. بعدها يختار الصالون باقة تُدفع مقدمًا وتتجدد عند انتهاء تاريخ صلاحيتها.',
    'بيانات الصالون ملك له: عملاؤه وفواتيره وسجلاته. يحفظها رونق ويأخذ نسخًا احتياطية منها ولا يبيعها أبدًا. يستطيع الحساب المنتهي أو الموقوف تسجيل الدخول وقراءة بياناته وتصديرها.',
    'الصالون مسؤول عن صحة فواتيره وبياناته الضريبية وعن سرية كلمات مرور مستخدميه.',
    'تخضع هذه الشروط لأنظمة المملكة العربية السعودية ما لم ينص عقد الصالون على غير ذلك.',
  ].join('\n\n'),
  privacy_en: [
    'Rawnaq collects what a salon enters to run its business (customers, appointments, invoices) and what a visitor sends through this website (a free-trial request or a message).',
    'We use these data only to provide the service, to send the messages the salon asks for, and to meet legal duties such as e-invoicing.',
    'Data are stored encrypted in transit, backed up daily, and kept as long as the salon’s account exists or the law requires.',
    'You may ask for a copy of your data or its deletion by writing to us from the contact page.',
  ].join('\n\n'),
  privacy_ar: [
    'يجمع رونق ما يدخله الصالون لإدارة أعماله (العملاء والمواعيد والفواتير) وما يرسله الزائر عبر هذا الموقع (طلب تجربة مجانية أو رسالة).',
    'نستخدم هذه البيانات فقط لتقديم الخدمة وإرسال الرسائل التي يطلبها الصالون والوفاء بالالتزامات النظامية مثل الفوترة الإلكترونية.',
    'تُنقل البيانات مشفرة وتؤخذ منها نسخ احتياطية يومية وتُحفظ ما دام حساب الصالون قائمًا أو حسب ما يتطلبه النظام.',
    'يمكنك طلب نسخة من بياناتك أو حذفها بمراسلتنا من صفحة تواصل معنا.',
  ].join('\n\n'),
  faq: [
    {
      question_en: 'How long is the free trial?',
      question_ar: 'كم مدة التجربة المجانية؟',
      answer_en: 'Seven days with every feature. No card is needed to start.',
      answer_ar: 'سبعة أيام بكل المزايا، ولا تحتاجين إلى بطاقة للبدء.',
      order: 1,
    },
    {
      question_en: 'Does Rawnaq issue ZATCA e-invoices?',
      question_ar: 'هل يصدر رونق فواتير إلكترونية معتمدة من هيئة الزكاة؟',
      answer_en: 'Yes. Invoices and credit notes are signed and reported to ZATCA (phase 2) from the till.',
      answer_ar: 'نعم. تُوقَّع الفواتير وإشعارات الدائن وتُرسل إلى هيئة الزكاة (المرحلة الثانية) من نقطة البيع.',
      order: 2,
    },
    {
      question_en: 'Which countries do you serve?',
      question_ar: 'ما الدول التي تخدمونها؟',
      answer_en: 'Saudi Arabia, the UAE, Kuwait, Oman and Bahrain, each with its own currency and VAT.',
      answer_ar: 'السعودية والإمارات والكويت وعُمان والبحرين، لكل منها عملتها وضريبتها.',
      order: 3,
    },
    {
      question_en: 'Can my customers book online?',
      question_ar: 'هل يستطيع عملائي الحجز إلكترونيًا؟',
      answer_en:
        'Yes. Your salon gets its own booking page where customers choose a service, an employee and a time.',
      answer_ar: 'نعم. يحصل صالونك على صفحة حجز خاصة يختار فيها العملاء الخدمة والموظفة والوقت.',
      order: 4,
    },
  ],
  instagram: '',
  x: '',
  snapchat: '',
  tiktok: '',
  linkedin: '',
  youtube: '',
  whatsapp: '',
  site_name_en: 'Rawnaq',
  site_name_ar: 'رونق',
  default_description_en:
    'Rawnaq is the salon and spa management software of the Gulf: appointments, online booking, ZATCA e-invoicing, staff and accounts.',
  default_description_ar:
    'رونق برنامج إدارة الصالونات ومراكز التجميل في الخليج: المواعيد والحجز الإلكتروني والفوترة الإلكترونية والموظفات والحسابات.',
  default_og_image: '',
};

/** Each page's own title and description when the manager set none. */
export const DEFAULT_PAGE_SEO: Readonly<
  Record<WebsitePage, { title_en: string; title_ar: string; description_en: string; description_ar: string }>
> = {
  landing: {
    title_en: 'Rawnaq — salon and spa management software',
    title_ar: 'رونق — برنامج إدارة الصالونات ومراكز التجميل',
    description_en: DEFAULT_WEBSITE.default_description_en,
    description_ar: DEFAULT_WEBSITE.default_description_ar,
  },
  features: {
    title_en: 'Features — Rawnaq',
    title_ar: 'المزايا — رونق',
    description_en:
      'Appointments, online booking, point of sale with e-invoicing, staff, stock, accounting and reports.',
    description_ar:
      'المواعيد والحجز الإلكتروني ونقطة البيع مع الفوترة الإلكترونية والموظفات والمخزون والمحاسبة والتقارير.',
  },
  'beauty-center-software': {
    title_en: 'Beauty centre software — Rawnaq',
    title_ar: 'برنامج مراكز التجميل — رونق',
    description_en:
      'Software made for beauty centres, salons and spas in Saudi Arabia and the Gulf, in Arabic and English.',
    description_ar: 'برنامج مصمم لمراكز التجميل والصالونات والسبا في السعودية والخليج، بالعربية والإنجليزية.',
  },
  pricing: {
    title_en: 'Pricing — Rawnaq',
    title_ar: 'الأسعار — رونق',
    description_en: 'Simple monthly plans for salons of every size, with a 7-day free trial.',
    description_ar: 'باقات شهرية بسيطة للصالونات بكل أحجامها، مع تجربة مجانية لمدة 7 أيام.',
  },
  'request-free-trial': {
    title_en: 'Request a free trial — Rawnaq',
    title_ar: 'اطلبي تجربة مجانية — رونق',
    description_en: 'Try Rawnaq free for 7 days: tell us about your salon and we will set it up.',
    description_ar: 'جرّبي رونق مجانًا لمدة 7 أيام: أخبرينا عن صالونك وسنجهزه لك.',
  },
  'request-free-trial-success': {
    title_en: 'Request received — Rawnaq',
    title_ar: 'تم استلام طلبك — رونق',
    description_en: 'Your free trial request is received: confirm it from the link in your e-mail.',
    description_ar: 'تم استلام طلب التجربة المجانية: أكّديه من الرابط في بريدك الإلكتروني.',
  },
  'contact-us': {
    title_en: 'Contact us — Rawnaq',
    title_ar: 'تواصل معنا — رونق',
    description_en: 'Questions about Rawnaq? Write to us and we will answer within a working day.',
    description_ar: 'لديك سؤال عن رونق؟ راسلينا وسنرد خلال يوم عمل.',
  },
  'contact-us-success': {
    title_en: 'Message sent — Rawnaq',
    title_ar: 'تم إرسال رسالتك — رونق',
    description_en: 'Thank you: we received your message.',
    description_ar: 'شكرًا لك: وصلتنا رسالتك.',
  },
  'terms-and-conditions': {
    title_en: 'Terms and conditions — Rawnaq',
    title_ar: 'الشروط والأحكام — رونق',
    description_en: 'The terms of using Rawnaq, its free trial and its plans.',
    description_ar: 'شروط استخدام رونق وتجربته المجانية وباقاته.',
  },
  'privacy-policy': {
    title_en: 'Privacy policy — Rawnaq',
    title_ar: 'سياسة الخصوصية — رونق',
    description_en: 'What data Rawnaq keeps, why, and how you can ask for them.',
    description_ar: 'ما البيانات التي يحفظها رونق ولماذا وكيف يمكنك طلبها.',
  },
  'frequently-asked-questions': {
    title_en: 'Frequently asked questions — Rawnaq',
    title_ar: 'الأسئلة الشائعة — رونق',
    description_en: 'Answers about the free trial, e-invoicing, countries and online booking.',
    description_ar: 'إجابات عن التجربة المجانية والفوترة الإلكترونية والدول والحجز الإلكتروني.',
  },
};

/** The website as shown: what the manager saved over the defaults (a cleared value is the default). */
export const websiteOf = (saved: WebsiteSettings | undefined | null): typeof DEFAULT_WEBSITE => {
  const out: Record<string, unknown> = { ...DEFAULT_WEBSITE };
  for (const [k, v] of Object.entries(saved ?? {}))
    if (k !== 'id' && v !== null && v !== undefined && v !== '') out[k] = v;
  return out as typeof DEFAULT_WEBSITE;
};

export type PageSeo = {
  title: string;
  description: string;
  og_title: string;
  og_description: string;
  og_image: string;
  site_name: string;
};

/** A page's SEO in a language: the manager's, else the page's default, else the site's defaults. */
export const seoOf = (
  saved: WebsiteSettings | undefined | null,
  page: WebsitePage,
  lang: 'en' | 'ar',
): PageSeo => {
  const site = websiteOf(saved);
  const own = saved?.seo_pages?.[page] ?? {};
  const pick = (...values: Array<string | null | undefined>) => values.find((v) => !!v) ?? '';
  const title = pick(own[`title_${lang}`], DEFAULT_PAGE_SEO[page][`title_${lang}`]);
  const description = pick(
    own[`description_${lang}`],
    DEFAULT_PAGE_SEO[page][`description_${lang}`],
    site[`default_description_${lang}`],
  );
  return {
    title,
    description,
    og_title: pick(own[`og_title_${lang}`], title),
    og_description: pick(own[`og_description_${lang}`], description),
    og_image: pick(own.og_image, site.default_og_image),
    site_name: site[`site_name_${lang}`],
  };
};

/** What the SEO report finds wrong with a page in a language (message keys of the manager console). */
export const SEO_PROBLEMS = [
  'title_not_set',
  'title_too_long',
  'description_not_set',
  'description_too_long',
  'description_too_short',
  'og_image_missing',
] as const;
export type SeoProblem = (typeof SEO_PROBLEMS)[number];

/** `seo-setting/seo-report`: each page in each language, its title and description lengths and problems. */
export const seoReport = (saved: WebsiteSettings | undefined | null) =>
  (Object.keys(DEFAULT_PAGE_SEO) as WebsitePage[]).flatMap((page) =>
    (['ar', 'en'] as const).map((language) => {
      const seo = seoOf(saved, page, language);
      const own = saved?.seo_pages?.[page] ?? {};
      const problems: SeoProblem[] = [];
      if (!own[`title_${language}`]) problems.push('title_not_set');
      if (seo.title.length > 60) problems.push('title_too_long');
      if (!own[`description_${language}`]) problems.push('description_not_set');
      if (seo.description.length > 160) problems.push('description_too_long');
      if (seo.description.length < 50) problems.push('description_too_short');
      if (!seo.og_image) problems.push('og_image_missing');
      return {
        id: `${page}.${language}`,
        page,
        language,
        title: seo.title,
        title_length: seo.title.length,
        description_length: seo.description.length,
        problems,
        status: problems.length ? 'warning' : 'ok',
      };
    }),
  );
