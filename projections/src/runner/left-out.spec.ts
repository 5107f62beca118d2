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

const answered = recorded({
  type: 'CommandAnswered',
  stream: 'reply-t1.0123456789abcdef0123456789abcdef',
  data: {
    status: 201,
    body: { id: 'inv7', number: 7, lines: [{ name_en: 'Haircut', name_ar: 'قص الشعر', total: 11500 }] },
  },
});

/** each event type whose fields are left out, with a sample, and the projections it must be checked on */
const cases = [
  { event: signed, what: 'a signed document', expected: ['sales', 'einvoices', 'audit-log'] },
  { event: answered, what: 'a stored reply', expected: ['audit-log'] },
] as const;

describe.each(cases)('the fields left out of $event.type, for the projections given it', (c) => {
  const type = c.event.type as keyof typeof LEFT_OUT_OF_PROJECTIONS;
  const handling = allProjections.filter(
    (p) => p.handles === 'all' || (p.handles as readonly string[]).includes(type),
  );

  it('is checked against every projection given it (the audit log takes every event)', () => {
    expect(handling.map((p) => p.name)).toEqual(expect.arrayContaining([...c.expected]));
  });

  it.each(handling.map((p) => [p.name, p] as const))(
    `the %s projection makes the same changes of ${c.what} without them`,
    async (_name, projection) => {
      const without = { ...c.event, data: { ...c.event.data } as Record<string, unknown> };
      for (const field of LEFT_OUT_OF_PROJECTIONS[type]) delete without.data[field];
      const none = async () => new Map();
      const whole = await projectBatch(projection, 1, [c.event], none);
      expect(await projectBatch(projection, 1, [without], none)).toEqual(whole);
    },
  );
});

it('checks every event type whose fields are left out', () => {
  expect(cases.map((c) => c.event.type).sort()).toEqual(Object.keys(LEFT_OUT_OF_PROJECTIONS).sort());
});
