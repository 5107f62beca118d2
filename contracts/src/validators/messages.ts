/**
 * Validation messages for Polyglot (react-admin's i18n): the field label arrives as %{field}, the rule's
 * params as %{min}, %{max}, %{other}... Keys here are the issue keys without their `validation.` prefix.
 */
const en = {
  is_required: '%{field} is required',
  invalid_value: '%{field} is invalid',
  should_be_a_number: '%{field} should be a number',
  should_be_an_integer: '%{field} should be a whole number',
  should_be_more_than_or_equal_to: '%{field} should be more than or equal to %{min}',
  should_be_less_than_or_equal_to: '%{field} should be less than or equal to %{max}',
  less_than_or_equal_current_quantity:
    '%{field} should be less than or equal to the current quantity (%{max})',
  no_leading_zeros: '%{field} should not start with extra zeros',
  max_decimals: '%{field} can have at most %{decimals} decimal places',
  multiple_of: '%{field} should be a multiple of %{value}',
  percentage_cannot_be_zero_when_active: '%{field} cannot be zero when it is active',
  percentage_must_be_zero_when_disabled: '%{field} must be zero when it is disabled',
  digits_only: '%{field} should contain digits only',
  letters_only: '%{field} should contain Arabic or English letters only',
  english_text: '%{field} should contain English letters only',
  english_text_with_numbers: '%{field} should contain English letters and numbers only',
  arabic_text: '%{field} should contain Arabic letters only',
  arabic_text_with_numbers: '%{field} should contain Arabic letters and numbers only',
  arabic_or_english_text: '%{field} should be Arabic or English text',
  arabic_or_english_text_with_numbers: '%{field} should contain Arabic or English letters and numbers only',
  alias_name: '%{field} may contain only English letters (a-z, A-Z) and digits (0-9)',
  service_name:
    '%{field} may contain only Arabic or English letters, digits, spaces and the symbols - ( ) | \\ (no emoji)',
  customer_search_mixed: '%{field} should be either text or digits, not a mix of both',
  should_be_a_date: '%{field} should be a date (YYYY-MM-DD)',
  should_be_a_time: '%{field} should be a time (HH:mm)',
  date_in_future: '%{field} cannot be in the future',
  same_as: '%{field} should match %{other}',
  after: '%{field} should be after %{other}',
  after_or_equal: '%{field} should be after or equal to %{other}',
  before_or_equal: '%{field} should be before or equal to %{other}',
  max_length: '%{field} should not be more than %{max} characters',
  min_length: '%{field} should not be less than %{min} characters',
  exact_length: '%{field} should be exactly %{length} characters',
  is_email_field: '%{field} should be a valid email address',
  saudi_tax_number: '%{field} should start with 3 and end with 3',
  latin_text:
    '%{field} should be written in English letters, digits and punctuation (the tax authority reads no other)',
  trn_length: '%{field} should be exactly %{length} characters',
  telephone_prefix: '%{field} should start with + or 00',
  whatsapp_no_prefix: '%{field} should not start with + or 00',
  mobile_prefix_required: 'The country code of %{field} is required (for example 966)',
  mobile_length: '%{field} should have %{digits} digits after the country code %{code}',
  mobile_max_length: '%{field} should have at most %{digits} digits after the country code %{code}',
  unsafe_characters:
    '%{field} contains hidden characters that change the direction of the text, or a broken character; remove them and type it again',
} as const satisfies Record<string, string>;

export type MessageName = keyof typeof en;

// "حقل %{field}" and "عدد أحرف %{field}" keep the sentences grammatical whatever the label's gender or number.
const ar: Record<MessageName, string> = {
  is_required: 'حقل %{field} مطلوب',
  invalid_value: 'قيمة حقل %{field} غير صالحة',
  should_be_a_number: 'يجب أن يكون حقل %{field} رقمًا',
  should_be_an_integer: 'يجب أن يكون حقل %{field} عددًا صحيحًا',
  should_be_more_than_or_equal_to: 'يجب أن يكون حقل %{field} أكبر من أو يساوي %{min}',
  should_be_less_than_or_equal_to: 'يجب أن يكون حقل %{field} أقل من أو يساوي %{max}',
  less_than_or_equal_current_quantity: 'يجب أن يكون حقل %{field} أقل من أو يساوي الكمية الحالية (%{max})',
  no_leading_zeros: 'يجب ألا يبدأ حقل %{field} بأصفار زائدة',
  max_decimals: 'الحد الأقصى للمنازل العشرية في حقل %{field} هو %{decimals}',
  multiple_of: 'يجب أن يكون حقل %{field} من مضاعفات %{value}',
  percentage_cannot_be_zero_when_active: 'لا يمكن أن تكون قيمة حقل %{field} صفرًا عند التفعيل',
  percentage_must_be_zero_when_disabled: 'يجب أن تكون قيمة حقل %{field} صفرًا عند التعطيل',
  digits_only: 'يجب أن يحتوي حقل %{field} على أرقام فقط',
  letters_only: 'يجب أن يحتوي حقل %{field} على حروف عربية أو إنجليزية فقط',
  english_text: 'يجب أن يحتوي حقل %{field} على حروف إنجليزية فقط',
  english_text_with_numbers: 'يجب أن يحتوي حقل %{field} على حروف إنجليزية وأرقام فقط',
  arabic_text: 'يجب أن يحتوي حقل %{field} على حروف عربية فقط',
  arabic_text_with_numbers: 'يجب أن يحتوي حقل %{field} على حروف عربية وأرقام فقط',
  arabic_or_english_text: 'يجب أن يكون حقل %{field} نصًا عربيًا أو إنجليزيًا',
  arabic_or_english_text_with_numbers: 'يجب أن يحتوي حقل %{field} على حروف عربية أو إنجليزية وأرقام فقط',
  alias_name: 'يجب أن يحتوي حقل %{field} على حروف إنجليزية (a-z, A-Z) وأرقام (0-9) فقط',
  service_name:
    'يجب أن يقتصر حقل %{field} على الحروف العربية أو الإنجليزية والأرقام والمسافات والرموز - ( ) | \\ دون رموز تعبيرية',
  customer_search_mixed: 'يجب أن يكون حقل %{field} نصًا أو أرقامًا، لا مزيجًا منهما',
  should_be_a_date: 'يجب أن يكون حقل %{field} تاريخًا صحيحًا (سنة-شهر-يوم)',
  should_be_a_time: 'يجب أن يكون حقل %{field} وقتًا صحيحًا (ساعة:دقيقة)',
  date_in_future: 'لا يمكن أن يكون حقل %{field} تاريخًا مستقبليًا',
  same_as: 'يجب أن يكون حقل %{field} مطابقًا لحقل %{other}',
  after: 'يجب أن يكون حقل %{field} بعد %{other}',
  after_or_equal: 'يجب أن يكون حقل %{field} بعد %{other} أو مساويًا له',
  before_or_equal: 'يجب أن يكون حقل %{field} قبل %{other} أو مساويًا له',
  max_length: 'يجب ألا يزيد عدد أحرف حقل %{field} على %{max}',
  min_length: 'يجب ألا يقل عدد أحرف حقل %{field} عن %{min}',
  exact_length: 'يجب أن يكون عدد أحرف حقل %{field} %{length} بالضبط',
  is_email_field: 'يجب أن يكون حقل %{field} بريدًا إلكترونيًا صالحًا',
  saudi_tax_number: 'يجب أن يبدأ حقل %{field} بالرقم 3 وينتهي بالرقم 3',
  latin_text:
    'يجب أن يُكتب حقل %{field} بحروف إنجليزية وأرقام وعلامات ترقيم فقط (لا تقبل هيئة الزكاة والضريبة والجمارك غيرها هنا)',
  trn_length: 'يجب أن يتكون حقل %{field} من %{length} خانة بالضبط',
  telephone_prefix: 'يجب أن يبدأ حقل %{field} بـ + أو 00',
  whatsapp_no_prefix: 'يجب ألا يبدأ حقل %{field} بـ + أو 00',
  mobile_prefix_required: 'رمز الدولة في حقل %{field} مطلوب (مثل 966)',
  mobile_length: 'يجب أن يتكون %{field} من %{digits} أرقام بعد رمز الدولة \u2066%{code}\u2069',
  mobile_max_length: 'يجب ألا يزيد %{field} على %{digits} أرقام بعد رمز الدولة \u2066%{code}\u2069',
  unsafe_characters:
    'يحتوي حقل %{field} على رموز خفية تغيّر اتجاه النص أو على حرف تالف؛ يرجى حذفها وكتابته من جديد',
};

export const validationMessages: {
  en: { validation: Record<MessageName, string> };
  ar: { validation: Record<MessageName, string> };
} = { en: { validation: en }, ar: { validation: ar } };

/** Every key a rule in this folder can report, with its `validation.` prefix. */
export const VALIDATION_KEYS: readonly string[] = Object.keys(en).map((name) => `validation.${name}`);
