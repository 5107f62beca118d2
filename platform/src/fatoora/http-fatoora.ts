import type { FatooraEnvironment } from './csr';
import {
  certificateOfToken,
  FATOORA_BASE,
  FATOORA_PATHS,
  outcomeOf,
  type CsidAnswer,
  type Fatoora,
  type FatooraCredentials,
  type FatooraMessage,
  type Submission,
  type SubmissionAnswer,
} from './port';

export type FetchLike = (
  url: string,
  init: { method: string; headers: Record<string, string>; body?: string | Uint8Array; signal?: AbortSignal },
) => Promise<{ status: number; text: () => Promise<string> }>;

export type HttpFatooraOptions = {
  environment: FatooraEnvironment;
  /** the API root; the authority's for the environment unless given (the local simulator's) */
  baseUrl?: string;
  fetch?: FetchLike;
  /** the language of the authority's messages */
  language?: 'en' | 'ar';
  timeoutMs?: number;
  /** which adapter this is, for logs and the manager's screens */
  name?: 'simulator' | 'zatca';
};

type Reply = { status: number; body: Record<string, unknown> | null };

const asMessages = (value: unknown, type: FatooraMessage['type']): FatooraMessage[] =>
  Array.isArray(value)
    ? value
        .filter((m): m is Record<string, unknown> => typeof m === 'object' && m !== null)
        .map((m) => ({
          type: (typeof m.type === 'string' ? m.type : type) as FatooraMessage['type'],
          code: String(m.code ?? m.errorCode ?? 'unknown'),
          category: typeof m.category === 'string' ? m.category : undefined,
          message: String(m.message ?? m.errorMessage ?? ''),
          status: typeof m.status === 'string' ? m.status : undefined,
        }))
    : [];

/** The errors of a refusal, wherever the authority put them (`errors`, `validationResults`, or the body). */
const errorsOf = (body: Record<string, unknown> | null): FatooraMessage[] => {
  if (!body) return [];
  const results = body.validationResults as Record<string, unknown> | undefined;
  const listed = [...asMessages(body.errors, 'ERROR'), ...asMessages(results?.errorMessages, 'ERROR')];
  if (listed.length) return listed;
  const code = body.code ?? body.errorCode;
  const message = body.message ?? body.errorMessage;
  if (typeof code === 'string' || typeof message === 'string')
    return [{ type: 'ERROR', code: String(code ?? 'error'), message: String(message ?? '') }];
  return [];
};

const basic = (c: FatooraCredentials) =>
  `Basic ${Buffer.from(`${c.binarySecurityToken}:${c.secret}`, 'utf8').toString('base64')}`;

/**
 * Fatoora over HTTP, per the README: `Accept-Version: V2`, JSON, Basic auth with the CSID's token and
 * secret, the OTP header on CSID requests, `Clearance-Status` on submissions. No answer, a timeout,
 * 413, 429 and 5xx all mean "try again later" — never a refusal.
 */
export class HttpFatoora implements Fatoora {
  readonly name: 'simulator' | 'zatca';
  readonly environment: FatooraEnvironment;
  private readonly base: string;
  private readonly fetch: FetchLike;

  constructor(private readonly options: HttpFatooraOptions) {
    this.environment = options.environment;
    this.name = options.name ?? 'zatca';
    this.base = (options.baseUrl ?? `${FATOORA_BASE}${FATOORA_PATHS[options.environment]}`).replace(
      /\/$/,
      '',
    );
    this.fetch = options.fetch ?? (globalThis.fetch as unknown as FetchLike);
  }

  private async call(
    method: string,
    path: string,
    body: unknown,
    headers: Record<string, string>,
  ): Promise<Reply> {
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs ?? 20_000);
    try {
      const res = await this.fetch(`${this.base}/${path}`, {
        method,
        headers: {
          'Accept-Version': 'V2',
          'Accept-Language': this.options.language ?? 'en',
          Accept: 'application/json',
          'Content-Type': 'application/json',
          ...headers,
        },
        body: JSON.stringify(body),
        signal: controller.signal,
      });
      const text = await res.text();
      let parsed: Record<string, unknown> | null = null;
      try {
        const json: unknown = text ? JSON.parse(text) : null;
        parsed = typeof json === 'object' && json !== null ? (json as Record<string, unknown>) : null;
      } catch {
        parsed = text ? { message: text.slice(0, 500) } : null;
      }
      return { status: res.status, body: parsed };
    } catch (error) {
      return {
        status: 0,
        body: { code: 'no_answer', message: (error as Error)?.message ?? 'no answer' },
      };
    } finally {
      clearTimeout(timer);
    }
  }

  private csid(reply: Reply): CsidAnswer {
    const b = reply.body ?? {};
    if (reply.status === 200 && typeof b.binarySecurityToken === 'string' && typeof b.secret === 'string')
      return {
        ok: true,
        requestId: String(b.requestID ?? b.requestId ?? ''),
        credentials: { binarySecurityToken: b.binarySecurityToken, secret: b.secret },
        certificateBase64: certificateOfToken(b.binarySecurityToken),
        dispositionMessage: typeof b.dispositionMessage === 'string' ? b.dispositionMessage : undefined,
      };
    return { ok: false, httpStatus: reply.status, errors: errorsOf(reply.body) };
  }

  private submission(reply: Reply): SubmissionAnswer {
    const b = reply.body ?? {};
    const results = (b.validationResults ?? {}) as Record<string, unknown>;
    const status =
      typeof b.reportingStatus === 'string'
        ? b.reportingStatus
        : typeof b.clearanceStatus === 'string'
          ? b.clearanceStatus
          : undefined;
    let outcome = outcomeOf(reply.status);
    // a 200 that says NOT_REPORTED / NOT_CLEARED is a refusal whatever its status code
    if ((outcome === 'accepted' || outcome === 'accepted_with_warnings') && status?.startsWith('NOT_'))
      outcome = 'rejected';
    return {
      outcome,
      httpStatus: reply.status,
      status,
      warnings: asMessages(results.warningMessages, 'WARNING'),
      errors: errorsOf(reply.body),
      clearedInvoice: typeof b.clearedInvoice === 'string' ? b.clearedInvoice : undefined,
    };
  }

  async complianceCsid(csrBase64: string, otp: string): Promise<CsidAnswer> {
    return this.csid(await this.call('POST', 'compliance', { csr: csrBase64 }, { OTP: otp }));
  }

  async complianceCheck(credentials: FatooraCredentials, document: Submission): Promise<SubmissionAnswer> {
    return this.submission(
      await this.call('POST', 'compliance/invoices', document, { Authorization: basic(credentials) }),
    );
  }

  async productionCsid(credentials: FatooraCredentials, complianceRequestId: string): Promise<CsidAnswer> {
    return this.csid(
      await this.call(
        'POST',
        'production/csids',
        { compliance_request_id: complianceRequestId },
        { Authorization: basic(credentials) },
      ),
    );
  }

  async renewProductionCsid(
    credentials: FatooraCredentials,
    csrBase64: string,
    otp: string,
  ): Promise<CsidAnswer> {
    return this.csid(
      await this.call(
        'PATCH',
        'production/csids',
        { csr: csrBase64 },
        { Authorization: basic(credentials), OTP: otp },
      ),
    );
  }

  async report(credentials: FatooraCredentials, document: Submission): Promise<SubmissionAnswer> {
    return this.submission(
      await this.call('POST', 'invoices/reporting/single', document, {
        Authorization: basic(credentials),
        'Clearance-Status': '0',
      }),
    );
  }

  async clear(credentials: FatooraCredentials, document: Submission): Promise<SubmissionAnswer> {
    return this.submission(
      await this.call('POST', 'invoices/clearance/single', document, {
        Authorization: basic(credentials),
        'Clearance-Status': '1',
      }),
    );
  }
}
