import { givenEvents } from '../testing/given-events.test-support';
import { einvoicesProjection } from './einvoices.projection';

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
  it('given a document signed, it is pending and due at once', async () => {
    const then = await givenEvents(einvoicesProjection, [signed]);
    expect(await then.get('einvoices', 'u1')).toMatchObject({
      state: 'pending',
      attempts: 0,
      document_id: 'inv1',
      tenantId: 't1',
      xml: '<Invoice/>',
    });
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
