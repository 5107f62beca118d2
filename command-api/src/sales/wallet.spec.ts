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
});
