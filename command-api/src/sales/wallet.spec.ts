import fc from 'fast-check';
import { decideWallet, evolveWallet, initialWalletState, type WalletState } from './wallet';

const topUp = (amount: number) => ({
  type: 'TopUp' as const,
  customerId: 'amal',
  customerName: 'Amal',
  payment: { payment_id: 'p', method: 1 as const, amount },
  businessDate: '2026-11-25',
  cashierId: 'cashier',
});
const debit = (amount: number) => ({
  type: 'Debit' as const,
  customerId: 'amal',
  amount,
  invoiceId: 'inv',
  invoiceNumber: 1,
  businessDate: '2026-11-25',
  field: 'payments.0.amount',
});
const apply = (state: WalletState, command: Parameters<typeof decideWallet>[0]) =>
  decideWallet(command, state).reduce(evolveWallet, state);

describe('a wallet', () => {
  it('given top-ups, when an invoice spends from it: the balance goes down, never below zero', () => {
    let state = apply(initialWalletState, topUp(15000));
    state = apply(state, topUp(2550));
    expect(state.balance).toBe(17550);
    const [spent] = decideWallet(debit(10000), state);
    expect(spent).toMatchObject({ type: 'WalletDebited', data: { amount: 10000, balance: 7550 } });
    state = evolveWallet(state, spent);
    expect(() => decideWallet(debit(7551), state)).toThrow(
      expect.objectContaining({ key: 'sales.wallet_balance_low', params: { balance: '7550' } }),
    );
  });

  it('refuses a top-up that is not a positive amount', () => {
    expect(() => decideWallet(topUp(0), initialWalletState)).toThrow(
      expect.objectContaining({ key: 'sales.payment_not_positive' }),
    );
  });

  it('whatever the movements, each records the balance it leaves and the balance never goes negative', () => {
    fc.assert(
      fc.property(
        fc.array(fc.tuple(fc.boolean(), fc.integer({ min: 1, max: 100_000 })), { maxLength: 40 }),
        (moves) => {
          let state = initialWalletState;
          let expected = 0;
          for (const [isTopUp, amount] of moves) {
            try {
              const events = decideWallet(isTopUp ? topUp(amount) : debit(amount), state);
              for (const e of events) {
                state = evolveWallet(state, e);
                expect(e.data.balance).toBe(state.balance);
              }
              expected += isTopUp ? amount : -amount;
            } catch {
              expect(isTopUp).toBe(false);
              expect(amount).toBeGreaterThan(state.balance);
            }
            expect(state.balance).toBe(expected);
            expect(state.balance).toBeGreaterThanOrEqual(0);
          }
        },
      ),
    );
  });

  it('given a balance, when its customer is merged into another, then the whole balance moves, exactly, and none is made', () => {
    const merged = apply(initialWalletState, topUp(12345));
    const out = decideWallet(
      { type: 'MoveOut', customerId: 'amal', toCustomerId: 'kept', businessDate: '2026-11-25' },
      merged,
    );
    expect(out).toEqual([
      {
        type: 'WalletMovedOut',
        data: {
          customer_id: 'amal',
          to_customer_id: 'kept',
          amount: 12345,
          business_date: '2026-11-25',
          balance: 0,
        },
      },
    ]);
    expect(out.reduce(evolveWallet, merged).balance).toBe(0);
    const kept = apply(initialWalletState, topUp(500));
    const into = decideWallet(
      {
        type: 'MoveIn',
        customerId: 'kept',
        fromCustomerId: 'amal',
        amount: 12345,
        businessDate: '2026-11-25',
      },
      kept,
    );
    expect(into).toMatchObject([{ type: 'WalletMovedIn', data: { amount: 12345, balance: 12845 } }]);
    expect(into.reduce(evolveWallet, kept).balance).toBe(12845);
    // an empty wallet moves nothing
    expect(
      decideWallet(
        { type: 'MoveOut', customerId: 'amal', toCustomerId: 'kept', businessDate: '2026-11-25' },
        initialWalletState,
      ),
    ).toEqual([]);
  });
});
