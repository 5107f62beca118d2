import {
  customerOfferStatus,
  DomainError,
  packageExpiry,
  valueLeft,
  type CustomerOfferEvent,
  type CustomerOfferOpened,
  type OfferDetails,
  type PackageDetails,
} from '@rawnaq/contracts';
import {
  decideCustomerOffer,
  evolveCustomerOffer,
  initialCustomerOfferState,
  purchaseTerms,
  type CustomerOfferCommand,
  type CustomerOfferState,
} from './customer-offer';

const names = (id: string) => ({ name_en: `Service ${id}`, name_ar: `خدمة ${id}` });
const pkg: PackageDetails = {
  name_en: 'Hair care',
  name_ar: 'العناية بالشعر',
  items: [
    { service_id: 'wash', sessions: 3 },
    { service_id: 'cut', sessions: 1 },
  ],
  price: 30000,
  items_total: 40000,
  validity_days: 30,
};
const variable: OfferDetails = {
  name_en: 'Pick two',
  name_ar: 'اختاري اثنتين',
  type: 'variable',
  use_type: 2,
  service_ids: ['wash', 'cut', 'nails'],
  max_services_to_use: 2,
  price: 15000,
  items_total: 30000,
  expiry_date: '2026-12-31',
};

const opened = (over: Partial<CustomerOfferOpened['data']> = {}): CustomerOfferOpened => {
  const terms = purchaseTerms({ kind: 'package', details: pkg }, '2026-03-01', names);
  return {
    type: 'CustomerOfferOpened',
    data: {
      customer_offer_id: 'co-1',
      unique_id: 'u'.repeat(22),
      kind: 'package',
      source_id: 'pkg-1',
      name_en: pkg.name_en,
      name_ar: pkg.name_ar,
      customer_id: 'amal',
      customer_name: 'Amal',
      ...terms,
      price: 30000,
      total: 34500,
      currency: 'SAR',
      invoice_id: 'inv-1',
      invoice_number: 1,
      line_id: 'line-1',
      business_date: '2026-03-01',
      opened_by: 'cashier',
      ...over,
    },
  };
};
const given = (...events: CustomerOfferEvent[]): CustomerOfferState =>
  events.reduce(evolveCustomerOffer, initialCustomerOfferState);
const use = (
  serviceId: string,
  over: Partial<Extract<CustomerOfferCommand, { type: 'UseSession' }>> = {},
) => ({
  type: 'UseSession' as const,
  customerId: 'amal',
  serviceId,
  invoiceId: 'inv-2',
  invoiceNumber: 2,
  lineId: `line-${serviceId}`,
  today: '2026-03-10',
  field: 'lines.0.customer_offer_id',
  ...over,
});
/** the events a command decides on a state, applied: the state after */
const after = (state: CustomerOfferState, command: CustomerOfferCommand) =>
  decideCustomerOffer(command, state).reduce(evolveCustomerOffer, state);
/** All four sessions used, each on its own line of its own invoice (inv-2 to inv-5). */
const usedUp = () =>
  ['wash', 'wash', 'wash', 'cut'].reduce(
    (state, s, i) => after(state, use(s, { lineId: `line-${i}`, invoiceId: `inv-${i + 2}` })),
    given(opened()),
  );
const refusedWith = (state: CustomerOfferState, command: CustomerOfferCommand) => {
  try {
    decideCustomerOffer(command, state);
  } catch (e) {
    if (e instanceof DomainError) return { key: e.key, errors: e.errors, status: e.status };
    throw e;
  }
  throw new Error('not refused');
};

describe('a purchased package or offer', () => {
  it('sold: a package gives its sessions of each service, valid validity_days from the sale', () => {
    const terms = purchaseTerms({ kind: 'package', details: pkg }, '2026-03-01', names);
    expect(terms.allowance).toBe(4);
    expect(terms.expires_on).toBe('2026-03-30');
    expect(terms.services.map((s) => [s.service_id, s.sessions, s.name_en])).toEqual([
      ['wash', 3, 'Service wash'],
      ['cut', 1, 'Service cut'],
    ]);
    expect(packageExpiry('2026-03-01', 1)).toBe('2026-03-01');
  });

  it('sold: a fixed offer gives each service once; a variable one any max_services_to_use of them', () => {
    const fixed = purchaseTerms(
      { kind: 'offer', details: { ...variable, type: 'fixed', use_type: 1, max_services_to_use: 3 } },
      '2026-03-01',
      names,
    );
    expect(fixed).toMatchObject({ allowance: 3, expires_on: '2026-12-31' });
    expect(fixed.services.every((s) => s.sessions === 1)).toBe(true);
    expect(purchaseTerms({ kind: 'offer', details: variable }, '2026-03-01', names).allowance).toBe(2);
  });

  it('given it was opened, opening it again is refused', () => {
    const state = given(opened());
    expect(refusedWith(state, { type: 'OpenCustomerOffer', item: opened().data }).key).toBe(
      'customer_offers.already_opened',
    );
    expect(
      decideCustomerOffer({ type: 'OpenCustomerOffer', item: opened().data }, initialCustomerOfferState),
    ).toEqual([opened()]);
  });

  it('uses a session of a service in it and counts what is left', () => {
    const [event] = decideCustomerOffer(use('wash'), given(opened()));
    expect(event).toEqual({
      type: 'CustomerOfferSessionUsed',
      data: {
        customer_offer_id: 'co-1',
        service_id: 'wash',
        invoice_id: 'inv-2',
        invoice_number: 2,
        line_id: 'line-wash',
        business_date: '2026-03-10',
        left: 3,
      },
    });
  });

  it('refuses a session when none of that service is left', () => {
    const state = after(given(opened()), use('cut'));
    expect(refusedWith(state, use('cut', { lineId: 'again' }))).toMatchObject({
      key: 'customer_offers.no_session_left',
      status: 422,
      errors: { 'lines.0.customer_offer_id': 'customer_offers.no_session_left' },
    });
    // the other service still has its sessions
    expect(decideCustomerOffer(use('wash'), state)).toHaveLength(1);
  });

  it('a variable offer: each service once, no more than max_services_to_use in all', () => {
    const offer = opened({
      kind: 'offer',
      ...purchaseTerms({ kind: 'offer', details: variable }, '2026-03-01', names),
    });
    let state = after(given(offer), use('wash'));
    expect(refusedWith(state, use('wash', { lineId: 'x' })).key).toBe('customer_offers.no_session_left');
    state = after(state, use('nails'));
    expect(refusedWith(state, use('cut')).key).toBe('customer_offers.no_session_left');
  });

  it('refuses a service not in it, another customer, an expired one and an unknown one', () => {
    const state = given(opened());
    expect(refusedWith(state, use('massage')).key).toBe('customer_offers.service_not_included');
    expect(refusedWith(state, use('wash', { customerId: 'sara' })).key).toBe(
      'customer_offers.other_customer',
    );
    expect(refusedWith(state, use('wash', { customerId: null })).key).toBe('customer_offers.other_customer');
    // valid through its last day, not after
    expect(decideCustomerOffer(use('wash', { today: '2026-03-30' }), state)).toHaveLength(1);
    expect(refusedWith(state, use('wash', { today: '2026-03-31' }))).toMatchObject({
      key: 'customer_offers.expired',
      errors: { 'lines.0.customer_offer_id': 'customer_offers.expired' },
    });
    expect(refusedWith(initialCustomerOfferState, use('wash')).key).toBe('customer_offers.not_found');
  });

  it('gives a used session back once when the invoice that used it is credited or cancelled', () => {
    const used = after(given(opened()), use('cut'));
    const back = {
      type: 'GiveSessionBack' as const,
      invoiceId: 'inv-2',
      lineId: 'line-cut',
      creditNoteId: 'cn-1',
      today: '2026-03-11',
    };
    const events = decideCustomerOffer(back, used);
    expect(events).toEqual([
      {
        type: 'CustomerOfferSessionReturned',
        data: {
          customer_offer_id: 'co-1',
          service_id: 'cut',
          invoice_id: 'inv-2',
          line_id: 'line-cut',
          credit_note_id: 'cn-1',
          business_date: '2026-03-11',
          left: 4,
        },
      },
    ]);
    const returned = events.reduce(evolveCustomerOffer, used);
    // the session can be used again, and giving it back twice does nothing
    expect(decideCustomerOffer(use('cut', { lineId: 'l2', invoiceId: 'inv-3' }), returned)).toHaveLength(1);
    expect(decideCustomerOffer(back, returned)).toEqual([]);
  });

  it('closes when its sale is credited, only while unused; a closed one is used no more', () => {
    const close = {
      type: 'CloseCustomerOffer' as const,
      invoiceId: 'inv-1',
      creditNoteId: 'cn-1',
      reason: 'credit_note' as const,
      today: '2026-03-05',
      field: 'lines.0.line_id',
    };
    const used = after(given(opened()), use('wash'));
    expect(refusedWith(used, close)).toMatchObject({
      key: 'customer_offers.used_cannot_credit',
      errors: { 'lines.0.line_id': 'customer_offers.used_cannot_credit' },
    });
    expect(refusedWith(used, { ...close, reason: 'cancelled' }).key).toBe(
      'customer_offers.used_cannot_cancel',
    );
    const closed = after(given(opened()), close);
    expect(closed).toMatchObject({ closed: true });
    expect(refusedWith(closed, use('wash')).key).toBe('customer_offers.closed');
    expect(decideCustomerOffer(close, closed)).toEqual([]);
  });

  it('is worth the share of its price its sessions left are, rounded half up; its status follows the day', () => {
    expect(valueLeft(30000, 3, 4)).toBe(22500);
    expect(valueLeft(10000, 1, 3)).toBe(3333);
    expect(valueLeft(10000, 2, 3)).toBe(6667);
    expect(valueLeft(1000, 1, 8)).toBe(125);
    expect(valueLeft(5, 1, 2)).toBe(3);
    expect(valueLeft(30000, 0, 4)).toBe(0);
    expect(customerOfferStatus({ sessions_left: 2, expires_on: '2026-03-30' }, '2026-03-30')).toBe('active');
    expect(customerOfferStatus({ sessions_left: 2, expires_on: '2026-03-30' }, '2026-03-31')).toBe('expired');
    expect(customerOfferStatus({ sessions_left: 0, expires_on: '2026-03-30' }, '2026-03-01')).toBe('used');
    expect(
      customerOfferStatus({ closed: true, sessions_left: 4, expires_on: '2026-03-30' }, '2026-03-01'),
    ).toBe('closed');
  });

  it('expires once, the day after its last day, with what its sessions left were worth; not before, not used up, not closed, not twice', () => {
    // 4 sessions for 300.00, one used: 3 left worth 225.00; its last day the 30th of March
    const state = after(given(opened()), use('cut'));
    expect(decideCustomerOffer({ type: 'ExpireCustomerOffer', today: '2026-03-30' }, state)).toEqual([]);
    const expired = decideCustomerOffer({ type: 'ExpireCustomerOffer', today: '2026-04-02' }, state);
    expect(expired).toEqual([
      {
        type: 'CustomerOfferExpired',
        data: {
          customer_offer_id: 'co-1',
          sessions_left: 3,
          value_left: 22500,
          expires_on: '2026-03-30',
          business_date: '2026-03-31',
        },
      },
    ]);
    const gone = expired.reduce(evolveCustomerOffer, state);
    expect(decideCustomerOffer({ type: 'ExpireCustomerOffer', today: '2026-04-03' }, gone)).toEqual([]);
    const closed = given(opened(), {
      type: 'CustomerOfferClosed',
      data: {
        customer_offer_id: 'co-1',
        invoice_id: 'inv-1',
        credit_note_id: 'cn-1',
        reason: 'credit_note',
        business_date: '2026-03-02',
      },
    });
    expect(decideCustomerOffer({ type: 'ExpireCustomerOffer', today: '2026-04-02' }, closed)).toEqual([]);
    expect(decideCustomerOffer({ type: 'ExpireCustomerOffer', today: '2026-04-02' }, usedUp())).toEqual([]);
  });

  it('given it ended with nothing left, a session given back after its last day expires with it at once, its value breakage that day', () => {
    // 4 sessions for 300.00, all used; its last day the 30th of March; the expiry found nothing left
    const allUsed = usedUp();
    expect(decideCustomerOffer({ type: 'ExpireCustomerOffer', today: '2026-03-31' }, allUsed)).toEqual([]);
    const back = {
      type: 'GiveSessionBack' as const,
      invoiceId: 'inv-5',
      lineId: 'line-3',
      creditNoteId: 'cn-1',
      today: '2026-04-20',
    };
    const events = decideCustomerOffer(back, allUsed);
    expect(events.map((e) => e.type)).toEqual(['CustomerOfferSessionReturned', 'CustomerOfferExpired']);
    expect(events[1].data).toEqual({
      customer_offer_id: 'co-1',
      sessions_left: 1,
      value_left: 7500,
      expires_on: '2026-03-30',
      business_date: '2026-04-20',
    });
    // expired once: the day's expiry finds it done
    const now = events.reduce(evolveCustomerOffer, allUsed);
    expect(decideCustomerOffer({ type: 'ExpireCustomerOffer', today: '2026-04-21' }, now)).toEqual([]);
    // given back on or before its last day, or to one already expired: the session alone
    expect(decideCustomerOffer({ ...back, today: '2026-03-30' }, allUsed)).toHaveLength(1);
    const usedThenExpired = after(after(given(opened()), use('cut')), {
      type: 'ExpireCustomerOffer',
      today: '2026-03-31',
    });
    expect(usedThenExpired).toMatchObject({ expired: true });
    expect(
      decideCustomerOffer({ ...back, invoiceId: 'inv-2', lineId: 'line-cut' }, usedThenExpired).map(
        (e) => e.type,
      ),
    ).toEqual(['CustomerOfferSessionReturned']);
  });
});
