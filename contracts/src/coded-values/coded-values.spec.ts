import {
  AppointmentStatus,
  AppointmentStatusSchema,
  CHART_ACCOUNT_SUBTYPE_MAIN_TYPE,
  ChartAccountKind,
  ChartAccountMainType,
  ChartAccountSubtype,
  CODED_VALUE_NAMES,
  codedValues,
  codeLabelKey,
  codeName,
  codeOptions,
  codeSchema,
  COUNTRIES,
  COUNTRY_LIST,
  CountryId,
  CountryIdSchema,
  countryOf,
  CURRENCY_INFO,
  Gender,
  GenderSchema,
  isCode,
  PaymentGatewayStatus,
  paymentGatewayOutcome,
  PaymentMethodSchema,
  StockOperationType,
  UNKNOWN_CODE_LABEL_KEY,
  VatType,
} from './index';

describe('countries', () => {
  it('has the five countries of settings with their codes, currencies and zones', () => {
    expect(COUNTRY_LIST.map((c) => [c.id, c.isoCode, c.currency, c.currencyDecimals, c.timeZone])).toEqual([
      [1, 'SA', 'SAR', 2, 'Asia/Riyadh'],
      [2, 'AE', 'AED', 2, 'Asia/Dubai'],
      [3, 'KW', 'KWD', 3, 'Asia/Kuwait'],
      [4, 'OM', 'OMR', 3, 'Asia/Muscat'],
      [6, 'BH', 'BHD', 3, 'Asia/Bahrain'],
    ]);
  });

  it('carries dialling prefixes, mobile lengths, names and Arabic currency symbols', () => {
    expect(COUNTRY_LIST.map((c) => c.diallingPrefix)).toEqual(['966', '971', '965', '968', '973']);
    expect(COUNTRY_LIST.map((c) => c.mobileDigits)).toEqual([9, 9, 8, 8, 8]);
    expect(COUNTRY_LIST.map((c) => c.arabicCurrencySymbol)).toEqual(['ر.س', 'د.إ', 'د.ك', 'ر.ع.', 'د.ب']);
    expect(COUNTRIES[CountryId.ksa].englishName).toBe('Saudi Arabia');
    expect(COUNTRIES[CountryId.oman].arabicName).toBe('سلطنة عُمان');
    for (const c of COUNTRY_LIST) expect(c.currencyDecimals).toBe(CURRENCY_INFO[c.currency].decimals);
  });

  it('rejects country 5, which the product does not use', () => {
    expect(CountryIdSchema.safeParse(5).success).toBe(false);
    expect(CountryIdSchema.safeParse(6).success).toBe(true);
    expect(() => countryOf(5)).toThrow(RangeError);
    expect(countryOf(6).key).toBe('bahrain');
  });
});

describe('enumerations', () => {
  it('keep the numbers of the spec', () => {
    expect(Gender).toEqual({ male: 1, female: 2, business: 3, not_specific: 4 });
    expect(VatType).toEqual({ standard: 1, no_tax: 2, exempt: 3, zero_rated: 4 });
    expect(AppointmentStatus).toEqual({ cancelled: 0, scheduled: 1, check_in: 2 });
    expect(codedValues.socialChannel.google_review).toBe(8);
    expect(codedValues.weekday.sunday).toBe(0);
    expect(codedValues.weekday.saturday).toBe(6);
    expect(codedValues.campaignStatus.completed).toBe(5);
    expect(codedValues.discountCodeCategory.selected_products).toBe(6);
    expect(codedValues.failedLoginType.disallowed_country).toBe(4);
    expect(codedValues.eInvoiceEnvironment.production).toBe(3);
    expect(codedValues.advancedAccountingStatus.wizard_done).toBe(2);
    expect(StockOperationType.invoice_return).toBe(6);
  });

  it('have the counts the spec states for the chart of accounts', () => {
    expect(Object.keys(ChartAccountMainType)).toHaveLength(6);
    expect(Object.keys(ChartAccountSubtype)).toHaveLength(15);
    expect(Object.keys(ChartAccountKind)).toHaveLength(32);
  });

  it('place every subtype under a main type, in the order of the spec', () => {
    const underAssets = Object.values(ChartAccountSubtype).filter(
      (s) => CHART_ACCOUNT_SUBTYPE_MAIN_TYPE[s] === ChartAccountMainType.assets,
    );
    expect(underAssets).toEqual([1, 2, 3, 4, 5]);
    for (const s of Object.values(ChartAccountSubtype)) {
      expect(Object.values(ChartAccountMainType)).toContain(CHART_ACCOUNT_SUBTYPE_MAIN_TYPE[s]);
    }
  });

  it('have unique numbers within each enumeration', () => {
    for (const name of CODED_VALUE_NAMES) {
      const values = Object.values(codedValues[name]);
      expect(new Set(values).size).toBe(values.length);
      for (const v of values) expect(Number.isInteger(v)).toBe(true);
    }
  });

  it('map payment gateway codes to the three outcomes of the spec', () => {
    const outcomes = Object.values(PaymentGatewayStatus).map((s) => [s, paymentGatewayOutcome(s)]);
    expect(Object.fromEntries(outcomes)).toEqual({
      1: 'pending',
      2: 'pending',
      3: 'failed',
      4: 'failed',
      5: 'paid',
      6: 'failed',
    });
  });
});

describe('schemas', () => {
  it('accept the numbers of the enumeration and nothing else', () => {
    expect(GenderSchema.parse(2)).toBe(2);
    expect(GenderSchema.safeParse(0).success).toBe(false);
    expect(GenderSchema.safeParse('female').success).toBe(false);
    expect(GenderSchema.safeParse('2').success).toBe(false);
    expect(AppointmentStatusSchema.safeParse(0).success).toBe(true);
    expect(PaymentMethodSchema.safeParse(11).success).toBe(false);
  });

  it('codeSchema builds the same schema for any registered enumeration', () => {
    for (const name of CODED_VALUE_NAMES) {
      const schema = codeSchema(name);
      for (const v of Object.values(codedValues[name])) expect(schema.safeParse(v).success).toBe(true);
      expect(schema.safeParse(99).success).toBe(false);
    }
  });
});

describe('labels and options', () => {
  it('builds label keys from the code name', () => {
    expect(codeLabelKey('gender', Gender.male)).toBe('codes.gender.male');
    expect(codeLabelKey('appointmentStatus', 0)).toBe('codes.appointmentStatus.cancelled');
    expect(codeLabelKey('country', 6)).toBe('codes.country.bahrain');
    expect(codeLabelKey('gender', 42)).toBe(UNKNOWN_CODE_LABEL_KEY);
  });

  it('looks names up and recognises codes', () => {
    expect(codeName('paymentMethod', 8)).toBe('tamara');
    expect(codeName('paymentMethod', 0)).toBeUndefined();
    expect(isCode('vatType', 3)).toBe(true);
    expect(isCode('vatType', 5)).toBe(false);
    expect(isCode('vatType', '3')).toBe(false);
  });

  it('lists select options in declaration order', () => {
    expect(codeOptions('gender')).toEqual([
      { id: 1, name: 'codes.gender.male' },
      { id: 2, name: 'codes.gender.female' },
      { id: 3, name: 'codes.gender.business' },
      { id: 4, name: 'codes.gender.not_specific' },
    ]);
    expect(codeOptions('rating').map((o) => o.id)).toEqual([5, 4, 3, 2, 1]);
    for (const name of CODED_VALUE_NAMES) {
      expect(codeOptions(name)).toHaveLength(Object.keys(codedValues[name]).length);
    }
  });
});
