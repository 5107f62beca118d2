import { customerTypeTimeline } from '@rawnaq/contracts';
import { givenEvents, type TestEvent } from '../testing/given-events.test-support';
import { customerTypesProjection } from './customer-types.projection';

const opened: TestEvent = {
  type: 'AccountOpened',
  stream: 'account-t1.1',
  data: { account_id: 1, country_id: 2 }, // the UAE: Asia/Dubai, UTC+4
};
const registered = (id: string, at: string): TestEvent => ({
  type: 'CustomerRegistered',
  stream: `customer-t1.${id}`,
  at,
  data: { customer_id: id, name: id, mobile: '0501234567', mobile_key: '971501234567' },
});
const issued = (invoice: string, customer: string | null, date: string): TestEvent => ({
  type: 'InvoiceIssued',
  stream: `invoice-t1.${invoice}`,
  data: { invoice_id: invoice, customer_id: customer, business_date: date, lines: [], payments: [] },
});
const cancelled = (invoice: string, customer: string, date: string): TestEvent => ({
  type: 'InvoiceCancelled',
  stream: `invoice-t1.${invoice}`,
  data: { invoice_id: invoice, customer_id: customer, business_date: date, payments: [] },
});

/** The customers of each type on a date: the running sum of the day documents up to it. */
const countsOn = async (then: Awaited<ReturnType<typeof givenEvents>>, date: string) => {
  const days = (await then.find('customer_type_days')).filter((d) => (d.date as string) <= date);
  const sum = (t: string) => days.reduce((n, d) => n + ((d[t] as number | undefined) ?? 0), 0);
  return { new: sum('new'), frequent: sum('frequent'), missed: sum('missed') };
};

describe('customer types over time (doc2 §9, the 60-day rule)', () => {
  it('a timeline: new from the day she joined, frequent with the second invoice, missed 61 days after the last', () => {
    expect(customerTypeTimeline('2026-01-01', ['2026-01-10', '2026-02-01'])).toEqual([
      { date: '2026-01-01', type: 'new' },
      { date: '2026-02-01', type: 'frequent' },
      { date: '2026-04-03', type: 'missed' },
    ]);
    // a second visit after more than 60 days: frequent again (more than one invoice, the last recent)
    expect(customerTypeTimeline('2026-01-01', ['2026-01-01', '2026-05-01'])).toEqual([
      { date: '2026-01-01', type: 'new' },
      { date: '2026-03-03', type: 'missed' },
      { date: '2026-05-01', type: 'frequent' },
      { date: '2026-07-01', type: 'missed' },
    ]);
    // no invoice at all: new while she joined within 60 days, missed from the 61st day
    expect(customerTypeTimeline('2026-01-01', [])).toEqual([
      { date: '2026-01-01', type: 'new' },
      { date: '2026-03-03', type: 'missed' },
    ]);
  });

  it('given a customer given a gift card today (the buyer has the invoice), then she is new, not missed, on her first day', async () => {
    const then = await givenEvents(customerTypesProjection, [
      opened,
      registered('buyer', '2026-01-05T08:00:00.000Z'),
      registered('beneficiary', '2026-01-05T08:05:00.000Z'),
      issued('gift', 'buyer', '2026-01-05'),
    ]);
    expect(await countsOn(then, '2026-01-05')).toEqual({ new: 2, frequent: 0, missed: 0 });
    // 61 days after she joined, still without an invoice of her own: missed
    expect(await countsOn(then, '2026-03-07')).toEqual({ new: 0, frequent: 0, missed: 2 });
  });

  it("given customers and invoices, then the count of each type on any day follows the rule, in the salon's time zone", async () => {
    const then = await givenEvents(customerTypesProjection, [
      opened,
      // 22:30 UTC is already the 2nd of January in Dubai
      registered('a', '2026-01-01T22:30:00.000Z'),
      registered('b', '2026-01-05T08:00:00.000Z'),
      issued('i1', 'a', '2026-01-10'),
      issued('i2', 'a', '2026-02-01'),
      issued('i3', 'b', '2026-02-01'),
      issued('walk-in', null, '2026-02-01'),
    ]);
    expect(await countsOn(then, '2026-01-01')).toEqual({ new: 0, frequent: 0, missed: 0 });
    expect(await countsOn(then, '2026-01-02')).toEqual({ new: 1, frequent: 0, missed: 0 });
    expect(await countsOn(then, '2026-01-10')).toEqual({ new: 2, frequent: 0, missed: 0 });
    expect(await countsOn(then, '2026-02-01')).toEqual({ new: 1, frequent: 1, missed: 0 });
    expect(await countsOn(then, '2026-04-02')).toEqual({ new: 1, frequent: 1, missed: 0 });
    // 61 days after their last invoice both are missed, though no event says so
    expect(await countsOn(then, '2026-04-03')).toEqual({ new: 0, frequent: 0, missed: 2 });
  });

  it("given an invoice cancelled (delivered twice), then the customer's history is as if it never was", async () => {
    const without = await givenEvents(customerTypesProjection, [
      opened,
      registered('a', '2026-01-01T08:00:00.000Z'),
      issued('i1', 'a', '2026-01-10'),
    ]);
    const then = await givenEvents(customerTypesProjection, [
      opened,
      registered('a', '2026-01-01T08:00:00.000Z'),
      issued('i1', 'a', '2026-01-10'),
      issued('i2', 'a', '2026-02-01'),
      cancelled('i2', 'a', '2026-02-01'),
      cancelled('i2', 'a', '2026-02-01'),
    ]);
    for (const date of ['2026-01-10', '2026-02-01', '2026-03-11', '2026-03-12', '2026-04-03'])
      expect(await countsOn(then, date)).toEqual(await countsOn(without, date));
    expect(await countsOn(then, '2026-03-12')).toEqual({ new: 0, frequent: 0, missed: 1 });
  });

  it('given two records of one person, when one is merged into the other, then they count as one customer with the invoices of both', async () => {
    const then = await givenEvents(customerTypesProjection, [
      opened,
      registered('mother', '2026-01-01T08:00:00.000Z'),
      registered('daughter', '2026-01-03T08:00:00.000Z'),
      issued('i1', 'mother', '2026-01-05'),
      issued('i2', 'daughter', '2026-01-20'),
    ]);
    expect(await countsOn(then, '2026-01-20')).toEqual({ new: 2, frequent: 0, missed: 0 });
    const merged = await givenEvents(customerTypesProjection, [
      opened,
      registered('mother', '2026-01-01T08:00:00.000Z'),
      registered('daughter', '2026-01-03T08:00:00.000Z'),
      issued('i1', 'mother', '2026-01-05'),
      issued('i2', 'daughter', '2026-01-20'),
      {
        type: 'DuplicateCustomerMergedIn',
        stream: 'customer-t1.mother',
        data: { customer_id: 'mother', merged_customer_id: 'daughter', merged_ids: ['daughter'] },
      },
    ]);
    expect(await countsOn(merged, '2026-01-03')).toEqual({ new: 1, frequent: 0, missed: 0 });
    expect(await countsOn(merged, '2026-01-20')).toEqual({ new: 0, frequent: 1, missed: 0 });
    expect(await countsOn(merged, '2026-03-22')).toEqual({ new: 0, frequent: 0, missed: 1 });
  });
});
