import { z } from 'zod';
import { CountryId } from './countries';
import * as E from './enumerations';

/** Every enumeration by the name used in its message keys (`codes.<name>.<code name>`), so UIs can iterate. */
export const codedValues = {
  gender: E.Gender,
  socialChannel: E.SocialChannel,
  country: CountryId,
  weekday: E.Weekday,
  chartAccountMainType: E.ChartAccountMainType,
  chartAccountSubtype: E.ChartAccountSubtype,
  chartAccountKind: E.ChartAccountKind,
  vatType: E.VatType,
  customerPenaltyType: E.CustomerPenaltyType,
  productUsageType: E.ProductUsageType,
  salonType: E.SalonType,
  offerUseType: E.OfferUseType,
  appointmentStatus: E.AppointmentStatus,
  appointmentPaymentStatus: E.AppointmentPaymentStatus,
  appointmentSource: E.AppointmentSource,
  giftCardType: E.GiftCardType,
  giftCardStatus: E.GiftCardStatus,
  stockOperationType: E.StockOperationType,
  paymentStatus: E.PaymentStatus,
  managerPaymentStatus: E.ManagerPaymentStatus,
  paymentSource: E.PaymentSource,
  messagingConnectionStatus: E.MessagingConnectionStatus,
  packageStatus: E.PackageStatus,
  mainInstanceStatus: E.MainInstanceStatus,
  campaignStatus: E.CampaignStatus,
  campaignRecipientStatus: E.CampaignRecipientStatus,
  discountCodeCategory: E.DiscountCodeCategory,
  developmentSuggestionStatus: E.DevelopmentSuggestionStatus,
  accountRequestStatus: E.AccountRequestStatus,
  editProductRequestStatus: E.EditProductRequestStatus,
  mailSentStatus: E.MailSentStatus,
  failedLoginType: E.FailedLoginType,
  paymentGatewayStatus: E.PaymentGatewayStatus,
  paymentGatewayType: E.PaymentGatewayType,
  paymentGatewayPackageStatus: E.PaymentGatewayPackageStatus,
  expectedExpenseStatus: E.ExpectedExpenseStatus,
  eInvoiceSettingStatus: E.EInvoiceSettingStatus,
  eInvoiceEnvironment: E.EInvoiceEnvironment,
  eInvoiceReferenceType: E.EInvoiceReferenceType,
  advancedAccountingStatus: E.AdvancedAccountingStatus,
  paymentMethod: E.PaymentMethod,
  bookingSource: E.BookingSource,
  subscriptionType: E.SubscriptionType,
  rating: E.Rating,
  customerType: E.CustomerType,
} as const;

export type CodedValues = typeof codedValues;
export type CodedValueName = keyof CodedValues;
export type CodeNameOf<N extends CodedValueName> = keyof CodedValues[N] & string;
export type CodeOf<N extends CodedValueName> = CodedValues[N][CodeNameOf<N>];

export const CODED_VALUE_NAMES = Object.keys(codedValues) as CodedValueName[];

export const CODE_LABEL_PREFIX = 'codes';
/** Shown for a number that is not (or no longer) part of its enumeration, instead of a raw key. */
export const UNKNOWN_CODE_LABEL_KEY = `${CODE_LABEL_PREFIX}.unknown`;

const namesByValue: Record<string, Map<number, string>> = Object.fromEntries(
  CODED_VALUE_NAMES.map((name) => [
    name,
    new Map(Object.entries(codedValues[name]).map(([codeName, value]) => [value as number, codeName])),
  ]),
);

export const isCodedValueName = (name: string): name is CodedValueName =>
  Object.prototype.hasOwnProperty.call(codedValues, name);

export const isCode = <N extends CodedValueName>(enumName: N, value: unknown): value is CodeOf<N> =>
  typeof value === 'number' && namesByValue[enumName].has(value);

/** The code name of a number (`codeName('gender', 2) === 'female'`), or undefined when unknown. */
export const codeName = <N extends CodedValueName>(enumName: N, value: number): CodeNameOf<N> | undefined =>
  namesByValue[enumName].get(value) as CodeNameOf<N> | undefined;

/** Message key of a value's label: `codes.<enumeration>.<code name>`, or `codes.unknown`. */
export const codeLabelKey = <N extends CodedValueName>(enumName: N, value: number): string => {
  const name = codeName(enumName, value);
  return name === undefined ? UNKNOWN_CODE_LABEL_KEY : `${CODE_LABEL_PREFIX}.${enumName}.${name}`;
};

export type CodeOption<N extends CodedValueName = CodedValueName> = { id: CodeOf<N>; name: string };

/** Choices for a select input (react-admin `choices`), in declaration order; `name` is a message key. */
export const codeOptions = <N extends CodedValueName>(enumName: N): CodeOption<N>[] =>
  Object.entries(codedValues[enumName]).map(([name, id]) => ({
    id: id as CodeOf<N>,
    name: `${CODE_LABEL_PREFIX}.${enumName}.${name}`,
  }));

/** A zod schema accepting exactly the numbers of the named enumeration. */
export const codeSchema = <N extends CodedValueName>(enumName: N): z.ZodEnum<CodedValues[N]> =>
  z.enum(codedValues[enumName]) as unknown as z.ZodEnum<CodedValues[N]>;
