import type { InspectedZatcaDocument } from '../zatca/inspect';
import { randomBytes, randomUUID } from 'node:crypto';
import Database from 'better-sqlite3';
import { CSR_TEMPLATE, readCsr, type FatooraEnvironment } from './csr';
import type { FetchLike } from './http-fatoora';
import { certificateOfToken, tokenOfCertificate, type FatooraMessage } from './port';
import { SimulatorCa } from './simulator-ca';

/** What the simulator learns from a submitted document, and what it finds wrong with it. */
export type InspectedDocument = InspectedZatcaDocument;

/**
 * Checks a document the way the authority does: the XSD and both Schematron files, the hash it claims,
 * its signature and certificate (it must be signed with `certificateBase64`, the CSID it was sent
 * with), its QR. The e-invoicing core provides it; the simulator only decides what the findings mean.
 */
export type DocumentInspector = (input: {
  xml: string;
  claimedHash: string;
  certificateBase64: string;
}) => Promise<InspectedDocument> | InspectedDocument;

type Csid = {
  token: string;
  secret: string;
  kind: 'compliance' | 'production';
  requestId: string;
  /** the CSR it was issued for, kept to issue the production CSID on the same key */
  csr: string;
  invoiceType: string;
};

type Stored = { uuid: string; hash: string; icv?: number; device: string };

export type FatooraSimulatorOptions = {
  environment: FatooraEnvironment;
  /** the simulator's own database file (issued CSIDs, accepted documents); ':memory:' in tests */
  file: string;
  inspect: DocumentInspector;
  /** the PIH of a device's first document (`pih-seed.txt`) */
  pihSeed: string;
  complianceDays?: number;
  productionDays?: number;
  now?: () => Date;
};

type Request = { method: string; path: string; headers: Record<string, string>; body: unknown };
type Response = { status: number; body: Record<string, unknown> };

const error = (code: string, message: string, category = 'SIMULATOR'): FatooraMessage => ({
  type: 'ERROR',
  code,
  category,
  message,
  status: 'ERROR',
});

/** OTPs the simulator refuses, so a wrong-OTP path can be shown and tested; any other 6 digits pass. */
export const SIMULATOR_BAD_OTP = '000000';

/**
 * Test data, as a payment gateway has test cards: a document made out to a buyer with this VAT number
 * reaches the simulator altered on its way (its buyer's name changed after it was signed), so that the
 * authority's refusal of a broken document, and the salon's screens that explain it, can be tried end
 * to end. The document is then checked like any other, and refused by the checks themselves (its hash
 * no longer matches). The real Fatoora adapter has no such thing.
 */
export const SIMULATOR_ALTERED_BUYER_VAT = '311111111111113';

const madeOutToAlteredBuyer = (xml: string) =>
  new RegExp(
    `<cac:AccountingCustomerParty>[\\s\\S]*<cbc:CompanyID>${SIMULATOR_ALTERED_BUYER_VAT}</cbc:CompanyID>[\\s\\S]*</cac:AccountingCustomerParty>`,
  ).test(xml);

const alteredOnTheWay = (xml: string) =>
  xml.replace(
    /(<cac:AccountingCustomerParty>[\s\S]*?<cbc:RegistrationName>)([^<]*)/,
    (_all, head: string, name: string) => `${head}${name} (altered)`,
  );

/**
 * A local stand-in for the authority's Fatoora API: the demo's and the tests' default. It answers the
 * authority's endpoints with the authority's response shapes, issues CSIDs from its own CA, checks
 * every document it is sent (through the inspector: XSD, Schematron, hash, signature) and refuses a
 * broken one the way the authority would, with the rule that was broken. It keeps what it issued and
 * accepted in its own database, as the authority keeps its own records.
 */
export class FatooraSimulator {
  private readonly db: Database.Database;
  private readonly ca: SimulatorCa;

  constructor(private readonly options: FatooraSimulatorOptions) {
    this.db = new Database(options.file);
    if (options.file !== ':memory:') this.db.pragma('journal_mode = WAL');
    this.db.exec(`
      CREATE TABLE IF NOT EXISTS kv (key TEXT PRIMARY KEY, value TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS csids (token TEXT PRIMARY KEY, json TEXT NOT NULL);
      CREATE TABLE IF NOT EXISTS passed (request_id TEXT NOT NULL, kind TEXT NOT NULL, PRIMARY KEY (request_id, kind));
      CREATE TABLE IF NOT EXISTS documents (uuid TEXT PRIMARY KEY, hash TEXT NOT NULL, icv INTEGER, device TEXT NOT NULL);
      CREATE INDEX IF NOT EXISTS documents_device_icv ON documents (device, icv);
    `);
    const key = this.db.prepare('SELECT value FROM kv WHERE key = ?').get('ca') as
      { value: string } | undefined;
    this.ca = new SimulatorCa(key?.value);
    if (!key) this.db.prepare('INSERT INTO kv (key, value) VALUES (?, ?)').run('ca', this.ca.exportKey());
  }

  close() {
    if (this.db.open) this.db.close();
  }

  private now() {
    return this.options.now?.() ?? new Date();
  }

  /** A fetch that answers from this simulator, for the HTTP adapter (no network involved). */
  fetch(): FetchLike {
    return async (url, init) => {
      const path = new URL(url).pathname.replace(/^.*?\/e-invoicing\/[^/]+\//, '');
      const headers = Object.fromEntries(Object.entries(init.headers).map(([k, v]) => [k.toLowerCase(), v]));
      let body: unknown = null;
      try {
        body = init.body ? JSON.parse(Buffer.from(init.body).toString()) : null;
      } catch {
        body = null;
      }
      const res = await this.handle({ method: init.method, path, headers, body });
      return { status: res.status, text: async () => JSON.stringify(res.body) };
    };
  }

  async handle(req: Request): Promise<Response> {
    if (req.headers['accept-version'] !== 'V2')
      return { status: 400, body: { code: 'Invalid-Version', message: 'Accept-Version must be V2' } };
    const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<
      string,
      unknown
    >;
    const route = `${req.method.toUpperCase()} ${req.path}`;
    switch (route) {
      case 'POST compliance':
        return this.issueCompliance(req.headers.otp, body.csr);
      case 'POST compliance/invoices':
        return this.submit(req, body, 'compliance');
      case 'POST production/csids':
        return this.issueProduction(req, body);
      case 'PATCH production/csids':
        return this.renew(req, body);
      case 'POST invoices/reporting/single':
        return this.submit(req, body, 'reporting');
      case 'POST invoices/clearance/single':
        return this.submit(req, body, 'clearance');
      default:
        return { status: 404, body: { code: 'Not-Found', message: `no such endpoint: ${route}` } };
    }
  }

  private csidOf(headers: Record<string, string>): Csid | undefined {
    const auth = headers.authorization ?? '';
    if (!auth.startsWith('Basic ')) return undefined;
    const [token, secret] = Buffer.from(auth.slice(6), 'base64').toString('utf8').split(':');
    const row = this.db.prepare('SELECT json FROM csids WHERE token = ?').get(token ?? '') as
      { json: string } | undefined;
    if (!row) return undefined;
    const csid = JSON.parse(row.json) as Csid;
    if (csid.secret !== secret) return undefined;
    if (!this.ca.issued(certificateOfToken(csid.token), this.now())) return undefined;
    return csid;
  }

  private csrProblem(csr: unknown, otp: string | undefined): Response | { read: ReturnType<typeof readCsr> } {
    if (!otp || !/^\d{6}$/.test(otp) || otp === SIMULATOR_BAD_OTP)
      return {
        status: 400,
        body: { errorCode: 'Invalid-OTP', errorMessage: 'The OTP is not valid or has expired' },
      };
    if (typeof csr !== 'string' || !csr)
      return { status: 400, body: { errorCode: 'Missing-CSR', errorMessage: 'csr is required' } };
    let read: ReturnType<typeof readCsr>;
    try {
      read = readCsr(csr);
    } catch {
      return { status: 400, body: { errorCode: 'Invalid-CSR', errorMessage: 'The CSR cannot be read' } };
    }
    if (!read.signatureValid)
      return {
        status: 400,
        body: { errorCode: 'Invalid-CSR', errorMessage: 'The CSR signature does not verify' },
      };
    if (read.template !== CSR_TEMPLATE[this.options.environment])
      return {
        status: 400,
        body: {
          errorCode: 'Invalid-CSR',
          errorMessage: `The CSR asks for ${read.template ?? 'no template'}; this environment issues ${CSR_TEMPLATE[this.options.environment]}`,
        },
      };
    if (!/^3\d{13}3$/.test(read.subject.organizationIdentifier ?? ''))
      return {
        status: 400,
        body: { errorCode: 'Invalid-CSR', errorMessage: 'The VAT number in the CSR is not valid' },
      };
    return { read };
  }

  private issue(kind: Csid['kind'], csr: string, invoiceType: string, requestId: string): Response {
    const days =
      kind === 'compliance' ? (this.options.complianceDays ?? 7) : (this.options.productionDays ?? 365);
    const { certificateBase64 } = this.ca.issue(csr, days);
    const csid: Csid = {
      token: tokenOfCertificate(certificateBase64),
      secret: randomBytes(24).toString('base64'),
      kind,
      requestId,
      csr,
      invoiceType,
    };
    this.db.prepare('INSERT INTO csids (token, json) VALUES (?, ?)').run(csid.token, JSON.stringify(csid));
    return {
      status: 200,
      body: {
        requestID: requestId,
        dispositionMessage: 'ISSUED',
        binarySecurityToken: csid.token,
        secret: csid.secret,
        errors: null,
      },
    };
  }

  private issueCompliance(otp: string | undefined, csr: unknown): Response {
    const checked = this.csrProblem(csr, otp);
    if ('status' in checked) return checked;
    const requestId = String(Date.now()) + String(Math.floor(Math.random() * 1000)).padStart(3, '0');
    return this.issue('compliance', csr as string, checked.read.directory.title ?? '1100', requestId);
  }

  /** The document kinds a device must pass before production: its CSR's title says standard and/or simplified. */
  private required(invoiceType: string): string[] {
    const kinds: string[] = [];
    for (const [digit, flavour] of [
      [0, 'standard'],
      [1, 'simplified'],
    ] as const)
      if (invoiceType[digit] === '1')
        for (const code of ['388', '381', '383']) kinds.push(`${flavour}-${code}`);
    return kinds;
  }

  private issueProduction(req: Request, body: Record<string, unknown>): Response {
    const csid = this.csidOf(req.headers);
    if (!csid || csid.kind !== 'compliance') return { status: 401, body: {} };
    if (body.compliance_request_id !== csid.requestId)
      return {
        status: 400,
        body: { code: 'Invalid-Request-ID', message: 'compliance_request_id is not the one of this CSID' },
      };
    const passed = new Set(
      (
        this.db.prepare('SELECT kind FROM passed WHERE request_id = ?').all(csid.requestId) as Array<{
          kind: string;
        }>
      ).map((r) => r.kind),
    );
    const missing = this.required(csid.invoiceType).filter((k) => !passed.has(k));
    if (missing.length)
      return {
        status: 400,
        body: {
          code: 'Compliance-Checks-Missing',
          message: `compliance checks not passed for: ${missing.join(', ')}`,
        },
      };
    return this.issue('production', csid.csr, csid.invoiceType, randomUUID());
  }

  private renew(req: Request, body: Record<string, unknown>): Response {
    const csid = this.csidOf(req.headers);
    if (!csid || csid.kind !== 'production') return { status: 401, body: {} };
    const checked = this.csrProblem(body.csr, req.headers.otp);
    if ('status' in checked) return checked;
    return this.issue(
      'production',
      body.csr as string,
      checked.read.directory.title ?? csid.invoiceType,
      randomUUID(),
    );
  }

  private async submit(
    req: Request,
    body: Record<string, unknown>,
    kind: 'compliance' | 'reporting' | 'clearance',
  ): Promise<Response> {
    const csid = this.csidOf(req.headers);
    if (!csid || (kind === 'compliance') !== (csid.kind === 'compliance')) return { status: 401, body: {} };
    const statusKey = kind === 'clearance' ? 'clearanceStatus' : 'reportingStatus';
    const refused = (errors: FatooraMessage[], warnings: FatooraMessage[] = []): Response => ({
      status: 400,
      body: {
        validationResults: {
          infoMessages: [],
          warningMessages: warnings,
          errorMessages: errors,
          status: 'ERROR',
        },
        [statusKey]: kind === 'clearance' ? 'NOT_CLEARED' : 'NOT_REPORTED',
      },
    });
    const missing = (['invoiceHash', 'uuid', 'invoice'] as const).filter(
      (f) => typeof body[f] !== 'string' || !(body[f] as string).trim(),
    );
    if (missing.length) return refused(missing.map((f) => error(`missing-${f}`, `${f} is required`)));
    if (kind === 'clearance' && req.headers['clearance-status'] !== '1')
      return refused([error('invalid-clearance-status', 'Clearance-Status must be 1')]);

    const sent = Buffer.from(body.invoice as string, 'base64').toString('utf8');
    const xml = kind !== 'compliance' && madeOutToAlteredBuyer(sent) ? alteredOnTheWay(sent) : sent;
    const inspected = await this.options.inspect({
      xml,
      claimedHash: body.invoiceHash as string,
      certificateBase64: certificateOfToken(csid.token),
    });
    const errors = [...inspected.errors];
    if (inspected.uuid !== undefined && inspected.uuid !== body.uuid)
      errors.push(error('invalid-uuid', 'The uuid sent is not the cbc:UUID of the document'));
    if (inspected.standard !== undefined) {
      if (kind === 'reporting' && inspected.standard)
        errors.push(error('invalid-invoice-type', 'A standard (B2B) document is cleared, not reported'));
      if (kind === 'clearance' && !inspected.standard)
        errors.push(error('invalid-invoice-type', 'A simplified (B2C) document is reported, not cleared'));
    }
    const device = csid.token;
    if (kind !== 'compliance' && inspected.icv !== undefined && inspected.pih !== undefined) {
      const previous = this.db
        .prepare('SELECT hash FROM documents WHERE device = ? AND icv = ?')
        .get(device, inspected.icv - 1) as { hash: string } | undefined;
      const expected = inspected.icv === 1 ? this.options.pihSeed : previous?.hash;
      if (expected !== undefined && inspected.pih !== expected)
        errors.push(
          error(
            'invalid-pih',
            "The previous invoice hash is not the hash of this device's previous document",
          ),
        );
    }
    if (errors.length) return refused(errors, inspected.warnings);

    if (kind !== 'compliance') {
      const known = this.db.prepare('SELECT hash FROM documents WHERE uuid = ?').get(body.uuid) as
        Pick<Stored, 'hash'> | undefined;
      if (known)
        return {
          status: known.hash === body.invoiceHash ? 208 : 409,
          body: {
            validationResults: {
              infoMessages: [],
              warningMessages: [],
              errorMessages: [
                error(
                  known.hash === body.invoiceHash ? 'already-submitted' : 'uuid-conflict',
                  known.hash === body.invoiceHash
                    ? 'This document was already received'
                    : 'Another document with this uuid was already received',
                ),
              ],
              status: 'ERROR',
            },
            [statusKey]: kind === 'clearance' ? 'CLEARED' : 'REPORTED',
          },
        };
      this.db
        .prepare('INSERT INTO documents (uuid, hash, icv, device) VALUES (?, ?, ?, ?)')
        .run(body.uuid, body.invoiceHash, inspected.icv ?? null, device);
    } else if (inspected.typeCode && inspected.standard !== undefined) {
      this.db
        .prepare('INSERT OR IGNORE INTO passed (request_id, kind) VALUES (?, ?)')
        .run(csid.requestId, `${inspected.standard ? 'standard' : 'simplified'}-${inspected.typeCode}`);
    }
    const warned = inspected.warnings.length > 0;
    const accepted =
      kind === 'clearance'
        ? 'CLEARED'
        : kind === 'reporting'
          ? 'REPORTED'
          : inspected.standard
            ? 'CLEARED'
            : 'REPORTED';
    return {
      status: warned ? 202 : 200,
      body: {
        validationResults: {
          infoMessages: [
            {
              type: 'INFO',
              code: 'XSD_ZATCA_VALID',
              category: 'XSD validation',
              message: 'Complied with UBL 2.1 standards in line with ZATCA specifications',
              status: 'PASS',
            },
          ],
          warningMessages: inspected.warnings,
          errorMessages: [],
          status: warned ? 'WARNING' : 'PASS',
        },
        [kind === 'compliance' ? (inspected.standard ? 'clearanceStatus' : 'reportingStatus') : statusKey]:
          accepted,
        // the authority stamps a cleared document; the simulator hands it back as it came
        ...(kind === 'clearance' && { clearedInvoice: body.invoice }),
      },
    };
  }
}
