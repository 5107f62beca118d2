import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { streamName } from '../events/envelope';
import { PLATFORM_TENANT } from '../identity/events';
import { afterOrEqual } from '../validators/comparisons';
import { required, type Validator } from '../validators/core';
import { date } from '../validators/dates';
import { price } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { withFieldRule, withRule } from '../validators/zod';

/**
 * The contracts a salon signs with the platform (issue 27; doc1 manager `accounting/contracts`, public
 * `account-contract/{uniqueId}`, doc2 §5 "a signature is required before submitting a contract").
 *
 * The manager writes templates (English and Arabic text with `{placeholders}`); a contract is made from
 * one for a salon, its placeholders filled and its text frozen when it is sent (the sent text never
 * changes); the salon's owner opens the mailed link, draws her signature and signs; a PDF with the text,
 * the signature, who and when is stored. Sent → signed, or sent → cancelled (by the manager, unsigned only).
 */
export const CONTRACT_TEMPLATE_CATEGORY = 'contracttemplate';
export const CONTRACT_CATEGORY = 'contract';
export const contractTemplateStream = (id: string) =>
  streamName(CONTRACT_TEMPLATE_CATEGORY, PLATFORM_TENANT, id);
/** A contract lives in its salon's streams: the salon's audit log shows it, its backup holds it. */
export const contractStream = (tenantId: string, contractId: string) =>
  streamName(CONTRACT_CATEGORY, tenantId, contractId);

/** What a template's text may name, filled from the salon and the contract's terms. */
export const CONTRACT_PLACEHOLDERS = [
  'salon_name',
  'owner_name',
  'plan',
  'price',
  'start_date',
  'end_date',
  'account_id',
] as const;
export type ContractPlaceholder = (typeof CONTRACT_PLACEHOLDERS)[number];

export const CONTRACT_STATES = ['sent', 'signed', 'cancelled'] as const;
export type ContractState = (typeof CONTRACT_STATES)[number];
export const CONTRACT_LANGUAGES = ['en', 'ar'] as const;
export type ContractLanguage = (typeof CONTRACT_LANGUAGES)[number];
export const CONTRACT_PLANS = ['basic', 'advanced', 'premium'] as const;

/** The `{names}` a text holds that are not contract placeholders. */
export const unknownContractPlaceholders = (text: string): string[] => {
  const allowed: readonly string[] = CONTRACT_PLACEHOLDERS;
  const found = [...text.matchAll(/\{([^{}]*)\}/g)].map((m) => m[1]);
  return [...new Set(found.filter((name) => !allowed.includes(name)))];
};

/** A text with its `{placeholders}` filled in. */
export const fillContractText = (text: string, values: Record<ContractPlaceholder, string>): string =>
  text.replace(/\{(\w+)\}/g, (m, name: string) => values[name as ContractPlaceholder] ?? m);

const placeholdersKnown: Validator = (value) => {
  if (typeof value !== 'string') return undefined;
  const [unknown] = unknownContractPlaceholders(value);
  return unknown === undefined
    ? undefined
    : {
        key: 'contract.unknown_placeholder',
        params: {
          placeholder: `{${unknown}}`,
          allowed: CONTRACT_PLACEHOLDERS.map((p) => `{${p}}`).join(' '),
        },
      };
};

const title = withRule(z.string(), required, maxLength(200));
const body = withRule(z.string(), required, maxLength(20_000), placeholdersKnown);

/** A template as the manager writes it. */
export const contractTemplateInput = z.preprocess(
  cleanPayload,
  z.object({
    name: withRule(z.string(), required, maxLength(100)),
    title_en: title,
    title_ar: title,
    text_en: body,
    text_ar: body,
  }),
);
export type ContractTemplateInput = z.infer<typeof contractTemplateInput>;
export type ContractTemplate = ContractTemplateInput & { template_id: string };

const code = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v), schema);

/**
 * A contract for one salon as the manager makes it: the salon (its account id), the template, the
 * plan and its price for the period (a decimal in the salon's currency: its decimals are judged when
 * the salon is known), and the language it is written and signed in.
 */
export const contractInput = z.preprocess(
  cleanPayload,
  withFieldRule(
    z.object({
      account_id: code(z.number().int().min(1).max(999_999_999)),
      template_id: z.uuid(),
      language: z.enum(CONTRACT_LANGUAGES),
      plan: z.enum(CONTRACT_PLANS),
      price: z.preprocess(
        (v) => (typeof v === 'number' ? String(v) : v),
        withRule(z.string(), required, price({ max: 10_000_000 })),
      ),
      start_date: withRule(z.string(), required, date),
      end_date: withRule(z.string(), required, date),
    }),
    'end_date',
    (d) => afterOrEqual(d.start_date, 'start_date'),
  ),
);
export type ContractInput = z.infer<typeof contractInput>;

/** The manager's reason when she cancels a contract not yet signed. */
export const cancelContractInput = z.preprocess(
  cleanPayload,
  z.object({ reason: withRule(z.string(), required, maxLength(500)) }),
);

/** A drawn signature as the page sends it: a PNG data URL of at most this many bytes decoded. */
export const MAX_SIGNATURE_BYTES = 300_000;
const PNG_DATA_URL = /^data:image\/png;base64,([A-Za-z0-9+/]+={0,2})$/;

/** The bytes of a signature's data URL, or undefined when it is not a base64 PNG data URL. */
export const signatureBytes = (dataUrl: string): Uint8Array | undefined => {
  const m = PNG_DATA_URL.exec(dataUrl);
  if (!m) return undefined;
  const text = atob(m[1]);
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; i++) bytes[i] = text.charCodeAt(i);
  return bytes;
};

const signatureRule: Validator = (value) => {
  if (typeof value !== 'string' || value === '') return undefined;
  if (value.length > Math.ceil((MAX_SIGNATURE_BYTES * 4) / 3) + 40)
    return { key: 'contract.signature_too_large' };
  return signatureBytes(value) ? undefined : { key: 'contract.signature_invalid' };
};

/** The signing page's form: her name, "I agree", and the signature she drew. */
export const signContractInput = z.preprocess(
  cleanPayload,
  z.object({
    signer_name: withRule(z.string(), required, maxLength(100)),
    agree: z.preprocess(
      (v) => (v === 'true' || v === 1 ? true : v === 'false' || v === 0 ? false : v),
      z.boolean().refine((v) => v, { message: 'contract.must_agree' }),
    ),
    // the spec's rule: a signature is required before submitting a contract
    signature: withRule(z.string(), required, signatureRule),
  }),
);
export type SignContractInput = z.infer<typeof signContractInput>;

/** The terms a contract carries, in the salon's currency (minor units). */
export type ContractTerms = {
  plan: (typeof CONTRACT_PLANS)[number];
  price: number;
  currency: string;
  start_date: string;
  end_date: string;
};

export type ContractTemplateCreated = { type: 'ContractTemplateCreated'; data: ContractTemplate };
export type ContractTemplateChanged = {
  type: 'ContractTemplateChanged';
  data: Partial<ContractTemplateInput> & {
    template_id: string;
    previous: Partial<ContractTemplateInput>;
  };
};
export type ContractTemplateEvent = ContractTemplateCreated | ContractTemplateChanged;

/** Made and sent at once: the text is filled and frozen here, and never changes afterwards. */
export type ContractSent = {
  type: 'ContractSent';
  data: ContractTerms & {
    contract_id: string;
    /** the link's id (22 URL-safe characters): whoever holds the mailed link may read and sign */
    unique_id: string;
    account_id: number;
    template_id: string;
    language: ContractLanguage;
    title: string;
    text: string;
    /** sha-256 of title and text as sent: the PDF prints it, so a copy can be checked */
    text_sha256: string;
    salon_name: string;
    owner_name: string;
    /** the owner the link is mailed to (her address is read when it is mailed: it is not the salon's record) */
    owner_user_id: string;
  };
};
export type ContractMailResent = { type: 'ContractMailResent'; data: { contract_id: string } };
export type ContractCancelled = { type: 'ContractCancelled'; data: { contract_id: string; reason: string } };
export type ContractSigned = {
  type: 'ContractSigned';
  data: {
    contract_id: string;
    signer_name: string;
    signed_at: string;
    ip: string;
    user_agent: string;
    /** the drawn signature (PNG) and the signed PDF, in the salon's file store */
    signature_file_id: string;
    signature_sha256: string;
    pdf_file_id: string;
    pdf_sha256: string;
  };
};
export type ContractEvent = ContractSent | ContractMailResent | ContractCancelled | ContractSigned;

export const accountContractMessages = {
  en: {
    contract: {
      unknown_placeholder: 'Unknown placeholder %{placeholder}: a contract can use %{allowed}',
      template_not_found: 'This contract template does not exist',
      not_sent: 'This contract does not exist',
      already_signed: 'This contract is already signed',
      cancelled: 'This contract was cancelled: it can no longer be signed',
      already_cancelled: 'This contract is already cancelled',
      signed_cannot_be_cancelled: 'A signed contract cannot be cancelled',
      must_agree: 'Tick "I agree" to sign the contract',
      signature_invalid: 'Draw your signature before signing',
      signature_too_large: 'The signature is too large: clear it and draw it again',
      owner_has_no_email: 'The salon’s owner has no e-mail address to send the contract to',
      not_signed: 'The contract is not signed yet: there is no signed PDF',
    },
  },
  ar: {
    contract: {
      unknown_placeholder: 'عنصر غير معروف %{placeholder}: يمكن للعقد أن يستخدم %{allowed}',
      template_not_found: 'قالب العقد هذا غير موجود',
      not_sent: 'هذا العقد غير موجود',
      already_signed: 'هذا العقد موقّع بالفعل',
      cancelled: 'أُلغي هذا العقد: لم يعد من الممكن توقيعه',
      already_cancelled: 'هذا العقد ملغى بالفعل',
      signed_cannot_be_cancelled: 'لا يمكن إلغاء عقد موقّع',
      must_agree: 'ضعي علامة على "أوافق" لتوقيع العقد',
      signature_invalid: 'ارسمي توقيعك قبل التوقيع',
      signature_too_large: 'التوقيع كبير جدًا: امسحيه وارسميه من جديد',
      owner_has_no_email: 'لا يوجد لمالكة الصالون بريد إلكتروني لإرسال العقد إليه',
      not_signed: 'لم يُوقَّع العقد بعد: لا توجد نسخة موقّعة للتنزيل',
    },
  },
};
