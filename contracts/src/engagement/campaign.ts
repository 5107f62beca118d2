import { z } from 'zod';
import { cleanPayload } from '../customers/customer-input';
import { isBusinessDate } from '../dates/instants';
import { customerType } from '../customers/customer-type';
import { required } from '../validators/core';
import { integer } from '../validators/numbers';
import { maxLength } from '../validators/text';
import { withRule } from '../validators/zod';

/** A campaign's stream: `campaign-{tenant}.{campaign id}`. */
export const CAMPAIGN_CATEGORY = 'campaign';

/**
 * A campaign's states (doc1 §3, doc2 §4): temporary saved (a draft), pending (launched, its first
 * message not gone yet), sending, success, failed, disabled (for good), renewed (copied into a new
 * draft). Pending, sending, success and failed follow from its messages; the others from its events.
 */
export const CAMPAIGN_STATES = [
  'temporary_saved',
  'pending',
  'sending',
  'success',
  'failed',
  'disabled',
  'renewed',
] as const;
export type CampaignState = (typeof CAMPAIGN_STATES)[number];

/** doc2 §10's pacing: 30 to 90 s between messages, a 5 to 15 min pause after 100, a start about 10 min after launch. */
export const CAMPAIGN_PACING = {
  gapMs: [30_000, 90_000],
  pauseEvery: 100,
  pauseMs: [5 * 60_000, 15 * 60_000],
  startAfterMs: 10 * 60_000,
} as const;

/** The placeholders a campaign's message may hold, filled for each customer. */
export const CAMPAIGN_PLACEHOLDERS = ['name', 'salon'] as const;

const numberText = <T extends z.ZodType>(schema: T) =>
  z.preprocess((v) => (typeof v === 'number' ? String(v) : v), schema);
const date = withRule(z.string(), maxLength(10)).refine((v) => v === '' || isBusinessDate(v), {
  message: 'validation.should_be_a_date',
});

/** Ids of the menu's services or the shelf's products, as a list or comma-separated (a query string's). */
const itemIds = z.preprocess(
  (v) => (typeof v === 'string' ? v.split(',').filter(Boolean) : v),
  z
    .array(z.string().regex(/^[0-9a-f-]{36}$/, { message: 'validation.invalid_value' }))
    .max(50, { message: 'validation.invalid_value' }),
);

/** Who a campaign is for: every filter given must hold (doc1 §3 customer fields). */
export const campaignFiltersInput = z
  .object({
    customer_type: z.enum(['new', 'frequent', 'missed']).optional(),
    /** her last visit (invoice) before / on or after this day */
    last_visit_before: date.optional(),
    last_visit_after: date.optional(),
    gender: numberText(withRule(z.string(), integer({ min: 1, max: 2 }))).optional(),
    birth_month: numberText(withRule(z.string(), integer({ min: 1, max: 12 }))).optional(),
    /** at least this much in her wallet, minor units as text */
    min_wallet: numberText(withRule(z.string(), integer({ min: 0, max: 100_000_000 }))).optional(),
    /** she bought at least one of these services (on an invoice that counts) */
    services: itemIds.optional(),
    /** she bought at least one of these products */
    products: itemIds.optional(),
  })
  .strict();
export type CampaignFilters = z.infer<typeof campaignFiltersInput>;

/** Placeholders written `{name}`: only the known ones. */
const placeholdersKnown = (text: string) =>
  [...text.matchAll(/\{([^{}]*)\}/g)].every((m) =>
    (CAMPAIGN_PLACEHOLDERS as readonly string[]).includes(m[1]),
  );

/** A campaign's message with its `{placeholders}` filled in (the salon writes them so, not `%{...}`). */
export const fillCampaignText = (
  text: string,
  params: Record<(typeof CAMPAIGN_PLACEHOLDERS)[number], string>,
) =>
  text.replace(/\{([^{}]*)\}/g, (m, name: string) =>
    (CAMPAIGN_PLACEHOLDERS as readonly string[]).includes(name) ? params[name as 'name'] : m,
  );

/** `POST campaigns` / `PUT campaigns/{id}`: a draft (temporary saved). */
export const campaignInput = z.preprocess(
  cleanPayload,
  z.object({
    name: withRule(z.string(), required, maxLength(100)),
    message: withRule(z.string(), required, maxLength(1000)).refine(placeholdersKnown, {
      message: 'campaign.unknown_placeholder',
    }),
    filters: campaignFiltersInput.default({}),
    /** an image, a video or a PDF sent with the message (a file uploaded as an attachment, under 5 MB) */
    attachment_id: z
      .preprocess(
        (v) => (v === null || v === '' ? undefined : v),
        z.string().regex(/^[0-9a-f-]{36}$/, { message: 'campaign.attachment_not_found' }),
      )
      .optional(),
    /** the share of the audience kept back to measure what the campaign earned (0 to 50 %) */
    hold_out_percent: numberText(withRule(z.string(), integer({ min: 0, max: 50 })))
      .transform(Number)
      .default(10),
  }),
);
export type CampaignInput = z.infer<typeof campaignInput>;

/** The file a campaign sends with its message, as it was uploaded. */
export type CampaignAttachment = { file_id: string; name: string; content_type: string; size: number };

export type CampaignSaved = {
  type: 'CampaignSaved';
  data: CampaignInput & {
    campaign_id: string;
    at: string;
    renewed_from?: string;
    /** the attachment's name, type and size (`attachment_id` names it) */
    attachment?: CampaignAttachment;
  };
};
export type CampaignLaunched = {
  type: 'CampaignLaunched';
  data: {
    campaign_id: string;
    at: string;
    /** when the first message may leave (about 10 min on, in the send window) */
    starts_at: string;
    /** when the last is planned to */
    ends_at: string;
    audience: number;
    recipients: string[];
    /** kept back, to compare what the recipients did with what they did */
    held_out: string[];
  };
};
export type CampaignDisabled = { type: 'CampaignDisabled'; data: { campaign_id: string; at: string } };
export type CampaignRenewed = {
  type: 'CampaignRenewed';
  data: { campaign_id: string; into: string; at: string };
};
export type CampaignFailedResent = {
  type: 'CampaignFailedResent';
  data: { campaign_id: string; at: string; customers: string[]; round: number };
};
export type CampaignEvent =
  CampaignSaved | CampaignLaunched | CampaignDisabled | CampaignRenewed | CampaignFailedResent;

export const campaignMessages = {
  en: {
    campaign: {
      not_a_draft: 'Only a temporary saved campaign can be changed or launched',
      disabled: 'This campaign is disabled and cannot come back; renew it to send it again',
      no_customers: 'No customer matches: a campaign needs at least one customer who allows WhatsApp',
      nothing_failed: 'No message of this campaign failed',
      attachment_not_found: 'Attach an image, a video or a PDF uploaded to this salon',
      not_launched: 'This campaign was not launched',
      unknown_placeholder: 'Use only the placeholders {name} and {salon}',
    },
  },
  ar: {
    campaign: {
      not_a_draft: 'لا يمكن تعديل الحملة أو إطلاقها إلا وهي محفوظة مؤقتًا',
      disabled: 'هذه الحملة معطّلة ولا يمكن إعادتها؛ جدّدها لإرسالها من جديد',
      no_customers: 'لا يوجد عميل مطابق: تحتاج الحملة إلى عميل واحد على الأقل يسمح بواتساب',
      nothing_failed: 'لم تفشل أي رسالة من هذه الحملة',
      attachment_not_found: 'أرفق صورة أو فيديو أو ملف بي دي إف مرفوعًا لهذا الصالون',
      not_launched: 'لم تُطلق هذه الحملة',
      unknown_placeholder: 'استخدم العناصر النائبة {name} و{salon} فقط',
    },
  },
};

/** A customer as the audience filters read her (the customers' read model). */
export type AudienceCustomer = {
  id: string;
  tenantId?: string;
  status?: number;
  whatsapp_allowed?: boolean;
  mobile?: string | null;
  gender?: number | null;
  birth_month?: number | null;
  wallet_balance?: number;
  invoices_count?: number;
  last_invoice_date?: string | null;
  /** the services and products she bought (ids) */
  bought?: string[];
  /** when she joined (the customers' read model's record): its day stands in for an invoice she has not had */
  created_at?: string;
};

/** Whether she is in the audience: active, allows WhatsApp (a campaign is marketing), and every filter holds. */
export const inAudience = (c: AudienceCustomer, f: CampaignFilters, today: string): boolean => {
  if (c.status !== undefined && c.status !== 1) return false;
  if (c.whatsapp_allowed !== true || !c.mobile) return false;
  if (
    f.customer_type &&
    customerType(
      c.invoices_count ?? 0,
      c.last_invoice_date ?? undefined,
      today,
      c.created_at?.slice(0, 10),
    ) !== f.customer_type
  )
    return false;
  const last = c.last_invoice_date ?? '';
  if (f.last_visit_before && !(last && last < f.last_visit_before)) return false;
  if (f.last_visit_after && !(last && last >= f.last_visit_after)) return false;
  if (f.gender && c.gender !== Number(f.gender)) return false;
  if (f.birth_month && c.birth_month !== Number(f.birth_month)) return false;
  if (f.min_wallet && (c.wallet_balance ?? 0) < Number(f.min_wallet)) return false;
  if (f.services?.length && !f.services.some((id) => c.bought?.includes(id))) return false;
  if (f.products?.length && !f.products.some((id) => c.bought?.includes(id))) return false;
  return true;
};
