import { SqliteEventStore } from '@rawnaq/platform';
import { givenEvents } from '../testing/given-events.test-support';
import { einvoicesProjection, signedXmlOf } from './einvoices.projection';

const signed = {
  type: 'EInvoiceSigned',
  stream: 'einvoicechain-t1.d1',
  data: {
    device_id: 'd1',
    icv: 1,
    pih: 'seed',
    hash: 'H1',
    uuid: 'u1',
    reference_type: 1,
    document_id: 'inv1',
    document_number: '1',
    standard: false,
    xml: '<Invoice/>',
    qr: 'AQ==',
    issued_at: '2026-11-26T09:00:00.000Z',
  },
};
const on = (type: string, data: Record<string, unknown>) => ({
  type,
  stream: 'einvoice-t1.u1',
  data: { uuid: 'u1', ...data },
});

describe('e-invoices projection', () => {
  it('given a document signed, it is pending and due at once, and says where its XML is', async () => {
    const then = await givenEvents(einvoicesProjection, [signed]);
    const doc = await then.get('einvoices', 'u1');
    expect(doc).toMatchObject({
      state: 'pending',
      attempts: 0,
      document_id: 'inv1',
      tenantId: 't1',
      chain_stream: 'einvoicechain-t1.d1',
      chain_revision: 0,
    });
    // the 15 kB of XML are not copied into the read model: its event holds them
    expect(doc).not.toHaveProperty('xml');
  });

  it("reads a document's signed XML from its event in the chain, and from an older document itself", async () => {
    const store = new SqliteEventStore({ file: ':memory:' });
    try {
      const event = (uuid: string, icv: number) => ({
        id: `00000000-0000-7000-8000-00000000000${icv}`,
        type: 'EInvoiceSigned',
        data: { ...signed.data, uuid, icv, xml: `<Invoice n="${icv}"/>` },
        metadata: {
          tenantId: 't1',
          actor: { kind: 'user' as const, id: 'u1' },
          correlationId: 'c',
          causationId: 'c',
          occurredAt: '2026-11-26T09:00:00.000Z',
          schemaVersion: 1,
        },
      });
      await store.append('einvoicechain-t1.d1', [event('u1', 1), event('u2', 2)], 'no_stream');
      const at = { id: 'u2', tenantId: 't1', chain_stream: 'einvoicechain-t1.d1', chain_revision: 1 };
      expect(await signedXmlOf(store, at)).toBe('<Invoice n="2"/>');
      // a revision that holds another document's event gives nothing rather than the wrong XML
      expect(await signedXmlOf(store, { ...at, chain_revision: 0 })).toBeUndefined();
      expect(await signedXmlOf(store, { id: 'u0', tenantId: 't1', xml: '<Invoice n="0"/>' })).toBe(
        '<Invoice n="0"/>',
      );
      expect(await signedXmlOf(store, { id: 'u9', tenantId: 't1' })).toBeUndefined();
    } finally {
      await store.close();
    }
  });

  it('given "try later" then an acceptance with warnings, it is reported with warnings and no longer due', async () => {
    const then = await givenEvents(einvoicesProjection, [
      signed,
      on('EInvoiceSubmissionFailed', {
        attempt: 1,
        http_status: 503,
        retry_at: '2026-11-26T09:01:00.000Z',
        errors: [],
      }),
      on('EInvoiceAccepted', {
        attempt: 2,
        http_status: 202,
        status: 'REPORTED',
        warnings: [{ code: 'BR-KSA-98', message: 'late' }],
      }),
    ]);
    expect(await then.get('einvoices', 'u1')).toMatchObject({
      state: 'reported_with_warnings',
      attempts: 2,
      next_attempt_at: null,
      warnings: [{ code: 'BR-KSA-98' }],
    });
  });

  it('given a rejection, it is rejected with its reasons; "report now" makes it due again', async () => {
    const rejected = on('EInvoiceRejected', {
      attempt: 1,
      http_status: 400,
      errors: [{ code: 'BR-KSA-37', message: 'm' }],
      warnings: [],
    });
    const then = await givenEvents(einvoicesProjection, [signed, rejected]);
    expect(await then.get('einvoices', 'u1')).toMatchObject({
      state: 'rejected',
      errors: [{ code: 'BR-KSA-37' }],
      next_attempt_at: null,
    });
    const again = await givenEvents(einvoicesProjection, [
      signed,
      rejected,
      on('EInvoiceResubmissionAsked', {}),
    ]);
    expect(await again.get('einvoices', 'u1')).toMatchObject({ state: 'pending' });
  });

  it('given a standard document cleared, it keeps the cleared XML', async () => {
    const then = await givenEvents(einvoicesProjection, [
      { ...signed, data: { ...signed.data, standard: true } },
      on('EInvoiceAccepted', {
        attempt: 1,
        http_status: 200,
        status: 'CLEARED',
        warnings: [],
        cleared_xml: 'PEludm9pY2UvPg==',
      }),
    ]);
    expect(await then.get('einvoices', 'u1')).toMatchObject({
      state: 'cleared',
      cleared_xml: 'PEludm9pY2UvPg==',
    });
  });
});
