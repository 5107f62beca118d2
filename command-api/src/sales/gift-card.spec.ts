import {
  giftCardCode,
  giftCardExpiry,
  giftCardStatus,
  normalizeGiftCardCode,
  type GiftCardIssued,
} from '@rawnaq/contracts';
import {
  decideGiftCard,
  evolveGiftCard,
  initialGiftCardState,
  redemptionProblem,
  type GiftCardState,
} from './gift-card';

const issued = (over: Partial<GiftCardIssued['data']> = {}): GiftCardIssued => ({
  type: 'GiftCardIssued',
  data: {
    gift_card_id: 'card-1',
    code: 'K7QM-2XPA-9DTR',
    unique_id: 'u'.repeat(22),
    card_type: 0,
    value: 20000,
    currency: 'SAR',
    customer_id: 'amal',
    customer_name: 'Amal',
    buyer_id: 'sara',
    buyer_name: 'Sara',
    invoice_id: 'inv-1',
    invoice_number: 7,
    business_date: '2026-03-01',
    expires_on: giftCardExpiry('2026-03-01'),
    issued_by: 'cashier',
    ...over,
  },
});
const given = (...events: Parameters<typeof evolveGiftCard>[1][]): GiftCardState =>
  events.reduce(evolveGiftCard, initialGiftCardState);
const redeem = (amount: number, customerId: string | null = 'amal', today = '2026-06-01') => ({
  type: 'RedeemGiftCard' as const,
  amount,
  customerId,
  invoiceId: 'inv-2',
  invoiceNumber: 8,
  today,
  field: 'gift_cards.0',
});

describe('a gift card', () => {
  it('is valid through the day before the same date a year later', () => {
    expect(giftCardExpiry('2026-03-01')).toBe('2027-02-28');
    expect(giftCardExpiry('2027-03-01')).toBe('2028-02-29');
    expect(giftCardExpiry('2028-02-29')).toBe('2029-02-27');
    expect(giftCardExpiry('2026-11-25')).toBe('2027-11-24');
  });

  it('has a code of twelve unambiguous characters, read back however it is typed', () => {
    const code = giftCardCode(new Uint8Array(32).fill(0xa5));
    expect(code).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    expect(normalizeGiftCardCode(code.toLowerCase().replace(/-/g, ' '))).toBe(code);
    expect(normalizeGiftCardCode('k7qm 2xpa 9dtr')).toBe('K7QM-2XPA-9DTR');
    // O read as zero, I and L as one
    expect(normalizeGiftCardCode('OOOO-IIII-LLLL')).toBe('0000-1111-1111');
    expect(normalizeGiftCardCode('K7QM-2XPA')).toBeUndefined();
    expect(normalizeGiftCardCode('K7QM-2XPA-9DTU')).toBeUndefined();
  });

  it('given issued, when spent in part then in full: what remains follows, then it is used', () => {
    let state = given(issued());
    const [first] = decideGiftCard(redeem(5000), state);
    expect(first).toMatchObject({ type: 'GiftCardRedeemed', data: { amount: 5000, remaining: 15000 } });
    state = evolveGiftCard(state, first);
    const [second] = decideGiftCard(redeem(15000), state);
    state = evolveGiftCard(state, second);
    expect(state).toMatchObject({ remaining: 0 });
    expect(giftCardStatus({ remaining: 0, expires_on: '2027-02-28' }, '2026-06-01')).toBe('used');
    expect(() => decideGiftCard(redeem(1), state)).toThrow(
      expect.objectContaining({ key: 'gift_cards.used' }),
    );
  });

  it('refuses another customer, more than is left, a card past its last day, and no card', () => {
    const state = given(issued());
    expect(
      redemptionProblem(state, { amount: 100, customerId: 'other', today: '2026-06-01', field: 'g' }),
    ).toEqual({
      field: 'g.code',
      key: 'gift_cards.other_customer',
    });
    expect(
      redemptionProblem(state, { amount: 20001, customerId: 'amal', today: '2026-06-01', field: 'g' }),
    ).toEqual({
      field: 'g.amount',
      key: 'gift_cards.above_remaining',
      params: { remaining: '20000' },
    });
    expect(
      redemptionProblem(state, { amount: 100, customerId: 'amal', today: '2027-02-28', field: 'g' }),
    ).toBeUndefined();
    expect(
      redemptionProblem(state, { amount: 100, customerId: 'amal', today: '2027-03-01', field: 'g' }),
    ).toEqual({
      field: 'g.code',
      key: 'gift_cards.expired',
      params: { date: '2027-02-28' },
    });
    expect(
      redemptionProblem(initialGiftCardState, {
        amount: 1,
        customerId: null,
        today: '2026-06-01',
        field: 'g',
      }),
    ).toEqual({
      field: 'g.code',
      key: 'gift_cards.not_found',
    });
    // a card for nobody in particular: whoever brings the code
    const anyone = given(issued({ customer_id: null }));
    expect(
      redemptionProblem(anyone, { amount: 100, customerId: null, today: '2026-06-01', field: 'g' }),
    ).toBeUndefined();
  });

  it('is issued once', () => {
    expect(() => decideGiftCard({ type: 'IssueGiftCard', card: issued().data }, given(issued()))).toThrow(
      expect.objectContaining({ key: 'gift_cards.already_issued' }),
    );
  });

  it('expires once, the day after its last day, with what was left on it; not before, not used up, not twice', () => {
    const card = issued({ expires_on: '2027-02-28' });
    const spent = {
      type: 'GiftCardRedeemed' as const,
      data: {
        gift_card_id: 'card-1',
        code: card.data.code,
        amount: 5000,
        invoice_id: 'inv-2',
        invoice_number: 8,
        business_date: '2026-06-01',
        remaining: 15000,
      },
    };
    const state = given(card, spent);
    expect(decideGiftCard({ type: 'ExpireGiftCard', today: '2027-02-28' }, state)).toEqual([]);
    const expired = decideGiftCard({ type: 'ExpireGiftCard', today: '2027-03-05' }, state);
    expect(expired).toEqual([
      {
        type: 'GiftCardExpired',
        data: {
          gift_card_id: 'card-1',
          code: card.data.code,
          remaining: 15000,
          expires_on: '2027-02-28',
          // the worker came late: still dated the day after its last day
          business_date: '2027-03-01',
        },
      },
    ]);
    const after = expired.reduce(evolveGiftCard, state);
    expect(decideGiftCard({ type: 'ExpireGiftCard', today: '2027-03-06' }, after)).toEqual([]);
    const usedUp = given(card, { ...spent, data: { ...spent.data, amount: 20000, remaining: 0 } });
    expect(decideGiftCard({ type: 'ExpireGiftCard', today: '2027-03-05' }, usedUp)).toEqual([]);
    expect(decideGiftCard({ type: 'ExpireGiftCard', today: '2027-03-05' }, initialGiftCardState)).toEqual([]);
  });
});
