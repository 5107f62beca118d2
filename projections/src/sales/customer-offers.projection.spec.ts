import { givenEvents } from '../testing/given-events.test-support';
import { customerOffersProjection } from './customer-offers.projection';

const stream = 'customeroffer-t1.co1';
const opened = {
  type: 'CustomerOfferOpened',
  stream,
  data: {
    customer_offer_id: 'co1',
    unique_id: 'u'.repeat(22),
    kind: 'package',
    source_id: 'p1',
    name_en: 'Hair care',
    name_ar: 'العناية بالشعر',
    customer_id: 'c1',
    customer_name: 'Amal',
    services: [
      { service_id: 'wash', name_en: 'Wash', name_ar: 'غسيل', sessions: 2 },
      { service_id: 'cut', name_en: 'Cut', name_ar: 'قص', sessions: 1 },
    ],
    allowance: 3,
    price: 10000,
    total: 11500,
    currency: 'SAR',
    invoice_id: 'i1',
    invoice_number: 1,
    line_id: 'l1',
    business_date: '2026-03-01',
    expires_on: '2026-03-30',
    opened_by: 'u1',
  },
};
const used = (line: string, serviceId: string, left: number) => ({
  type: 'CustomerOfferSessionUsed',
  stream,
  data: {
    customer_offer_id: 'co1',
    service_id: serviceId,
    invoice_id: `inv-${line}`,
    invoice_number: 2,
    line_id: line,
    business_date: '2026-03-05',
    left,
  },
});

/** The cut of invoice inv-b given back by a credit note, on `date`: two sessions left then. */
const returned = (date: string) => ({
  type: 'CustomerOfferSessionReturned',
  stream,
  data: {
    customer_offer_id: 'co1',
    service_id: 'cut',
    invoice_id: 'inv-b',
    line_id: 'b',
    credit_note_id: 'cn1',
    business_date: date,
    left: 2,
  },
});

describe('customer offers projection', () => {
  it('given a package bought, then every session is left and worth what she paid', async () => {
    const then = await givenEvents(customerOffersProjection, [opened]);
    expect(await then.get('customer_offers', 'co1')).toMatchObject({
      tenantId: 't1',
      customer_id: 'c1',
      sessions_used: 0,
      sessions_left: 3,
      value_left: 10000,
      closed: false,
      services: [
        { service_id: 'wash', sessions: 2, used: 0, left: 2 },
        { service_id: 'cut', sessions: 1, used: 0, left: 1 },
      ],
    });
  });

  it('given sessions used and one given back, then what is left follows, worth its share rounded half up', async () => {
    const then = await givenEvents(customerOffersProjection, [
      opened,
      used('a', 'wash', 2),
      used('b', 'cut', 1),
      returned('2026-03-06'),
    ]);
    const doc = await then.get('customer_offers', 'co1');
    expect(doc).toMatchObject({
      sessions_used: 1,
      sessions_left: 2,
      // 10000 x 2 / 3 = 6666.67
      value_left: 6667,
      last_used_on: '2026-03-05',
      services: [
        { service_id: 'wash', used: 1, left: 1 },
        { service_id: 'cut', used: 0, left: 1 },
      ],
    });
    expect((doc as unknown as { uses: Array<{ returned: boolean }> }).uses.map((u) => u.returned)).toEqual([
      false,
      true,
    ]);
  });

  it('given it expired with a session left, when a used one is given back, then that one is breakage too', async () => {
    const then = await givenEvents(customerOffersProjection, [
      opened,
      used('a', 'wash', 2),
      used('b', 'cut', 1),
      {
        type: 'CustomerOfferExpired',
        stream,
        data: {
          customer_offer_id: 'co1',
          sessions_left: 1,
          value_left: 3333,
          expires_on: '2026-03-30',
          business_date: '2026-03-31',
        },
      },
      returned('2026-04-02'),
    ]);
    // what the books post: the 3333 left at expiry, then the 3334 of the session given back
    expect(await then.get('customer_offers', 'co1')).toMatchObject({
      expired_on: '2026-03-31',
      sessions_left: 2,
      value_left: 6667,
      breakage: 6667,
    });
  });

  it('given its sale credited, then it is closed with nothing left', async () => {
    const then = await givenEvents(customerOffersProjection, [
      opened,
      {
        type: 'CustomerOfferClosed',
        stream,
        data: {
          customer_offer_id: 'co1',
          invoice_id: 'i1',
          credit_note_id: 'cn2',
          reason: 'credit_note',
          business_date: '2026-03-02',
        },
      },
    ]);
    expect(await then.get('customer_offers', 'co1')).toMatchObject({
      closed: true,
      closed_reason: 'credit_note',
      sessions_left: 0,
      value_left: 0,
      services: [{ left: 0 }, { left: 0 }],
    });
  });
});
