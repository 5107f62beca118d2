import { codedValueMessages } from '../coded-values/messages';
import { dateMessages } from '../dates/messages';
import { permissionMessages } from '../identity/permissions';
import { validationMessages } from '../validators/messages';
import { domainMessages } from './domain-messages';
import { schedulingMessages } from '../scheduling/messages';
import { salesMessages } from '../sales/messages';
import { instrumentMessages } from '../sales/instrument-messages';
import { surveyMessages } from '../sales/survey';
import { complaintMessages } from '../sales/complaint';
import { platformUpdateMessages } from '../platform/platform-updates';
import { archiveMessages } from '../platform/archive';
import { customerOfferMessages } from '../sales/customer-offer';
import { einvoicingMessages } from '../einvoicing/messages';
import { accountingMessages } from '../accounting/messages';
import { messagingMessages } from '../engagement/messages';
import { campaignMessages } from '../engagement/campaign';
import { whatsappManagerMessages } from '../platform/whatsapp';
import { accountContractMessages } from '../platform/account-contracts';
import { billingMessages } from '../platform/billing';
import { platformListMessages } from '../platform/platform-lists';
import { platformStaffMessages } from '../platform/platform-staff';
import { localizeParams } from './params';

export { domainMessages, localizeParams };

type Tree = { [key: string]: string | Tree };

const merge = (...trees: Tree[]): Tree => {
  const out: Tree = {};
  for (const t of trees)
    for (const [k, v] of Object.entries(t)) {
      if (k in out) throw new Error(`Message namespace "${k}" is defined twice`);
      out[k] = v;
    }
  return out;
};

/** Every message the contracts define, per language: validation, codes, dates, permissions, domain errors. */
export const contractMessages = {
  en: merge(
    validationMessages.en,
    codedValueMessages.en as Tree,
    dateMessages.en as Tree,
    permissionMessages.en,
    domainMessages.en,
    schedulingMessages.en,
    salesMessages.en,
    instrumentMessages.en,
    surveyMessages.en,
    complaintMessages.en,
    platformUpdateMessages.en,
    archiveMessages.en,
    customerOfferMessages.en,
    einvoicingMessages.en,
    accountingMessages.en,
    messagingMessages.en,
    campaignMessages.en,
    whatsappManagerMessages.en,
    accountContractMessages.en,
    billingMessages.en,
    platformListMessages.en,
    platformStaffMessages.en,
  ),
  ar: merge(
    validationMessages.ar,
    codedValueMessages.ar as Tree,
    dateMessages.ar as Tree,
    permissionMessages.ar,
    domainMessages.ar,
    schedulingMessages.ar,
    salesMessages.ar,
    instrumentMessages.ar,
    surveyMessages.ar,
    complaintMessages.ar,
    platformUpdateMessages.ar,
    archiveMessages.ar,
    customerOfferMessages.ar,
    einvoicingMessages.ar,
    accountingMessages.ar,
    messagingMessages.ar,
    campaignMessages.ar,
    whatsappManagerMessages.ar,
    accountContractMessages.ar,
    billingMessages.ar,
    platformListMessages.ar,
    platformStaffMessages.ar,
  ),
};

/** Flattened keys ('auth.wrong_credentials'...) of a message tree. */
export const messageKeys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string' ? [`${prefix}${k}`] : messageKeys(v, `${prefix}${k}.`),
  );

/** The text of a key, with %{params} filled in; the key itself when unknown (visible, never blank). */
export const translate = (
  locale: 'en' | 'ar',
  key: string,
  raw: Record<string, string | number> = {},
): string => {
  const params = localizeParams(raw, locale);
  let node: string | Tree | undefined = contractMessages[locale];
  for (const part of key.split('.')) node = typeof node === 'object' ? node[part] : undefined;
  if (typeof node !== 'string') return key;
  return node.replace(/%\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
};
