import { givenEvents, type TestEvent } from '../testing/given-events.test-support';
import { customersProjection } from './customers.projection';

const registered = (id: string, name: string, tenantId = 't1') => ({
  type: 'CustomerRegistered',
  stream: `customer-${tenantId}.${id}`,
  tenantId,
  data: { customer_id: id, name, mobile: '0501234567', mobile_key: '966501234567', birth_date: '1990-04-12' },
});

describe('customers projection', () => {
  it('given registrations, then each customer has a serial in order per salon, active, with empty balances', async () => {
    const then = await givenEvents(customersProjection, [
      registered('a', 'Amal'),
      registered('b', 'Badr'),
      registered('z', 'Zed', 't2'),
    ]);
    expect(await then.get('customers', 'a')).toMatchObject({
      tenantId: 't1',
      serial: 1,
      name: 'Amal',
      status: 1,
      birth_month: 4,
      invoices_count: 0,
      wallet_balance: 0,
      loyalty_points: 0,
      created_by: { kind: 'user', id: 'u1' },
    });
    expect((await then.get('customers', 'b'))?.serial).toBe(2);
    expect((await then.get('customers', 'z'))?.serial).toBe(1);
  });

  it('given mobiles spelled the way older events did (an import without the plus), then the list shows one form', async () => {
    const then = await givenEvents(customersProjection, [
      {
        type: 'CustomerRegistered',
        stream: 'customer-t1.i',
        data: { customer_id: 'i', name: 'Imported', mobile: '966551234567', mobile_key: '966551234567' },
      },
      {
        type: 'CustomerRegistered',
        stream: 'customer-t1.f',
        data: { customer_id: 'f', name: 'Form', mobile: '+9660551234568', mobile_key: '966551234568' },
      },
      {
        type: 'CustomerDetailsChanged',
        stream: 'customer-t1.f',
        data: { customer_id: 'f', changed: { mobile: '00966551234569' }, previous: {} },
      },
    ]);
    expect((await then.get('customers', 'i'))?.mobile).toBe('+966551234567');
    expect((await then.get('customers', 'f'))?.mobile).toBe('+966551234569');
  });

  it('given a change, then changed fields are set and cleared fields removed', async () => {
    const then = await givenEvents(customersProjection, [
      registered('a', 'Amal'),
      {
        type: 'CustomerDetailsChanged',
        stream: 'customer-t1.a',
        actor: 'u2',
        data: { customer_id: 'a', changed: { name: 'Amal S.', birth_date: null }, previous: {} },
      },
    ]);
    const doc = await then.get('customers', 'a');
    expect(doc).toMatchObject({ name: 'Amal S.', birth_month: null, updated_by: { kind: 'user', id: 'u2' } });
    expect(doc).not.toHaveProperty('birth_date');
  });

  it('given disable then activate, then the status follows', async () => {
    const disabled = await givenEvents(customersProjection, [
      registered('a', 'Amal'),
      { type: 'CustomerDisabled', stream: 'customer-t1.a', data: { customer_id: 'a' } },
    ]);
    expect((await disabled.get('customers', 'a'))?.status).toBe(0);
    const back = await givenEvents(customersProjection, [
      registered('a', 'Amal'),
      { type: 'CustomerDisabled', stream: 'customer-t1.a', data: { customer_id: 'a' } },
      { type: 'CustomerActivated', stream: 'customer-t1.a', data: { customer_id: 'a' } },
    ]);
    expect((await back.get('customers', 'a'))?.status).toBe(1);
  });

  describe("invoices and cancellings (the customer type's count and last date)", () => {
    const issued = (invoice: string, date: string, customer = 'a'): TestEvent => ({
      type: 'InvoiceIssued',
      stream: `invoice-t1.${invoice}`,
      data: { invoice_id: invoice, customer_id: customer, business_date: date, lines: [], payments: [] },
    });
    const cancelled = (invoice: string, date: string, customer: string | null = 'a'): TestEvent => ({
      type: 'InvoiceCancelled',
      stream: `invoice-t1.${invoice}`,
      data: { invoice_id: invoice, customer_id: customer, business_date: date, payments: [] },
    });

    it('given two invoices, when the later one is cancelled: one invoice, the earlier date is the last', async () => {
      const then = await givenEvents(customersProjection, [
        registered('a', 'Amal'),
        issued('i1', '2026-10-01'),
        issued('i2', '2026-11-20'),
      ]);
      expect(await then.get('customers', 'a')).toMatchObject({
        invoices_count: 2,
        last_invoice_date: '2026-11-20',
      });
      const after = await givenEvents(customersProjection, [
        registered('a', 'Amal'),
        issued('i1', '2026-10-01'),
        issued('i2', '2026-11-20'),
        cancelled('i2', '2026-11-20'),
      ]);
      expect(await after.get('customers', 'a')).toMatchObject({
        invoices_count: 1,
        last_invoice_date: '2026-10-01',
      });
    });

    it('given the only invoice cancelled (twice delivered), then none is counted and there is no last date', async () => {
      const then = await givenEvents(customersProjection, [
        registered('a', 'Amal'),
        issued('i1', '2026-11-20'),
        cancelled('i1', '2026-11-20'),
        cancelled('i1', '2026-11-20'),
      ]);
      expect(await then.get('customers', 'a')).toMatchObject({ invoices_count: 0, last_invoice_date: null });
    });

    it('given a cancelling recorded without its customer (before it was named), then no customer changes', async () => {
      const then = await givenEvents(customersProjection, [
        registered('a', 'Amal'),
        issued('i1', '2026-11-20'),
        cancelled('i1', '2026-11-20', null),
      ]);
      expect(await then.get('customers', 'a')).toMatchObject({ invoices_count: 1 });
    });
  });

  it('given a likely duplicate registered online, merged into the customer on file, then the kept card counts both and the merged one says into whom', async () => {
    const at = (id: string) => `customer-t1.${id}`;
    const issued = (invoice: string, customer: string, date: string) => ({
      type: 'InvoiceIssued',
      stream: `invoice-t1.${invoice}`,
      data: { invoice_id: invoice, customer_id: customer, business_date: date },
    });
    const then = await givenEvents(customersProjection, [
      registered('mother', 'Amal'),
      registered('daughter', 'Noura'),
      {
        type: 'CustomerFlaggedAsLikelyDuplicate',
        stream: at('daughter'),
        data: { customer_id: 'daughter', of: ['mother'], reason: 'same_mobile' },
      },
      issued('i1', 'mother', '2026-10-01'),
      issued('i2', 'daughter', '2026-11-01'),
      {
        type: 'CustomerPenaltyRecorded',
        stream: at('daughter'),
        data: { customer_id: 'daughter', penalty_type: 1, appointment_id: 'v' },
      },
      {
        type: 'WalletToppedUp',
        stream: 'wallet-t1.daughter',
        data: {
          customer_id: 'daughter',
          amount: 5000,
          balance: 5000,
          business_date: '2026-11-01',
          payment: {},
        },
      },
    ]);
    expect(await then.get('customers', 'daughter')).toMatchObject({
      likely_duplicate: true,
      likely_duplicate_of: ['mother'],
    });
    const merged = await givenEvents(customersProjection, [
      registered('mother', 'Amal'),
      registered('daughter', 'Noura'),
      {
        type: 'CustomerFlaggedAsLikelyDuplicate',
        stream: at('daughter'),
        data: { customer_id: 'daughter', of: ['mother'], reason: 'same_mobile' },
      },
      issued('i1', 'mother', '2026-10-01'),
      issued('i2', 'daughter', '2026-11-01'),
      {
        type: 'CustomerPenaltyRecorded',
        stream: at('daughter'),
        data: { customer_id: 'daughter', penalty_type: 1, appointment_id: 'v' },
      },
      {
        type: 'CustomerMerged',
        stream: at('daughter'),
        data: { customer_id: 'daughter', into_customer_id: 'mother' },
      },
      {
        type: 'DuplicateCustomerMergedIn',
        stream: at('mother'),
        data: {
          customer_id: 'mother',
          merged_customer_id: 'daughter',
          merged_ids: ['daughter'],
          wallet_moved: 0,
          loyalty_points_moved: 0,
        },
      },
      // an invoice of hers cancelled after the merge is the kept customer's (the command says so)
      {
        type: 'InvoiceCancelled',
        stream: 'invoice-t1.i1',
        data: { invoice_id: 'i1', customer_id: 'mother', business_date: '2026-10-01' },
      },
    ]);
    expect(await merged.get('customers', 'daughter')).toMatchObject({
      merged_into: 'mother',
      likely_duplicate: false,
      likely_duplicate_of: [],
    });
    expect(await merged.get('customers', 'mother')).toMatchObject({
      merged_ids: ['daughter'],
      invoices_count: 1,
      last_invoice_date: '2026-11-01',
      penalties: 1,
      no_shows: 1,
      likely_duplicate: false,
    });
  });

  it('given a likely duplicate, when the desk says "not the same person", then she is no longer flagged', async () => {
    const then = await givenEvents(customersProjection, [
      registered('mother', 'Amal'),
      registered('daughter', 'Noura'),
      {
        type: 'CustomerFlaggedAsLikelyDuplicate',
        stream: 'customer-t1.daughter',
        data: { customer_id: 'daughter', of: ['mother'], reason: 'same_mobile' },
      },
      {
        type: 'LikelyDuplicateDismissed',
        stream: 'customer-t1.daughter',
        data: { customer_id: 'daughter', of: 'mother' },
      },
    ]);
    expect(await then.get('customers', 'daughter')).toMatchObject({
      likely_duplicate: false,
      likely_duplicate_of: [],
    });
  });
});
