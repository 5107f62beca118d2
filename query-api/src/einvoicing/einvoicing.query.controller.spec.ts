import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DomainError } from '@rawnaq/contracts';
import {
  attachedFiles,
  type AuthContext,
  type Doc,
  type EventStore,
  type FileStore,
  type ReadModels,
} from '@rawnaq/platform';
import { EInvoicingQueryController } from './einvoicing.query.controller';

/** A standard (B2B) document as the authority clears it: the ZATCA SDK's sample. */
const cleared = readFileSync(
  path.join(
    process.env.ZATCA_SHARED_DIR ?? path.resolve(__dirname, '../../../platform/zatca-data'),
    'samples/Standard_Exempt_Tax_Invoice.xml',
  ),
  'utf8',
);

const records: Record<string, Doc> = {
  'einvoices/std-1': {
    id: 'std-1',
    tenantId: 't1',
    device_id: 'dev-1',
    issued_at: '2022-09-07T12:21:28',
    document_number: 123456,
    standard: true,
    state: 'cleared',
    xml: '<signed-before-clearance/>',
    cleared_xml: Buffer.from(cleared, 'utf8').toString('base64'),
  },
  // a sale at 22:30 UTC, 01:30 the next morning in Riyadh, as its document says
  'einvoices/late-1': {
    id: 'late-1',
    tenantId: 't1',
    device_id: 'dev-1',
    issued_at: '2026-11-26T22:30:00.000Z',
    document_number: 77,
    standard: true,
    state: 'cleared',
    cleared_xml: Buffer.from(
      cleared
        .replace('<cbc:IssueDate>2022-09-07</cbc:IssueDate>', '<cbc:IssueDate>2026-11-27</cbc:IssueDate>')
        .replace('<cbc:IssueTime>12:21:28</cbc:IssueTime>', '<cbc:IssueTime>01:30:00</cbc:IssueTime>'),
      'utf8',
    ).toString('base64'),
  },
  'einvoices/empty-1': { id: 'empty-1', tenantId: 't1', device_id: 'dev-1', xml: '' },
  'einvoicing_devices/dev-1': { id: 'dev-1', tenantId: 't1', vat_number: '399999999900003' },
};
const models = {
  get: async (collection: string, id: string) => records[`${collection}/${id}`] ?? null,
} as unknown as ReadModels;
/** a salon without a logo on file (the letterhead's own tests are gateway/src/invoice-letterhead) */
const files = { get: async () => undefined } as unknown as FileStore;
const auth = (tenantId: string) => ({ tenantId }) as AuthContext;

/** What the route wrote on the response. */
const download = async (tenantId: string, uuid: string, format: 'pdf' | 'xml' = 'pdf') => {
  const headers: Record<string, string> = {};
  let body: Buffer = Buffer.alloc(0);
  await new EInvoicingQueryController(models, {} as EventStore, files)[format](auth(tenantId), uuid, {
    setHeader: (k, v) => (headers[k.toLowerCase()] = v),
    send: (b: Buffer | string) => (body = Buffer.from(b)),
  });
  return { headers, body };
};

describe('GET einvoicing/documents/:uuid/pdf', () => {
  it('draws a standard document from its cleared XML, attached under its ZATCA name', async () => {
    const { headers, body } = await download('t1', 'std-1');
    expect(headers['content-type']).toBe('application/pdf');
    expect(headers['content-disposition']).toBe(
      'attachment; filename="399999999900003_20220907T122128_123456.pdf"',
    );
    expect(body.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await attachedFiles(body)).toEqual([
      {
        name: '399999999900003_20220907T122128_123456.xml',
        mimeType: 'text/xml',
        relationship: 'Data',
        bytes: Buffer.from(cleared, 'utf8'),
      },
    ]);
  });

  it("names the files of a document issued at 22:30 UTC by its own date and time, Riyadh's next morning", async () => {
    for (const format of ['xml', 'pdf'] as const) {
      const { headers, body } = await download('t1', 'late-1', format);
      expect(headers['content-disposition']).toBe(
        `attachment; filename="399999999900003_20261127T013000_77.${format}"`,
      );
      if (format === 'pdf')
        expect((await attachedFiles(body)).map((f) => f.name)).toEqual([
          '399999999900003_20261127T013000_77.xml',
        ]);
    }
  });

  it('answers another salon’s document and an unknown one alike, and a document without XML', async () => {
    for (const [tenant, uuid, key] of [
      ['t2', 'std-1', 'einvoicing.there_is_no_xml_for_this_record'],
      ['t1', 'nope', 'einvoicing.there_is_no_xml_for_this_record'],
      ['t1', 'empty-1', 'einvoicing.xml_file_not_exist'],
    ]) {
      const refused = await download(tenant, uuid).catch((e: unknown) => e);
      expect(refused).toBeInstanceOf(DomainError);
      expect(refused).toMatchObject({ key, status: 404 });
    }
  });
});
