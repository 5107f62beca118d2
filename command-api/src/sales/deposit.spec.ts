import type { DepositTaken } from '@rawnaq/contracts';
import {
  activeDeposits,
  decideDeposits,
  evolveDeposits,
  initialDepositsState,
  type DepositsState,
} from './deposit';

const taken = (id: string, amount: number): DepositTaken['data'] => ({
  deposit_id: id,
  appointment_id: 'visit',
  customer_id: 'c',
  customer_name: 'Amal',
  payment: { payment_id: id, method: 1, amount },
  unique_id: `u${id}`.padEnd(22, 'x'),
  business_date: '2026-11-25',
  cashier_id: 'cashier',
  currency: 'SAR',
});
const apply = (state: DepositsState, command: Parameters<typeof decideDeposits>[0]) =>
  decideDeposits(command, state).reduce(evolveDeposits, state);

describe("a visit's deposits", () => {
  it('given two deposits, when one is cancelled: it is cancelled once, and the checkout applies the other', () => {
    let state = apply(initialDepositsState, { type: 'Take', taken: taken('a', 5000) });
    state = apply(state, { type: 'Take', taken: taken('b', 2000) });
    state = apply(state, { type: 'Cancel', depositId: 'b', reason: '', today: '2026-11-25' });
    expect(() =>
      decideDeposits({ type: 'Cancel', depositId: 'b', reason: '', today: '2026-11-25' }, state),
    ).toThrow(expect.objectContaining({ key: 'deposits.already_cancelled', status: 409 }));
    expect(activeDeposits(state).map((d) => d.deposit_id)).toEqual(['a']);
    const applied = decideDeposits({ type: 'Apply', invoiceId: 'inv', invoiceNumber: 9 }, state);
    expect(applied).toEqual([
      {
        type: 'DepositApplied',
        data: {
          deposit_id: 'a',
          appointment_id: 'visit',
          invoice_id: 'inv',
          invoice_number: 9,
          amount: 5000,
        },
      },
    ]);
    state = applied.reduce(evolveDeposits, state);
    expect(() =>
      decideDeposits({ type: 'Cancel', depositId: 'a', reason: '', today: '2026-11-25' }, state),
    ).toThrow(expect.objectContaining({ key: 'deposits.already_applied' }));
    expect(activeDeposits(state)).toEqual([]);
  });

  it('takes the same deposit once (a retried request)', () => {
    const state = apply(initialDepositsState, { type: 'Take', taken: taken('a', 5000) });
    expect(decideDeposits({ type: 'Take', taken: taken('a', 5000) }, state)).toEqual([]);
  });
});
