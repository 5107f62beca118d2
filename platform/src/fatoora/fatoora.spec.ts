import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildCsr, generateDeviceKey, type CsrFields } from './csr';
import { HttpFatoora, type FetchLike } from './http-fatoora';
import type { FatooraCredentials, Submission } from './port';
import { FatooraSimulator, SIMULATOR_BAD_OTP, type InspectedDocument } from './simulator';

const fields: CsrFields = {
  environment: 2,
  commonName: 'EGS1-399999999900003',
  serialNumber: '1-Rawnaq|2-POS|3-7f3c2a10-0000-4000-8000-000000000001',
  vatNumber: '399999999900003',
  organizationUnit: 'Riyadh Branch',
  organization: 'Lamsa Beauty Salon',
  invoiceType: '1100',
  location: 'RRRD2929',
  industry: 'Beauty salon',
};
const SEED = 'NWZlY2ViNjZmZmM4NmYzOGQ5NTI3ODZjNmQ2OTZjNzljMmRiYzIzOWRkNGU5MWI0NjcyOWQ3M2EyN2ZiNTdlOQ==';

/**
 * The core's inspector is not this spec's subject: these documents are JSON standing for XML, with
 * the facts the inspector would read and the findings it would make.
 */
type FakeDoc = Omit<InspectedDocument, 'errors' | 'warnings'> & {
  errors?: InspectedDocument['errors'];
  warnings?: InspectedDocument['warnings'];
  signedWith?: string;
};
const submission = (doc: FakeDoc): Submission => ({
  invoiceHash: doc.hash!,
  uuid: doc.uuid!,
  invoice: Buffer.from(JSON.stringify(doc)).toString('base64'),
});

describe('Fatoora through its HTTP adapter, against the local simulator', () => {
  let simulator: FatooraSimulator;
  let fatoora: HttpFatoora;
  const key = generateDeviceKey();
  const csr = buildCsr(fields, key.privateKeyPem).base64;

  beforeEach(() => {
    simulator = new FatooraSimulator({
      environment: 2,
      file: ':memory:',
      pihSeed: SEED,
      inspect: ({ xml, claimedHash, certificateBase64 }) => {
        const doc = JSON.parse(xml) as FakeDoc;
        const errors = [...(doc.errors ?? [])];
        if (doc.hash !== claimedHash)
          errors.push({ type: 'ERROR', code: 'invalid-invoice-hash', message: 'hash differs' });
        if (doc.signedWith && doc.signedWith !== certificateBase64)
          errors.push({ type: 'ERROR', code: 'invalid-signature', message: 'not signed with this CSID' });
        return { ...doc, errors, warnings: doc.warnings ?? [] };
      },
    });
    fatoora = new HttpFatoora({ environment: 2, fetch: simulator.fetch(), name: 'simulator' });
  });
  afterEach(() => simulator.close());

  const onboard = async (): Promise<FatooraCredentials> => {
    const compliance = await fatoora.complianceCsid(csr, '123456');
    if (!compliance.ok) throw new Error(JSON.stringify(compliance.errors));
    for (const standard of [true, false])
      for (const typeCode of ['388', '381', '383']) {
        const answer = await fatoora.complianceCheck(
          compliance.credentials,
          submission({
            uuid: `c-${standard}-${typeCode}`,
            hash: `h-${standard}-${typeCode}`,
            standard,
            typeCode,
          }),
        );
        expect([typeCode, answer.outcome]).toEqual([typeCode, 'accepted']);
      }
    const production = await fatoora.productionCsid(compliance.credentials, compliance.requestId);
    if (!production.ok) throw new Error(JSON.stringify(production.errors));
    return production.credentials;
  };

  it('onboards a device: compliance CSID with the OTP, the six compliance checks, then the production CSID', async () => {
    const compliance = await fatoora.complianceCsid(csr, '123456');
    expect(compliance.ok).toBe(true);
    if (!compliance.ok) return;
    expect(Buffer.from(compliance.certificateBase64, 'base64').length).toBeGreaterThan(300);
    // production before the checks: refused, naming what is missing
    const early = await fatoora.productionCsid(compliance.credentials, compliance.requestId);
    expect(early.ok).toBe(false);
    if (!early.ok) expect(early.errors[0].message).toContain('standard-388');
    const production = await onboard();
    expect(production.binarySecurityToken).not.toBe(compliance.credentials.binarySecurityToken);
  });

  it('refuses a wrong OTP, a CSR for another environment and a broken CSR', async () => {
    const bad = await fatoora.complianceCsid(csr, SIMULATOR_BAD_OTP);
    expect(bad).toMatchObject({ ok: false, httpStatus: 400, errors: [{ code: 'Invalid-OTP' }] });
    const other = await fatoora.complianceCsid(
      buildCsr({ ...fields, environment: 3 }, key.privateKeyPem).base64,
      '123456',
    );
    expect(other).toMatchObject({ ok: false, errors: [{ code: 'Invalid-CSR' }] });
    expect(await fatoora.complianceCsid('bm90IGEgY3Ny', '123456')).toMatchObject({ ok: false });
  });

  it('reports a simplified document, says a repeat is a duplicate, and refuses a wrong hash, PIH, type or secret', async () => {
    const credentials = await onboard();
    const first = { uuid: 'u1', hash: 'H1', icv: 1, pih: SEED, standard: false, typeCode: '388' };
    expect(await fatoora.report(credentials, submission(first))).toMatchObject({
      outcome: 'accepted',
      httpStatus: 200,
      status: 'REPORTED',
    });
    expect((await fatoora.report(credentials, submission(first))).outcome).toBe('duplicate');
    const wrongPih = { uuid: 'u2', hash: 'H2', icv: 2, pih: 'H0', standard: false, typeCode: '388' };
    const refused = await fatoora.report(credentials, submission(wrongPih));
    expect(refused).toMatchObject({ outcome: 'rejected', httpStatus: 400, status: 'NOT_REPORTED' });
    expect(refused.errors.map((e) => e.code)).toEqual(['invalid-pih']);
    const badHash = await fatoora.report(credentials, {
      ...submission({ ...wrongPih, pih: 'H1' }),
      invoiceHash: 'X',
    });
    expect(badHash.errors.map((e) => e.code)).toEqual(['invalid-invoice-hash']);
    const standard = await fatoora.report(
      credentials,
      submission({ ...wrongPih, pih: 'H1', standard: true }),
    );
    expect(standard.errors.map((e) => e.code)).toEqual(['invalid-invoice-type']);
    const ruled = await fatoora.report(
      credentials,
      submission({
        ...wrongPih,
        pih: 'H1',
        errors: [
          {
            type: 'ERROR',
            code: 'BR-KSA-37',
            message: 'The seller address building number must contain 4 digits.',
          },
        ],
      }),
    );
    expect(ruled.errors.map((e) => e.code)).toEqual(['BR-KSA-37']);
    const warned = await fatoora.report(
      credentials,
      submission({
        ...wrongPih,
        pih: 'H1',
        warnings: [{ type: 'WARNING', code: 'BR-KSA-98', message: 'issued more than 24 hours ago' }],
      }),
    );
    expect(warned).toMatchObject({ outcome: 'accepted_with_warnings', httpStatus: 202, status: 'REPORTED' });
    expect(warned.warnings.map((w) => w.code)).toEqual(['BR-KSA-98']);
    expect(
      (await fatoora.report({ ...credentials, secret: 'wrong' }, submission({ ...first, uuid: 'u9' })))
        .outcome,
    ).toBe('unauthorized');
  });

  it('clears a standard document and hands the cleared XML back', async () => {
    const credentials = await onboard();
    const doc = { uuid: 's1', hash: 'S1', icv: 1, pih: SEED, standard: true, typeCode: '388' };
    const cleared = await fatoora.clear(credentials, submission(doc));
    expect(cleared).toMatchObject({ outcome: 'accepted', status: 'CLEARED' });
    expect(cleared.clearedInvoice).toBe(submission(doc).invoice);
    expect(
      (
        await fatoora.clear(
          credentials,
          submission({ ...doc, uuid: 's2', hash: 'S2', icv: 2, pih: 'S1', standard: false }),
        )
      ).errors[0].code,
    ).toBe('invalid-invoice-type');
  });

  it('renews a production CSID with a new CSR and the OTP', async () => {
    const credentials = await onboard();
    const renewed = await fatoora.renewProductionCsid(
      credentials,
      buildCsr(fields, generateDeviceKey().privateKeyPem).base64,
      '654321',
    );
    expect(renewed.ok).toBe(true);
    expect((await fatoora.renewProductionCsid(credentials, csr, SIMULATOR_BAD_OTP)).ok).toBe(false);
  });

  it('keeps what it issued across a restart', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'fatoora-'));
    const file = `${dir}/sim.db`;
    const open = () =>
      new FatooraSimulator({
        environment: 2,
        file,
        pihSeed: SEED,
        inspect: () => ({ errors: [], warnings: [] }),
      });
    const first = open();
    const answer = await new HttpFatoora({ environment: 2, fetch: first.fetch() }).complianceCsid(
      csr,
      '123456',
    );
    first.close();
    const again = open();
    const check = await new HttpFatoora({ environment: 2, fetch: again.fetch() }).complianceCheck(
      answer.ok ? answer.credentials : { binarySecurityToken: '', secret: '' },
      { invoiceHash: 'h', uuid: 'u', invoice: Buffer.from('<Invoice/>').toString('base64') },
    );
    again.close();
    expect(check.outcome).toBe('accepted');
  });
});

describe("the HTTP adapter's reading of the authority's answers", () => {
  const answering =
    (status: number, body: unknown, fail?: Error): FetchLike =>
    async () => {
      if (fail) throw fail;
      return { status, text: async () => (typeof body === 'string' ? body : JSON.stringify(body)) };
    };
  const credentials = { binarySecurityToken: 'dG9rZW4=', secret: 's' };
  const doc = { invoiceHash: 'h', uuid: 'u', invoice: 'eA==' };

  it.each([
    [413, 'retry_later'],
    [429, 'retry_later'],
    [500, 'retry_later'],
    [503, 'retry_later'],
    [303, 'clearance_off'],
    [409, 'duplicate'],
    [208, 'duplicate'],
    [401, 'unauthorized'],
    [400, 'rejected'],
  ])('an HTTP %i means %s', async (status, outcome) => {
    const fatoora = new HttpFatoora({
      environment: 3,
      fetch: answering(status, status === 500 ? '<html>down</html>' : {}),
    });
    expect((await fatoora.report(credentials, doc)).outcome).toBe(outcome);
  });

  it('a 200 that says NOT_REPORTED is a refusal; no answer at all is "try again later"', async () => {
    const notReported = new HttpFatoora({
      environment: 3,
      fetch: answering(200, {
        reportingStatus: 'NOT_REPORTED',
        validationResults: { errorMessages: [{ code: 'BR-01', message: 'm' }] },
      }),
    });
    expect(await notReported.report(credentials, doc)).toMatchObject({
      outcome: 'rejected',
      errors: [{ code: 'BR-01' }],
    });
    const down = new HttpFatoora({ environment: 3, fetch: answering(0, null, new Error('ECONNREFUSED')) });
    expect(await down.report(credentials, doc)).toMatchObject({ outcome: 'retry_later', httpStatus: 0 });
  });

  it('sends the headers of the README to the environment’s address', async () => {
    const seen: Array<{ url: string; headers: Record<string, string> }> = [];
    const fatoora = new HttpFatoora({
      environment: 1,
      language: 'ar',
      fetch: async (url, init) => {
        seen.push({ url, headers: init.headers });
        return { status: 200, text: async () => '{}' };
      },
    });
    await fatoora.clear(credentials, doc);
    await fatoora.complianceCsid('Y3Ny', '123456');
    expect(seen[0].url).toBe(
      'https://gw-fatoora.zatca.gov.sa/e-invoicing/developer-portal/invoices/clearance/single',
    );
    expect(seen[0].headers).toMatchObject({
      'Accept-Version': 'V2',
      'Accept-Language': 'ar',
      'Clearance-Status': '1',
      Authorization: `Basic ${Buffer.from('dG9rZW4=:s').toString('base64')}`,
    });
    expect(seen[1]).toMatchObject({
      url: expect.stringMatching(/developer-portal\/compliance$/),
      headers: { OTP: '123456' },
    });
  });
});
