/** The e-invoicing context's messages (keys `einvoicing.*`), in both languages. */
export const einvoicingMessages = {
  en: {
    einvoicing: {
      saudi_only: 'E-invoicing with ZATCA is for salons in Saudi Arabia',
      otp_refused:
        'The tax authority refused this one-time password: it is wrong, already used or older than an hour. Get a new one from the Fatoora portal.',
      authority_unavailable:
        'The tax authority’s e-invoicing service did not answer. Nothing was changed; try again in a few minutes.',
      csid_refused: 'The tax authority refused the device’s certificate request: %{reason}',
      device_cancelled: 'This e-invoicing device was cancelled; connect a new one',
      device_incomplete: 'This device’s onboarding is incomplete; connect it again',
      not_connected: 'This device is not connected to the tax authority yet',
      not_reported_yet: 'This document has not been reported to the tax authority yet',
      already_accepted: 'The tax authority already accepted this document',
      xml_file_not_exist: 'XML file does not exist',
      not_cleared_yet: 'A tax invoice is printed only once ZATCA has cleared it',
      there_is_no_xml_for_this_record: 'There is no XML for this record',
      failed_to_report: 'Failed to report to the tax authority',
      failed_to_generate_tax_files: 'Failed to generate the tax files',
    },
  },
  ar: {
    einvoicing: {
      saudi_only:
        'الفوترة الإلكترونية مع هيئة الزكاة والضريبة والجمارك خاصة بالصالونات في المملكة العربية السعودية',
      otp_refused:
        'رفضت هيئة الزكاة والضريبة والجمارك رمز التحقق هذا: إما أنه خاطئ أو استُخدم من قبل أو مضى عليه أكثر من ساعة. احصل على رمز جديد من بوابة فاتورة.',
      authority_unavailable:
        'لم تستجب خدمة الفوترة الإلكترونية لدى هيئة الزكاة والضريبة والجمارك. لم يتغير شيء؛ حاول مرة أخرى بعد دقائق.',
      csid_refused: 'رفضت هيئة الزكاة والضريبة والجمارك طلب شهادة الجهاز: %{reason}',
      device_cancelled: 'أُلغي جهاز الفوترة الإلكترونية هذا؛ اربط جهازًا جديدًا',
      device_incomplete: 'لم يكتمل ربط هذا الجهاز؛ اربطه من جديد',
      not_connected: 'هذا الجهاز غير مرتبط بهيئة الزكاة والضريبة والجمارك بعد',
      not_reported_yet: 'لم يُبلَّغ عن هذا المستند إلى هيئة الزكاة والضريبة والجمارك بعد',
      already_accepted: 'قبلت هيئة الزكاة والضريبة والجمارك هذا المستند من قبل',
      xml_file_not_exist: 'ملف الفاتورة الإلكترونية غير موجود',
      not_cleared_yet: 'لا تُطبع الفاتورة الضريبية إلا بعد اعتمادها من هيئة الزكاة والضريبة والجمارك',
      there_is_no_xml_for_this_record: 'لا يوجد ملف فاتورة إلكترونية لهذا السجل',
      failed_to_report: 'تعذّر الإبلاغ إلى هيئة الزكاة والضريبة والجمارك',
      failed_to_generate_tax_files: 'تعذّر إنشاء الملفات الضريبية',
    },
  },
} as const;
