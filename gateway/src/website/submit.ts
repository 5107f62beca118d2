import type { CommandBus } from '@nestjs/cqrs';
import { ReceiveContactMessage, RequestFreeTrial } from '@rawnaq/command-api';
import { contactMessageInput, DomainError, freeTrialRequestInput } from '@rawnaq/contracts';
import { parseInput } from '@rawnaq/platform';

export type WebsiteForm = 'trial' | 'contact';
/**
 * What the website's two forms do with what was posted: record the free-trial request or the contact
 * message, or throw what refused it (InvalidInput naming the fields, DomainError for a business rule).
 */
export type WebsiteSubmit = (
  form: WebsiteForm,
  values: Record<string, string>,
  lang: 'en' | 'ar',
  now: Date,
  visitorIp: string,
) => Promise<unknown>;

/** `npm start`'s one process: the commands run here. */
export const inProcessSubmit =
  (commands: () => CommandBus): WebsiteSubmit =>
  (form, values, lang, now) =>
    commands().execute(
      form === 'trial'
        ? new RequestFreeTrial(now, values, lang)
        : new ReceiveContactMessage(now, values, lang),
    );

const ROUTES: Record<WebsiteForm, string> = {
  trial: '/api/public/free-trial-requests',
  contact: '/api/public/contact-messages',
};
type Refusal = {
  message?: string;
  errors?: Record<string, string>;
  params?: Record<string, string | number>;
};

/**
 * The scale-out topology's `web` service, which runs no commands: the form is checked here against the
 * same schema the command checks (so each field's message has its numbers, "at most 100 characters"),
 * then posted to command-api's public route as the visitor's own request (her address forwarded: the
 * command-api, behind this one hop, limits each visitor, not the web service). What command-api refuses
 * comes back as the DomainError it threw there.
 */
export const remoteSubmit =
  (commandApiUrl: string, send: typeof fetch = fetch): WebsiteSubmit =>
  async (form, values, lang, _now, visitorIp) => {
    if (form === 'trial') parseInput(freeTrialRequestInput, values);
    else parseInput(contactMessageInput, values);
    const res = await send(`${commandApiUrl.replace(/\/$/, '')}${ROUTES[form]}`, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json',
        Accept: 'application/json',
        'Accept-Language': lang,
        'X-Forwarded-For': visitorIp,
      },
      body: JSON.stringify(values),
      signal: AbortSignal.timeout(15_000),
    });
    if (res.ok) return res.json();
    const refusal = (await res.json().catch(() => ({}))) as Refusal;
    if (res.status >= 400 && res.status < 500 && typeof refusal.message === 'string')
      throw new DomainError(
        refusal.message,
        res.status as ConstructorParameters<typeof DomainError>[1],
        refusal.errors && Object.keys(refusal.errors).length ? refusal.errors : undefined,
        refusal.params,
      );
    throw new Error(`command-api answered ${res.status} to the ${form} form`);
  };
