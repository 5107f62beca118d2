import { PhoneNumberInput, type PhoneNumberInputProps } from '../forms/PhoneNumberInput';

/**
 * Numbers, e-mails and tax numbers read left to right in both languages (the `dir` attribute: a CSS
 * `direction` would be flipped by the RTL style plugin); the theme aligns them to the page's start side.
 */
export const ltrInput = { slotProps: { htmlInput: { dir: 'ltr' } } } as const;

/**
 * E-mail fields: the e-mail keyboard, but not type="email", whose browser check would speak the
 * browser's language and pre-empt the contracts' rule and its translated message.
 */
export const emailInput = {
  slotProps: { htmlInput: { dir: 'ltr', inputMode: 'email', autoComplete: 'email' } },
} as const;

/** The customer's mobile: the country-aware number field, the salon's code selected first. */
export const MobileInput = (props: PhoneNumberInputProps) => <PhoneNumberInput kind="mobile" {...props} />;
