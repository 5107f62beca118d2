import type { Locale } from '../coded-values/locale';

/**
 * Countries for the customer's "nationality" and "country of residency" selects: the 193 UN member states,
 * the two observer states (Palestine, Vatican City), and Hong Kong, Macao and Taiwan, which issue their own
 * passports. Kosovo is left out: it has no ISO 3166-1 numeric code to serve as its id.
 *
 * `id` is the ISO 3166-1 numeric code, so it never changes when names or order change; it is not the
 * product's settings `CountryId` (1 KSA, 2 UAE...), which only covers the countries a salon can be in.
 * No zod and no Node APIs here: the booking site bundles this file.
 */
export type Nationality = {
  /** ISO 3166-1 numeric (Bahrain's "048" is 48). */
  id: number;
  /** ISO 3166-1 alpha-2. */
  iso2: string;
  english_name: string;
  arabic_name: string;
};

type Row = readonly [id: number, iso2: string, englishName: string, arabicName: string];

/** The six Gulf Cooperation Council states, in the order of the settings countries, then Qatar. */
const GCC_ROWS: readonly Row[] = [
  [682, 'SA', 'Saudi Arabia', 'المملكة العربية السعودية'],
  [784, 'AE', 'United Arab Emirates', 'الإمارات العربية المتحدة'],
  [414, 'KW', 'Kuwait', 'الكويت'],
  [512, 'OM', 'Oman', 'سلطنة عُمان'],
  [48, 'BH', 'Bahrain', 'البحرين'],
  [634, 'QA', 'Qatar', 'قطر'],
];

/** Everyone else, alphabetical in English. */
const OTHER_ROWS: readonly Row[] = [
  [4, 'AF', 'Afghanistan', 'أفغانستان'],
  [8, 'AL', 'Albania', 'ألبانيا'],
  [12, 'DZ', 'Algeria', 'الجزائر'],
  [20, 'AD', 'Andorra', 'أندورا'],
  [24, 'AO', 'Angola', 'أنغولا'],
  [28, 'AG', 'Antigua and Barbuda', 'أنتيغوا وباربودا'],
  [32, 'AR', 'Argentina', 'الأرجنتين'],
  [51, 'AM', 'Armenia', 'أرمينيا'],
  [36, 'AU', 'Australia', 'أستراليا'],
  [40, 'AT', 'Austria', 'النمسا'],
  [31, 'AZ', 'Azerbaijan', 'أذربيجان'],
  [44, 'BS', 'Bahamas', 'جزر البهاما'],
  [50, 'BD', 'Bangladesh', 'بنغلاديش'],
  [52, 'BB', 'Barbados', 'باربادوس'],
  [112, 'BY', 'Belarus', 'بيلاروس'],
  [56, 'BE', 'Belgium', 'بلجيكا'],
  [84, 'BZ', 'Belize', 'بليز'],
  [204, 'BJ', 'Benin', 'بنين'],
  [64, 'BT', 'Bhutan', 'بوتان'],
  [68, 'BO', 'Bolivia', 'بوليفيا'],
  [70, 'BA', 'Bosnia and Herzegovina', 'البوسنة والهرسك'],
  [72, 'BW', 'Botswana', 'بوتسوانا'],
  [76, 'BR', 'Brazil', 'البرازيل'],
  [96, 'BN', 'Brunei', 'بروناي'],
  [100, 'BG', 'Bulgaria', 'بلغاريا'],
  [854, 'BF', 'Burkina Faso', 'بوركينا فاسو'],
  [108, 'BI', 'Burundi', 'بوروندي'],
  [132, 'CV', 'Cabo Verde', 'الرأس الأخضر'],
  [116, 'KH', 'Cambodia', 'كمبوديا'],
  [120, 'CM', 'Cameroon', 'الكاميرون'],
  [124, 'CA', 'Canada', 'كندا'],
  [140, 'CF', 'Central African Republic', 'جمهورية أفريقيا الوسطى'],
  [148, 'TD', 'Chad', 'تشاد'],
  [152, 'CL', 'Chile', 'تشيلي'],
  [156, 'CN', 'China', 'الصين'],
  [170, 'CO', 'Colombia', 'كولومبيا'],
  [174, 'KM', 'Comoros', 'جزر القمر'],
  [178, 'CG', 'Congo', 'جمهورية الكونغو'],
  [188, 'CR', 'Costa Rica', 'كوستاريكا'],
  [384, 'CI', "Côte d'Ivoire", 'ساحل العاج'],
  [191, 'HR', 'Croatia', 'كرواتيا'],
  [192, 'CU', 'Cuba', 'كوبا'],
  [196, 'CY', 'Cyprus', 'قبرص'],
  [203, 'CZ', 'Czechia', 'التشيك'],
  [180, 'CD', 'Democratic Republic of the Congo', 'جمهورية الكونغو الديمقراطية'],
  [208, 'DK', 'Denmark', 'الدنمارك'],
  [262, 'DJ', 'Djibouti', 'جيبوتي'],
  [212, 'DM', 'Dominica', 'دومينيكا'],
  [214, 'DO', 'Dominican Republic', 'جمهورية الدومينيكان'],
  [218, 'EC', 'Ecuador', 'الإكوادور'],
  [818, 'EG', 'Egypt', 'مصر'],
  [222, 'SV', 'El Salvador', 'السلفادور'],
  [226, 'GQ', 'Equatorial Guinea', 'غينيا الاستوائية'],
  [232, 'ER', 'Eritrea', 'إريتريا'],
  [233, 'EE', 'Estonia', 'إستونيا'],
  [748, 'SZ', 'Eswatini', 'إسواتيني'],
  [231, 'ET', 'Ethiopia', 'إثيوبيا'],
  [242, 'FJ', 'Fiji', 'فيجي'],
  [246, 'FI', 'Finland', 'فنلندا'],
  [250, 'FR', 'France', 'فرنسا'],
  [266, 'GA', 'Gabon', 'الغابون'],
  [270, 'GM', 'Gambia', 'غامبيا'],
  [268, 'GE', 'Georgia', 'جورجيا'],
  [276, 'DE', 'Germany', 'ألمانيا'],
  [288, 'GH', 'Ghana', 'غانا'],
  [300, 'GR', 'Greece', 'اليونان'],
  [308, 'GD', 'Grenada', 'غرينادا'],
  [320, 'GT', 'Guatemala', 'غواتيمالا'],
  [324, 'GN', 'Guinea', 'غينيا'],
  [624, 'GW', 'Guinea-Bissau', 'غينيا بيساو'],
  [328, 'GY', 'Guyana', 'غيانا'],
  [332, 'HT', 'Haiti', 'هايتي'],
  [340, 'HN', 'Honduras', 'هندوراس'],
  [344, 'HK', 'Hong Kong', 'هونغ كونغ'],
  [348, 'HU', 'Hungary', 'المجر'],
  [352, 'IS', 'Iceland', 'آيسلندا'],
  [356, 'IN', 'India', 'الهند'],
  [360, 'ID', 'Indonesia', 'إندونيسيا'],
  [364, 'IR', 'Iran', 'إيران'],
  [368, 'IQ', 'Iraq', 'العراق'],
  [372, 'IE', 'Ireland', 'أيرلندا'],
  [376, 'IL', 'Israel', 'إسرائيل'],
  [380, 'IT', 'Italy', 'إيطاليا'],
  [388, 'JM', 'Jamaica', 'جامايكا'],
  [392, 'JP', 'Japan', 'اليابان'],
  [400, 'JO', 'Jordan', 'الأردن'],
  [398, 'KZ', 'Kazakhstan', 'كازاخستان'],
  [404, 'KE', 'Kenya', 'كينيا'],
  [296, 'KI', 'Kiribati', 'كيريباتي'],
  [417, 'KG', 'Kyrgyzstan', 'قيرغيزستان'],
  [418, 'LA', 'Laos', 'لاوس'],
  [428, 'LV', 'Latvia', 'لاتفيا'],
  [422, 'LB', 'Lebanon', 'لبنان'],
  [426, 'LS', 'Lesotho', 'ليسوتو'],
  [430, 'LR', 'Liberia', 'ليبيريا'],
  [434, 'LY', 'Libya', 'ليبيا'],
  [438, 'LI', 'Liechtenstein', 'ليختنشتاين'],
  [440, 'LT', 'Lithuania', 'ليتوانيا'],
  [442, 'LU', 'Luxembourg', 'لوكسمبورغ'],
  [446, 'MO', 'Macao', 'ماكاو'],
  [450, 'MG', 'Madagascar', 'مدغشقر'],
  [454, 'MW', 'Malawi', 'مالاوي'],
  [458, 'MY', 'Malaysia', 'ماليزيا'],
  [462, 'MV', 'Maldives', 'جزر المالديف'],
  [466, 'ML', 'Mali', 'مالي'],
  [470, 'MT', 'Malta', 'مالطا'],
  [584, 'MH', 'Marshall Islands', 'جزر مارشال'],
  [478, 'MR', 'Mauritania', 'موريتانيا'],
  [480, 'MU', 'Mauritius', 'موريشيوس'],
  [484, 'MX', 'Mexico', 'المكسيك'],
  [583, 'FM', 'Micronesia', 'ميكرونيزيا'],
  [498, 'MD', 'Moldova', 'مولدوفا'],
  [492, 'MC', 'Monaco', 'موناكو'],
  [496, 'MN', 'Mongolia', 'منغوليا'],
  [499, 'ME', 'Montenegro', 'الجبل الأسود'],
  [504, 'MA', 'Morocco', 'المغرب'],
  [508, 'MZ', 'Mozambique', 'موزمبيق'],
  [104, 'MM', 'Myanmar', 'ميانمار'],
  [516, 'NA', 'Namibia', 'ناميبيا'],
  [520, 'NR', 'Nauru', 'ناورو'],
  [524, 'NP', 'Nepal', 'نيبال'],
  [528, 'NL', 'Netherlands', 'هولندا'],
  [554, 'NZ', 'New Zealand', 'نيوزيلندا'],
  [558, 'NI', 'Nicaragua', 'نيكاراغوا'],
  [562, 'NE', 'Niger', 'النيجر'],
  [566, 'NG', 'Nigeria', 'نيجيريا'],
  [408, 'KP', 'North Korea', 'كوريا الشمالية'],
  [807, 'MK', 'North Macedonia', 'مقدونيا الشمالية'],
  [578, 'NO', 'Norway', 'النرويج'],
  [586, 'PK', 'Pakistan', 'باكستان'],
  [585, 'PW', 'Palau', 'بالاو'],
  [275, 'PS', 'Palestine', 'فلسطين'],
  [591, 'PA', 'Panama', 'بنما'],
  [598, 'PG', 'Papua New Guinea', 'بابوا غينيا الجديدة'],
  [600, 'PY', 'Paraguay', 'باراغواي'],
  [604, 'PE', 'Peru', 'بيرو'],
  [608, 'PH', 'Philippines', 'الفلبين'],
  [616, 'PL', 'Poland', 'بولندا'],
  [620, 'PT', 'Portugal', 'البرتغال'],
  [642, 'RO', 'Romania', 'رومانيا'],
  [643, 'RU', 'Russia', 'روسيا'],
  [646, 'RW', 'Rwanda', 'رواندا'],
  [659, 'KN', 'Saint Kitts and Nevis', 'سانت كيتس ونيفيس'],
  [662, 'LC', 'Saint Lucia', 'سانت لوسيا'],
  [670, 'VC', 'Saint Vincent and the Grenadines', 'سانت فنسنت والغرينادين'],
  [882, 'WS', 'Samoa', 'ساموا'],
  [674, 'SM', 'San Marino', 'سان مارينو'],
  [678, 'ST', 'São Tomé and Príncipe', 'ساو تومي وبرينسيب'],
  [686, 'SN', 'Senegal', 'السنغال'],
  [688, 'RS', 'Serbia', 'صربيا'],
  [690, 'SC', 'Seychelles', 'سيشل'],
  [694, 'SL', 'Sierra Leone', 'سيراليون'],
  [702, 'SG', 'Singapore', 'سنغافورة'],
  [703, 'SK', 'Slovakia', 'سلوفاكيا'],
  [705, 'SI', 'Slovenia', 'سلوفينيا'],
  [90, 'SB', 'Solomon Islands', 'جزر سليمان'],
  [706, 'SO', 'Somalia', 'الصومال'],
  [710, 'ZA', 'South Africa', 'جنوب أفريقيا'],
  [410, 'KR', 'South Korea', 'كوريا الجنوبية'],
  [728, 'SS', 'South Sudan', 'جنوب السودان'],
  [724, 'ES', 'Spain', 'إسبانيا'],
  [144, 'LK', 'Sri Lanka', 'سريلانكا'],
  [729, 'SD', 'Sudan', 'السودان'],
  [740, 'SR', 'Suriname', 'سورينام'],
  [752, 'SE', 'Sweden', 'السويد'],
  [756, 'CH', 'Switzerland', 'سويسرا'],
  [760, 'SY', 'Syria', 'سوريا'],
  [158, 'TW', 'Taiwan', 'تايوان'],
  [762, 'TJ', 'Tajikistan', 'طاجيكستان'],
  [834, 'TZ', 'Tanzania', 'تنزانيا'],
  [764, 'TH', 'Thailand', 'تايلاند'],
  [626, 'TL', 'Timor-Leste', 'تيمور الشرقية'],
  [768, 'TG', 'Togo', 'توغو'],
  [776, 'TO', 'Tonga', 'تونغا'],
  [780, 'TT', 'Trinidad and Tobago', 'ترينيداد وتوباغو'],
  [788, 'TN', 'Tunisia', 'تونس'],
  [792, 'TR', 'Türkiye', 'تركيا'],
  [795, 'TM', 'Turkmenistan', 'تركمانستان'],
  [798, 'TV', 'Tuvalu', 'توفالو'],
  [800, 'UG', 'Uganda', 'أوغندا'],
  [804, 'UA', 'Ukraine', 'أوكرانيا'],
  [826, 'GB', 'United Kingdom', 'المملكة المتحدة'],
  [840, 'US', 'United States', 'الولايات المتحدة الأمريكية'],
  [858, 'UY', 'Uruguay', 'الأوروغواي'],
  [860, 'UZ', 'Uzbekistan', 'أوزبكستان'],
  [548, 'VU', 'Vanuatu', 'فانواتو'],
  [336, 'VA', 'Vatican City', 'الفاتيكان'],
  [862, 'VE', 'Venezuela', 'فنزويلا'],
  [704, 'VN', 'Vietnam', 'فيتنام'],
  [887, 'YE', 'Yemen', 'اليمن'],
  [894, 'ZM', 'Zambia', 'زامبيا'],
  [716, 'ZW', 'Zimbabwe', 'زيمبابوي'],
];

const toNationality = ([id, iso2, english_name, arabic_name]: Row): Nationality => ({
  id,
  iso2,
  english_name,
  arabic_name,
});

/** Ids of the GCC states, in the order they lead every nationality select. */
export const GCC_NATIONALITY_IDS: readonly number[] = GCC_ROWS.map(([id]) => id);

/** Every nationality: the GCC states first, then the rest alphabetical in English. */
export const NATIONALITIES: readonly Nationality[] = [...GCC_ROWS, ...OTHER_ROWS].map(toNationality);

const byId = new Map(NATIONALITIES.map((n) => [n.id, n]));

export const isNationalityId = (value: unknown): value is number =>
  typeof value === 'number' && byId.has(value);

export const nationalityById = (id: number): Nationality | undefined => byId.get(id);

/** The nationality's name in the given language, or undefined for an id that is not in the list. */
export const nationalityName = (id: number, locale: Locale): string | undefined => {
  const n = byId.get(id);
  if (n === undefined) return undefined;
  return locale === 'ar' ? n.arabic_name : n.english_name;
};

export type NationalityOption = { id: number; name: string };

/**
 * Choices for a select, in one language: the GCC states first (in `GCC_NATIONALITY_IDS` order), then the
 * rest sorted by their name in that language.
 */
export const nationalityOptions = (locale: Locale): NationalityOption[] => {
  const option = (n: Nationality): NationalityOption => ({
    id: n.id,
    name: locale === 'ar' ? n.arabic_name : n.english_name,
  });
  const gcc = GCC_NATIONALITY_IDS.map((id) => option(byId.get(id) as Nationality));
  const collator = new Intl.Collator(locale);
  const rest = NATIONALITIES.filter((n) => !GCC_NATIONALITY_IDS.includes(n.id))
    .map(option)
    .sort((a, b) => collator.compare(a.name, b.name));
  return [...gcc, ...rest];
};
