/**
 * Plain-language explanations, in English and Modern Standard Arabic, of what the tax authority
 * (or our own checks, which use the same codes) refused, and what the salon owner should fix.
 * Keys: Schematron rule ids (BR-KSA-*, BR-*), the codes verifyDocument / verifyChain produce
 * (invalid-invoice-hash, invalid-signature, invalid-icv, invalid-pih, ...) and XSD.
 * Arabic texts contain no Latin letters; the id is shown beside them by the UI.
 */
export interface Explanation {
  en: string;
  ar: string;
  fix_en: string;
  fix_ar: string;
}

const e = (en: string, ar: string, fix_en: string, fix_ar: string): Explanation => ({
  en,
  ar,
  fix_en,
  fix_ar,
});

const SUPPORT_EN =
  'This is produced by the system, not typed by you: contact support with the invoice number.';
const SUPPORT_AR =
  'هذه القيمة يُنشئها النظام تلقائيًا ولا تُدخلها أنت؛ تواصل مع الدعم الفني وأرسل رقم الفاتورة.';
const SETTINGS_EN = 'Correct it in the e-invoicing settings (salon details), then issue the invoice again.';
const SETTINGS_AR = 'صحّحها في إعدادات الفوترة الإلكترونية (بيانات المنشأة)، ثم أعد إصدار الفاتورة.';
const CUSTOMER_EN = "Correct the customer's details on the invoice, then issue it again.";
const CUSTOMER_AR = 'صحّح بيانات العميل في الفاتورة، ثم أعد إصدارها.';
const AMOUNTS_EN =
  'The totals do not add up. This should not happen with amounts entered in the system: contact support with the invoice number.';
const AMOUNTS_AR =
  'المجاميع غير متطابقة، وهذا لا يحدث عادةً مع المبالغ المُدخلة في النظام؛ تواصل مع الدعم الفني وأرسل رقم الفاتورة.';
const VAT_SETUP_EN =
  'Check the VAT type of the services and products on the invoice (standard 15 %, zero-rated, exempt or out of scope) and the reason for any non-standard one.';
const VAT_SETUP_AR =
  'راجع نوع الضريبة للخدمات والمنتجات في الفاتورة (أساسية بنسبة ١٥٪ أو خاضعة للنسبة الصفرية أو معفاة أو خارج النطاق) وسبب الإعفاء لكل بند غير خاضع للنسبة الأساسية.';

export const EXPLANATIONS: Readonly<Record<string, Explanation>> = {
  // ---- our own checks and the authority's API codes ----
  'invalid-invoice-hash': e(
    'The invoice was changed after it was signed: its fingerprint (hash) no longer matches its content.',
    'عُدِّلت الفاتورة بعد توقيعها، فلم تعد بصمتها الرقمية مطابقة لمحتواها.',
    'Do not edit issued invoices. Issue a credit note or a debit note instead; if you did not edit it, contact support.',
    'لا تُعدِّل فاتورة صادرة، بل أصدر إشعارًا دائنًا أو مدينًا؛ وإن لم تعدّلها فتواصل مع الدعم الفني.',
  ),
  'invalid-signature': e(
    "The invoice's electronic signature does not match the device certificate.",
    'التوقيع الإلكتروني للفاتورة لا يطابق شهادة الجهاز.',
    'Check that the device (cashier) is onboarded with a valid certificate; renew it in the e-invoicing settings if needed.',
    'تأكد من ربط الجهاز (نقطة البيع) بشهادة سارية، وجدّدها من إعدادات الفوترة الإلكترونية عند الحاجة.',
  ),
  'invalid-signed-properties-digest': e(
    'The signing details (time and certificate) inside the signature were altered.',
    'عُدِّلت بيانات التوقيع (وقت التوقيع والشهادة) داخل الفاتورة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'invalid-certificate-digest': e(
    'The signature refers to a different certificate than the one embedded in the invoice.',
    'يشير التوقيع إلى شهادة غير الشهادة المضمّنة في الفاتورة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'invalid-certificate-issuer': e(
    "The certificate issuer written in the signature is not the certificate's issuer.",
    'جهة إصدار الشهادة المكتوبة في التوقيع لا تطابق الجهة الفعلية.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'invalid-certificate-serial': e(
    "The certificate serial number written in the signature is not the certificate's.",
    'الرقم التسلسلي للشهادة المكتوب في التوقيع لا يطابق الشهادة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'invalid-certificate': e(
    'The certificate in the invoice cannot be read.',
    'تعذّرت قراءة الشهادة المضمّنة في الفاتورة.',
    'Onboard the device again from the e-invoicing settings to obtain a new certificate.',
    'أعد ربط الجهاز من إعدادات الفوترة الإلكترونية للحصول على شهادة جديدة.',
  ),
  'missing-signature': e(
    'The invoice is not signed.',
    'الفاتورة غير موقّعة.',
    'Check that the device is onboarded (connected) in the e-invoicing settings, then issue the invoice again.',
    'تأكد من أن الجهاز مربوط بالمنصة في إعدادات الفوترة الإلكترونية، ثم أعد إصدار الفاتورة.',
  ),
  'missing-qr': e(
    'The invoice has no QR code.',
    'لا تحتوي الفاتورة على رمز الاستجابة السريعة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'invalid-qr-code': e(
    "The invoice's QR code does not match the invoice (seller, date, totals or signature).",
    'رمز الاستجابة السريعة لا يطابق بيانات الفاتورة (البائع أو التاريخ أو المجاميع أو التوقيع).',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'invalid-xml': e(
    'The invoice file is damaged and cannot be read.',
    'ملف الفاتورة تالف ولا يمكن قراءته.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'invalid-icv': e(
    "The invoice counter of this device skipped or repeated a number: every device's invoices must be numbered 1, 2, 3… without gaps.",
    'تخطّى عدّاد فواتير هذا الجهاز رقمًا أو كرّره، ويجب أن تُرقَّم فواتير كل جهاز تسلسليًا دون فجوات.',
    'Do not delete or re-create invoices. Contact support: the chain of this device must be repaired before more invoices are sent.',
    'لا تحذف الفواتير ولا تُعِد إنشاءها، وتواصل مع الدعم الفني لإصلاح تسلسل هذا الجهاز قبل إرسال فواتير أخرى.',
  ),
  'invalid-pih': e(
    "The invoice does not carry the previous invoice's fingerprint: the chain of this device's invoices is broken.",
    'لا تحمل الفاتورة بصمة الفاتورة السابقة لها، فانقطعت سلسلة فواتير هذا الجهاز.',
    'Contact support with the device name; invoices of one device must be sent in the order they were issued.',
    'تواصل مع الدعم الفني وأرسل اسم الجهاز؛ إذ يجب إرسال فواتير الجهاز الواحد بترتيب إصدارها.',
  ),
  // the local Fatoora simulator's submission checks (main: platform/src/fatoora/simulator.ts)
  'invalid-uuid': e(
    'The identifier sent with the invoice is not the one written in it.',
    'المعرّف المرسل مع الفاتورة لا يطابق المعرّف المكتوب فيها.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'invalid-invoice-type': e(
    'A standard (business) invoice was sent for reporting or a simplified one for clearance.',
    'أُرسلت فاتورة ضريبية (للمنشآت) للإبلاغ أو فاتورة مبسّطة للاعتماد، والصحيح عكس ذلك.',
    'Check whether the customer is a business with a VAT number (standard invoice) or a consumer (simplified invoice), then issue the invoice again.',
    'تحقّق مما إذا كان العميل منشأة لها رقم ضريبي (فاتورة ضريبية) أو فردًا (فاتورة مبسّطة)، ثم أعد إصدار الفاتورة.',
  ),
  'invalid-clearance-status': e(
    'The clearance request was sent without the clearance switch the authority expects.',
    'أُرسل طلب الاعتماد دون مؤشر الاعتماد الذي تشترطه الهيئة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'already-submitted': e(
    'The authority already received this invoice; nothing more is needed.',
    'استلمت الهيئة هذه الفاتورة من قبل، ولا يلزم أي إجراء آخر.',
    'Nothing to fix.',
    'لا يلزم أي تعديل.',
  ),
  'uuid-conflict': e(
    'Another invoice with the same identifier was already sent with different content.',
    'أُرسلت من قبل فاتورة أخرى بالمعرّف نفسه ومحتوى مختلف.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  XSD: e(
    'The invoice file does not follow the required electronic invoice structure.',
    'لا يتبع ملف الفاتورة البنية المعتمدة للفاتورة الإلكترونية.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),

  // ---- identification, counter, hash, QR, signature ----
  'BR-KSA-03': e(
    'The invoice has no unique identifier (UUID).',
    'لا تحتوي الفاتورة على المعرّف الفريد.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-02': e('The invoice has no invoice number.', 'لا تحتوي الفاتورة على رقم.', SUPPORT_EN, SUPPORT_AR),
  'BR-KSA-33': e(
    'The invoice has no invoice counter value.',
    'لا تحتوي الفاتورة على قيمة عدّاد الفواتير.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-34': e(
    'The invoice counter must contain digits only.',
    'يجب أن يتكوّن عدّاد الفواتير من أرقام فقط.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-61': e(
    "The invoice does not carry the previous invoice's fingerprint (hash).",
    'لا تحمل الفاتورة بصمة الفاتورة السابقة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-26': e(
    "The previous invoice's fingerprint is not in the required form.",
    'بصمة الفاتورة السابقة ليست بالصيغة المطلوبة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-27': e(
    'The invoice has no valid QR code.',
    'لا تحتوي الفاتورة على رمز استجابة سريعة صالح.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-CL-KSA-14': e(
    'The QR code is too long.',
    'رمز الاستجابة السريعة أطول من الحد المسموح.',
    'Shorten the salon name in the e-invoicing settings.',
    'اختصر اسم المنشأة في إعدادات الفوترة الإلكترونية.',
  ),
  'BR-KSA-28': e(
    'The electronic signature block is not in the required form.',
    'بيانات التوقيع الإلكتروني ليست بالصيغة المطلوبة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-29': e(
    'The electronic signature block is not in the required form.',
    'بيانات التوقيع الإلكتروني ليست بالصيغة المطلوبة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-30': e(
    'The electronic signature method is not the required one.',
    'طريقة التوقيع الإلكتروني ليست الطريقة المعتمدة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-60': e(
    'A simplified invoice must be electronically signed.',
    'يجب توقيع الفاتورة المبسّطة إلكترونيًا.',
    'Check that the device is onboarded in the e-invoicing settings.',
    'تأكد من ربط الجهاز بالمنصة في إعدادات الفوترة الإلكترونية.',
  ),

  // ---- document type, dates ----
  'BR-KSA-05': e(
    'The document type is not invoice, credit note or debit note.',
    'نوع المستند ليس فاتورة ولا إشعارًا دائنًا ولا إشعارًا مدينًا.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-04': e('The document type is missing.', 'نوع المستند غير موجود.', SUPPORT_EN, SUPPORT_AR),
  'BR-CL-01': e(
    'The document type code is not allowed.',
    'رمز نوع المستند غير مسموح به.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-06': e(
    'The invoice subtype (standard for businesses, simplified for consumers) is missing or malformed.',
    'نوع الفاتورة الفرعي (ضريبية للمنشآت أو مبسّطة للأفراد) مفقود أو غير صحيح.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-EN16931-01': e(
    'The business process must be "reporting".',
    'يجب أن تكون عملية الأعمال هي الإبلاغ.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-03': e('The invoice has no issue date.', 'لا تحتوي الفاتورة على تاريخ إصدار.', SUPPORT_EN, SUPPORT_AR),
  'BR-KSA-04': e(
    'The issue date is in the future.',
    'تاريخ إصدار الفاتورة في المستقبل.',
    "Check the date and time zone of the device and of the salon's settings.",
    'راجع تاريخ الجهاز وإعداد المنطقة الزمنية للمنشأة.',
  ),
  'BR-KSA-70': e(
    'The invoice has no issue time, or it is not in the form hh:mm:ss.',
    'وقت إصدار الفاتورة مفقود أو ليس بالصيغة ساعة:دقيقة:ثانية.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-F-01': e(
    'A date is not in the form year-month-day.',
    'أحد التواريخ ليس بالصيغة سنة-شهر-يوم.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-98': e(
    'This simplified invoice was reported more than 24 hours after it was issued. The authority accepts it with a warning.',
    'أُبلِغ عن هذه الفاتورة المبسّطة بعد أكثر من أربع وعشرين ساعة من إصدارها، وقد قبلتها الهيئة مع تحذير.',
    'Keep the system connected to the internet so that invoices are reported within 24 hours; use "report now" for pending ones.',
    'أبقِ النظام متصلًا بالإنترنت ليُبلَّغ عن الفواتير خلال أربع وعشرين ساعة، واستخدم زر «أبلغ الآن» للفواتير المعلّقة.',
  ),
  'BR-KSA-15': e(
    'A standard (business) tax invoice must show the supply date.',
    'يجب أن تتضمن الفاتورة الضريبية (للمنشآت) تاريخ التوريد.',
    'Enter the date the service was provided, then issue the invoice again.',
    'أدخل تاريخ تقديم الخدمة، ثم أعد إصدار الفاتورة.',
  ),
  'BR-KSA-35': e(
    'A supply end date is given without a supply date.',
    'ذُكر تاريخ انتهاء التوريد دون تاريخ التوريد.',
    'Enter the supply start date too.',
    'أدخل تاريخ بداية التوريد أيضًا.',
  ),
  'BR-KSA-36': e(
    'The supply end date is before the supply date.',
    'تاريخ انتهاء التوريد يسبق تاريخ التوريد.',
    'Correct the supply dates.',
    'صحّح تاريخي التوريد.',
  ),

  // ---- seller ----
  'BR-KSA-39': e(
    'The salon VAT number is missing.',
    'الرقم الضريبي للمنشأة غير موجود.',
    SETTINGS_EN,
    SETTINGS_AR,
  ),
  'BR-KSA-40': e(
    'The salon VAT number must have 15 digits, starting and ending with 3.',
    'يجب أن يتكوّن الرقم الضريبي للمنشأة من خمسة عشر رقمًا، يبدأ بالرقم ٣ وينتهي به.',
    SETTINGS_EN,
    SETTINGS_AR,
  ),
  'BR-06': e('The salon name is missing.', 'اسم المنشأة غير موجود.', SETTINGS_EN, SETTINGS_AR),
  'BR-08': e('The salon address is missing.', 'عنوان المنشأة غير موجود.', SETTINGS_EN, SETTINGS_AR),
  'BR-09': e('The salon country is missing.', 'دولة المنشأة غير محددة.', SETTINGS_EN, SETTINGS_AR),
  'BR-KSA-08': e(
    'The salon must be identified once by its commercial registration (or another accepted licence) number.',
    'يجب تعريف المنشأة مرة واحدة برقم السجل التجاري أو رقم ترخيص آخر معتمد.',
    'Enter the commercial registration number in the e-invoicing settings.',
    'أدخل رقم السجل التجاري في إعدادات الفوترة الإلكترونية.',
  ),
  'BR-KSA-F-08': e(
    'The commercial registration number looks wrong (it must be 10 digits).',
    'يبدو رقم السجل التجاري غير صحيح، إذ يجب أن يتكوّن من عشرة أرقام.',
    'Check the commercial registration number (salon settings or customer details).',
    'راجع رقم السجل التجاري في إعدادات المنشأة أو في بيانات العميل.',
  ),
  'BR-KSA-F-13': e(
    'An identification number contains characters that are not allowed.',
    'يحتوي أحد أرقام الهوية على رموز غير مسموح بها.',
    'Use digits and letters only in identification numbers.',
    'استخدم الأرقام والحروف فقط في أرقام الهوية.',
  ),
  'BR-KSA-09': e(
    'The salon address must include street, building number, postal code, city and district.',
    'يجب أن يتضمن عنوان المنشأة اسم الشارع ورقم المبنى والرمز البريدي والمدينة والحي.',
    SETTINGS_EN,
    SETTINGS_AR,
  ),
  'BR-KSA-37': e(
    'The salon building number must have 4 digits.',
    'يجب أن يتكوّن رقم مبنى المنشأة من أربعة أرقام.',
    SETTINGS_EN,
    SETTINGS_AR,
  ),
  'BR-KSA-66': e(
    'The salon postal code must have 5 digits.',
    'يجب أن يتكوّن الرمز البريدي للمنشأة من خمسة أرقام.',
    SETTINGS_EN,
    SETTINGS_AR,
  ),
  'BR-CUSTOM-VALIDATION-01': e(
    "The customer's VAT number is the salon's own VAT number.",
    'الرقم الضريبي للعميل هو نفسه الرقم الضريبي للمنشأة.',
    CUSTOMER_EN,
    CUSTOMER_AR,
  ),

  // ---- buyer (standard invoices) ----
  'BR-KSA-42': e(
    'A standard (business) tax invoice must show the customer name.',
    'يجب أن تتضمن الفاتورة الضريبية (للمنشآت) اسم العميل.',
    CUSTOMER_EN,
    CUSTOMER_AR,
  ),
  'BR-KSA-44': e(
    "The customer's VAT number must have 15 digits, starting and ending with 3.",
    'يجب أن يتكوّن الرقم الضريبي للعميل من خمسة عشر رقمًا، يبدأ بالرقم ٣ وينتهي به.',
    CUSTOMER_EN,
    CUSTOMER_AR,
  ),
  'BR-KSA-99': e(
    "The customer's VAT number looks wrong.",
    'يبدو الرقم الضريبي للعميل غير صحيح.',
    CUSTOMER_EN,
    CUSTOMER_AR,
  ),
  'BR-KSA-14': e(
    'A customer without a VAT number must be identified by an accepted document (commercial registration, national id, iqama, passport…).',
    'يجب تعريف العميل غير المسجل في ضريبة القيمة المضافة بوثيقة معتمدة (السجل التجاري أو الهوية الوطنية أو الإقامة أو جواز السفر وغيرها).',
    CUSTOMER_EN,
    CUSTOMER_AR,
  ),
  'BR-KSA-81': e(
    'A standard (business) tax invoice needs the customer VAT number or another identification number.',
    'تتطلب الفاتورة الضريبية (للمنشآت) الرقم الضريبي للعميل أو رقم تعريف آخر له.',
    CUSTOMER_EN,
    CUSTOMER_AR,
  ),
  'BR-KSA-63': e(
    'For a customer in Saudi Arabia, the address must include street, building number, postal code, city and district.',
    'للعميل المقيم في المملكة يجب أن يتضمن العنوان اسم الشارع ورقم المبنى والرمز البريدي والمدينة والحي.',
    CUSTOMER_EN,
    CUSTOMER_AR,
  ),
  'BR-KSA-67': e(
    "The customer's postal code must have 5 digits.",
    'يجب أن يتكوّن الرمز البريدي للعميل من خمسة أرقام.',
    CUSTOMER_EN,
    CUSTOMER_AR,
  ),
  'BR-KSA-10': e(
    'For a customer outside Saudi Arabia, the address must include at least street, city and country.',
    'للعميل خارج المملكة يجب أن يتضمن العنوان اسم الشارع والمدينة والدولة على الأقل.',
    CUSTOMER_EN,
    CUSTOMER_AR,
  ),
  'BR-10': e("The customer's address is missing.", 'عنوان العميل غير موجود.', CUSTOMER_EN, CUSTOMER_AR),
  'BR-KSA-49': e(
    'Private education or health exemptions need the customer national id.',
    'يتطلب إعفاء التعليم أو الصحة الخاصة رقم الهوية الوطنية للعميل.',
    'Enter the customer national id, or choose another VAT reason.',
    'أدخل رقم الهوية الوطنية للعميل، أو اختر سببًا ضريبيًا آخر.',
  ),
  'BR-CL-14': e(
    'A country code is not valid.',
    'رمز الدولة غير صحيح.',
    'Choose the country from the list.',
    'اختر الدولة من القائمة.',
  ),

  // ---- credit and debit notes ----
  'BR-KSA-17': e(
    'A credit or debit note must state the reason it was issued.',
    'يجب أن يتضمن الإشعار الدائن أو المدين سبب إصداره.',
    'Enter the reason (for example: service cancelled, price corrected), then issue the note again.',
    'أدخل السبب (مثل إلغاء الخدمة أو تصحيح السعر)، ثم أعد إصدار الإشعار.',
  ),
  'BR-KSA-56': e(
    'A credit or debit note must refer to the number of the original invoice.',
    'يجب أن يشير الإشعار الدائن أو المدين إلى رقم الفاتورة الأصلية.',
    'Issue the note from the original invoice so that its number is referenced.',
    'أصدر الإشعار من الفاتورة الأصلية ليُشار إلى رقمها.',
  ),
  'BR-55': e(
    'The reference to the original invoice is empty.',
    'مرجع الفاتورة الأصلية فارغ.',
    'Issue the note from the original invoice.',
    'أصدر الإشعار من الفاتورة الأصلية.',
  ),
  'BR-KSA-F-06-C22': e(
    'The original invoice reference is too long.',
    'مرجع الفاتورة الأصلية أطول من المسموح.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),

  // ---- currency ----
  'BR-05': e('The invoice currency is missing.', 'عملة الفاتورة غير محددة.', SUPPORT_EN, SUPPORT_AR),
  'BR-KSA-68': e('The tax currency is missing.', 'عملة الضريبة غير محددة.', SUPPORT_EN, SUPPORT_AR),
  'BR-KSA-EN16931-02': e(
    'The tax currency must be the Saudi riyal.',
    'يجب أن تكون عملة الضريبة الريال السعودي.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-CL-01': e('The currency code is not valid.', 'رمز العملة غير صحيح.', SUPPORT_EN, SUPPORT_AR),
  'BR-KSA-CL-02': e(
    'All amounts must be in the invoice currency.',
    'يجب أن تكون جميع المبالغ بعملة الفاتورة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-CL-03': e('A currency code is not valid.', 'رمز العملة غير صحيح.', SUPPORT_EN, SUPPORT_AR),
  'BR-CL-04': e(
    'The invoice currency code is not valid.',
    'رمز عملة الفاتورة غير صحيح.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-CL-05': e('The tax currency code is not valid.', 'رمز عملة الضريبة غير صحيح.', SUPPORT_EN, SUPPORT_AR),
  'BR-KSA-CL-03': e(
    'An attachment type is not allowed.',
    'نوع أحد المرفقات غير مسموح به.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),

  // ---- payment ----
  'BR-KSA-16': e(
    'The payment method is not one of the accepted codes (cash, card, bank transfer…).',
    'طريقة الدفع ليست من الرموز المعتمدة (نقدًا أو بالبطاقة أو بالتحويل البنكي وغيرها).',
    'Choose the payment method from the list.',
    'اختر طريقة الدفع من القائمة.',
  ),
  'BR-CL-16': e(
    'The payment method code is not valid.',
    'رمز طريقة الدفع غير صحيح.',
    'Choose the payment method from the list.',
    'اختر طريقة الدفع من القائمة.',
  ),
  'BR-49': e(
    'The payment method is missing.',
    'طريقة الدفع غير محددة.',
    'Choose the payment method.',
    'اختر طريقة الدفع.',
  ),

  // ---- lines ----
  'BR-16': e(
    'The invoice has no lines.',
    'لا تحتوي الفاتورة على أي بند.',
    'Add at least one service or product.',
    'أضف خدمة أو منتجًا واحدًا على الأقل.',
  ),
  'BR-21': e('An invoice line has no line number.', 'أحد بنود الفاتورة بلا رقم.', SUPPORT_EN, SUPPORT_AR),
  'BR-KSA-F-06-C17': e(
    'An invoice line number is too long.',
    'رقم أحد بنود الفاتورة أطول من المسموح.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-22': e(
    'An invoice line has no quantity.',
    'أحد بنود الفاتورة بلا كمية.',
    'Enter the quantity of each service or product.',
    'أدخل كمية كل خدمة أو منتج.',
  ),
  'BR-24': e('An invoice line has no net amount.', 'أحد بنود الفاتورة بلا مبلغ صافٍ.', AMOUNTS_EN, AMOUNTS_AR),
  'BR-25': e(
    'An invoice line has no name.',
    'أحد بنود الفاتورة بلا اسم.',
    'Give every service and product a name in the catalogue.',
    'سمِّ كل خدمة ومنتج في قائمة الخدمات.',
  ),
  'BR-KSA-F-C-01': e(
    'An item name is unclear; the authority requires a clear description.',
    'اسم أحد البنود غير واضح، والهيئة تشترط وصفًا واضحًا.',
    'Rename the service or product in the catalogue with a clear description.',
    'غيّر اسم الخدمة أو المنتج في القائمة إلى وصف واضح.',
  ),
  'BR-26': e(
    'An invoice line has no price.',
    'أحد بنود الفاتورة بلا سعر.',
    'Enter the price of each service or product.',
    'أدخل سعر كل خدمة أو منتج.',
  ),
  'BR-41': e(
    'A line discount has no amount.',
    'خصم أحد البنود بلا مبلغ.',
    'Enter the discount amount or remove the discount.',
    'أدخل مبلغ الخصم أو احذفه.',
  ),
  'BR-KSA-EN16931-11': e(
    'A line total is not quantity × price − discount.',
    'إجمالي أحد البنود لا يساوي الكمية مضروبة في السعر مطروحًا منها الخصم.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-KSA-F-04': e(
    'Amounts and quantities must be positive.',
    'يجب أن تكون المبالغ والكميات موجبة.',
    'Use a credit note for refunds instead of negative amounts.',
    'استخدم إشعارًا دائنًا للاسترداد بدلًا من المبالغ السالبة.',
  ),
  'BR-KSA-F-02': e(
    'A discount or charge is marked the wrong way.',
    'أحد الخصومات أو الرسوم مُعلَّم بصورة خاطئة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-52': e(
    'A line of a standard tax invoice has no VAT amount.',
    'أحد بنود الفاتورة الضريبية بلا مبلغ ضريبة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-53': e(
    'A line of a standard tax invoice has no amount with VAT.',
    'أحد بنود الفاتورة الضريبية بلا مبلغ شامل للضريبة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-KSA-51': e(
    'A line amount with VAT is not its net amount plus its VAT.',
    'المبلغ الشامل للضريبة لأحد البنود لا يساوي صافيه مضافًا إليه ضريبته.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),

  // ---- VAT categories and reasons ----
  'BR-KSA-18': e(
    'A VAT type is not one of standard, zero-rated, exempt or out of scope.',
    'نوع الضريبة ليس أساسيًا ولا صفريًا ولا معفى ولا خارج النطاق.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-CL-18': e('A VAT type code is not valid.', 'رمز نوع الضريبة غير صحيح.', VAT_SETUP_EN, VAT_SETUP_AR),
  'BR-CO-04': e(
    'An invoice line has no VAT type.',
    'أحد بنود الفاتورة بلا نوع ضريبة.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-KSA-84': e(
    'The standard VAT rate must be 15 % (or 5 %).',
    'يجب أن تكون النسبة الأساسية للضريبة ١٥٪ (أو ٥٪).',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-KSA-DEC-02': e(
    'A VAT rate must be between 0 and 100 with at most two decimals.',
    'يجب أن تكون نسبة الضريبة بين صفر ومئة وبمنزلتين عشريتين على الأكثر.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-KSA-11': e(
    'An out-of-scope line must have a VAT rate of 0.',
    'يجب أن تكون نسبة الضريبة صفرًا للبند الخارج عن نطاق الضريبة.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-S-05': e(
    'A standard-rated line must have a VAT rate above 0.',
    'يجب أن تكون نسبة الضريبة أكبر من صفر للبند الخاضع للنسبة الأساسية.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-Z-05': e(
    'A zero-rated line must have a VAT rate of 0.',
    'يجب أن تكون نسبة الضريبة صفرًا للبند الخاضع للنسبة الصفرية.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-E-05': e(
    'An exempt line must have a VAT rate of 0.',
    'يجب أن تكون نسبة الضريبة صفرًا للبند المعفى.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-S-06': e(
    'A standard-rated discount must have a VAT rate above 0.',
    'يجب أن تكون نسبة الضريبة أكبر من صفر للخصم الخاضع للنسبة الأساسية.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-Z-06': e(
    'A zero-rated discount must have a VAT rate of 0.',
    'يجب أن تكون نسبة الضريبة صفرًا للخصم الخاضع للنسبة الصفرية.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-E-06': e(
    'An exempt discount must have a VAT rate of 0.',
    'يجب أن تكون نسبة الضريبة صفرًا للخصم المعفى.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-KSA-12': e(
    'An out-of-scope discount must have a VAT rate of 0.',
    'يجب أن تكون نسبة الضريبة صفرًا للخصم الخارج عن النطاق.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-KSA-CL-04': e(
    'A zero-rated or exempt amount needs an accepted reason code.',
    'يتطلب المبلغ الخاضع للنسبة الصفرية أو المعفى رمز سبب معتمدًا.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-KSA-23': e(
    'An exempt amount needs the reason for the exemption.',
    'يتطلب المبلغ المعفى ذكر سبب الإعفاء.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-KSA-69': e(
    'A zero-rated amount needs the reason for the zero rate.',
    'يتطلب المبلغ الخاضع للنسبة الصفرية ذكر سبب ذلك.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-KSA-24': e(
    'An out-of-scope amount needs the reason it is outside VAT.',
    'يتطلب المبلغ الخارج عن نطاق الضريبة ذكر سبب ذلك.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-KSA-83': e(
    'The reason text of a zero-rated, exempt or out-of-scope amount does not match its reason code.',
    'نص سبب الإعفاء أو النسبة الصفرية أو عدم الخضوع لا يطابق رمز السبب.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-S-10': e(
    'A standard-rated amount must not carry an exemption reason.',
    'يجب ألا يحمل المبلغ الخاضع للنسبة الأساسية سبب إعفاء.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-S-01': e(
    'The VAT breakdown for standard-rated items is missing.',
    'تفصيل الضريبة للبنود الخاضعة للنسبة الأساسية غير موجود.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-Z-01': e(
    'The VAT breakdown for zero-rated items is missing.',
    'تفصيل الضريبة للبنود الخاضعة للنسبة الصفرية غير موجود.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-E-01': e(
    'The VAT breakdown for exempt items is missing.',
    'تفصيل الضريبة للبنود المعفاة غير موجود.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-O-01': e(
    'The VAT breakdown for out-of-scope items is missing.',
    'تفصيل الضريبة للبنود الخارجة عن النطاق غير موجود.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),

  // ---- totals ----
  'BR-CO-18': e(
    'The invoice has no VAT breakdown.',
    'لا تحتوي الفاتورة على تفصيل للضريبة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-45': e(
    'A VAT breakdown has no taxable amount.',
    'أحد تفاصيل الضريبة بلا مبلغ خاضع.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-46': e(
    'A VAT breakdown has no VAT amount.',
    'أحد تفاصيل الضريبة بلا مبلغ ضريبة.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-47': e('A VAT breakdown has no VAT type.', 'أحد تفاصيل الضريبة بلا نوع ضريبة.', SUPPORT_EN, SUPPORT_AR),
  'BR-48': e('A VAT breakdown has no VAT rate.', 'أحد تفاصيل الضريبة بلا نسبة.', SUPPORT_EN, SUPPORT_AR),
  'BR-CO-17': e(
    'A VAT amount is not its taxable amount × rate, rounded to the halala.',
    'مبلغ الضريبة لا يساوي المبلغ الخاضع مضروبًا في النسبة مقرَّبًا إلى الهللة.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-S-08': e(
    'The standard-rated taxable amount does not match the lines.',
    'المبلغ الخاضع للنسبة الأساسية لا يطابق البنود.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-S-09': e(
    'The standard-rated VAT amount is not taxable amount × rate.',
    'ضريبة المبلغ الخاضع للنسبة الأساسية لا تساوي المبلغ مضروبًا في النسبة.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-Z-08': e(
    'The zero-rated taxable amount does not match the lines.',
    'المبلغ الخاضع للنسبة الصفرية لا يطابق البنود.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-E-08': e(
    'The exempt taxable amount does not match the lines.',
    'المبلغ المعفى لا يطابق البنود.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-O-08': e(
    'The out-of-scope amount does not match the lines.',
    'المبلغ الخارج عن النطاق لا يطابق البنود.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-Z-09': e(
    'Zero-rated amounts must carry no VAT.',
    'يجب ألا تُحتسب ضريبة على المبالغ الخاضعة للنسبة الصفرية.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-E-09': e(
    'Exempt amounts must carry no VAT.',
    'يجب ألا تُحتسب ضريبة على المبالغ المعفاة.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-O-09': e(
    'Out-of-scope amounts must carry no VAT.',
    'يجب ألا تُحتسب ضريبة على المبالغ الخارجة عن النطاق.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
  'BR-CO-10': e('The sum of the lines is wrong.', 'مجموع البنود غير صحيح.', AMOUNTS_EN, AMOUNTS_AR),
  'BR-CO-11': e(
    'The total of document discounts is wrong.',
    'إجمالي خصومات الفاتورة غير صحيح.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-CO-13': e(
    'The total without VAT is not lines − discounts.',
    'الإجمالي غير الشامل للضريبة لا يساوي مجموع البنود مطروحًا منه الخصومات.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-CO-14': e(
    'The invoice VAT total is not the sum of the VAT per type.',
    'إجمالي ضريبة الفاتورة لا يساوي مجموع الضريبة لكل نوع.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-CO-15': e(
    'The total with VAT is not total without VAT + VAT.',
    'الإجمالي الشامل للضريبة لا يساوي الإجمالي غير الشامل مضافًا إليه الضريبة.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-CO-16': e(
    'The amount due is not total with VAT − amount paid in advance.',
    'المبلغ المستحق لا يساوي الإجمالي الشامل للضريبة مطروحًا منه المبلغ المدفوع مقدمًا.',
    AMOUNTS_EN,
    AMOUNTS_AR,
  ),
  'BR-13': e(
    'The total without VAT is missing.',
    'الإجمالي غير الشامل للضريبة غير موجود.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-14': e('The total with VAT is missing.', 'الإجمالي الشامل للضريبة غير موجود.', SUPPORT_EN, SUPPORT_AR),
  'BR-15': e('The amount due is missing.', 'المبلغ المستحق غير موجود.', SUPPORT_EN, SUPPORT_AR),
  'BR-KSA-EN16931-08': e(
    'The VAT total with its breakdown must appear exactly once.',
    'يجب أن يرد إجمالي الضريبة مع تفصيله مرة واحدة فقط.',
    SUPPORT_EN,
    SUPPORT_AR,
  ),
  'BR-31': e(
    'A document discount has no amount.',
    'أحد خصومات الفاتورة بلا مبلغ.',
    'Enter the discount amount or remove it.',
    'أدخل مبلغ الخصم أو احذفه.',
  ),
  'BR-32': e(
    'A document discount has no VAT type.',
    'أحد خصومات الفاتورة بلا نوع ضريبة.',
    VAT_SETUP_EN,
    VAT_SETUP_AR,
  ),
};

/**
 * Error rules of the two Schematron files left to the generic explanation on purpose: they concern
 * data the salon product never generates (prepayments, B2G contracts, exports, self-billing,
 * summary invoices, foreign currencies, charges, price-level allowances, item attributes).
 */
export const GENERIC_RULE_IDS: readonly string[] = [
  'BR-KSA-92', // B2G contract id
  'BR-KSA-74', // prepayment document type
  'BR-KSA-82', // prepayment lines
  'BR-KSA-72', // summary invoices
  'BR-KSA-31', // self-billing / export on simplified
  'BR-KSA-07', // self-billing export
  'BR-KSA-DEC-01', // allowance percentage
  'BR-KSA-EN16931-06', // price-level charge
  'BR-KSA-EN16931-12', // base quantity
  'BR-KSA-EN16931-07', // gross price
  'BR-KSA-88', // source currency
  'BR-KSA-89', // target currency
  'BR-KSA-90', // exchange rate
  'BR-CO-12', // document charges
  'BR-Z-07', // zero-rated document charge
  'BR-E-07', // exempt document charge
  'BR-S-07', // standard document charge
  'BR-O-07', // out-of-scope document charge
  'BR-54', // item attributes
  'BR-36', // document charge amount
  'BR-37', // document charge VAT type
  'BR-43', // line charge amount
];

export function genericExplanation(id: string, authorityText?: string): Explanation {
  return {
    en: `The tax authority's rule ${id} was not met${authorityText ? `: ${authorityText}` : '.'}`,
    ar: `لم تستوفِ الفاتورة إحدى قواعد هيئة الزكاة والضريبة والجمارك (${id}).`,
    fix_en: 'Contact support with the invoice number and this rule; we will tell you what to change.',
    fix_ar: 'تواصل مع الدعم الفني وأرسل رقم الفاتورة ورمز القاعدة، وسنوضح لك ما يلزم تعديله.',
  };
}

/** The explanation of a rule id or error code; the generic bilingual one when it has none. */
export function explain(id: string, authorityText?: string): Explanation & { id: string; generic: boolean } {
  const hit = EXPLANATIONS[id] ?? EXPLANATIONS[id.toLowerCase()];
  return hit
    ? { id, generic: false, ...hit }
    : { id, generic: true, ...genericExplanation(id, authorityText) };
}
