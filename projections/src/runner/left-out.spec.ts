import { allProjections } from '../catalog';
import { recorded } from '../testing/given-events.test-support';
import { LEFT_OUT_OF_PROJECTIONS } from './left-out';
import { projectBatch } from './project-batch';

const signed = recorded({
  type: 'EInvoiceSigned',
  stream: 'einvoicechain-t1.d1',
  data: {
    device_id: 'd1',
    icv: 7,
    pih: 'seed',
    hash: 'H7',
    uuid: 'u7',
    reference_type: 388,
    document_id: 'inv7',
    document_number: '7',
    standard: false,
    xml: '<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/>',
    qr: 'AQ==',
    issued_at: '2026-11-26T09:00:00.000Z',
  },
});

describe('the fields left out of what the projections read', () => {
  const handling = allProjections.filter(
    (p) => p.handles === 'all' || (p.handles as readonly string[]).includes('EInvoiceSigned'),
  );

  it('is checked against every projection given a signed document (the audit log takes every event)', () => {
    expect(handling.map((p) => p.name)).toEqual(expect.arrayContaining(['sales', 'einvoices', 'audit-log']));
  });

  it.each(handling.map((p) => [p.name, p] as const))(
    'the %s projection makes the same changes of a signed document without its XML',
    async (_name, projection) => {
      const without = { ...signed, data: { ...signed.data } };
      for (const field of LEFT_OUT_OF_PROJECTIONS.EInvoiceSigned) delete without.data[field];
      const none = async () => new Map();
      const whole = await projectBatch(projection, 1, [signed], none);
      expect(await projectBatch(projection, 1, [without], none)).toEqual(whole);
    },
  );
});

const answered = recorded({
  type: 'CommandAnswered',
  stream: 'reply-t1.0123456789abcdef0123456789abcdef',
  data: {
    status: 201,
    body: { id: 'inv7', number: 7, lines: [{ name_en: 'Haircut', name_ar: 'قص الشعر', total: 11500 }] },
  },
});

describe('the body of a stored reply, left out of what the projections read', () => {
  const handling = allProjections.filter(
    (p) => p.handles === 'all' || (p.handles as readonly string[]).includes('CommandAnswered'),
  );

  it('is checked against every projection given every event (the audit log)', () => {
    expect(handling.map((p) => p.name)).toContain('audit-log');
  });

  it.each(handling.map((p) => [p.name, p] as const))(
    'the %s projection makes the same changes of a stored reply without its body',
    async (_name, projection) => {
      const without = { ...answered, data: { ...answered.data } };
      for (const field of LEFT_OUT_OF_PROJECTIONS.CommandAnswered) delete without.data[field];
      const none = async () => new Map();
      const whole = await projectBatch(projection, 1, [answered], none);
      expect(await projectBatch(projection, 1, [without], none)).toEqual(whole);
    },
  );
});
