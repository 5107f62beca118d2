import { PaymentMethod, VatType } from '@rawnaq/contracts';
import { invoiceBody, restInCash, tillTotals, type TillLine, type TillPaymentRow } from './basket';

const line = (over: Partial<TillLine> = {}): TillLine => ({
  key: 'l1',
  kind: 'service',
  itemId: 's1',
  nameEn: 'Haircut',
  nameAr: 'قص الشعر',
  employeeId: 'e1',
  quantity: '1',
  price: '100.00',
  listPrice: 10000,
  discount: '',
  vatType: VatType.standard,
  ...over,
});
const pay = (method: PaymentMethod, amount: string, code = ''): TillPaymentRow => ({
  key: `p${method}${amount}`,
  method,
  amount,
  authorizationCode: code,
});
const SAR = { currency: 'SAR' as const, vatEnabled: true, vatPercentage: 15, mayOwe: false };

describe('the till basket', () => {
  it('prices a service and an exempt product with the contracts, and says what remains to pay', () => {
    const lines = [
      line(),
      line({
        key: 'l2',
        kind: 'product',
        itemId: 'p1',
        price: '45.50',
        listPrice: 4550,
        vatType: VatType.exempt,
      }),
    ];
    const totals = tillTotals(lines, '', [pay(PaymentMethod.cash, '50')], SAR);
    expect(totals.priced).toMatchObject({ net: 14550, vat: 1500, total: 16050 });
    expect(totals.paid).toBe(5000);
    expect(totals.remaining).toBe(11050);
    expect(totals.problems).toEqual([{ field: 'payments', key: 'sales.payments_below_total' }]);
  });

  it('names the field of a card payment without its code and of a discount above its line', () => {
    const totals = tillTotals([line({ discount: '120' })], '', [pay(PaymentMethod.credit_card, '115')], SAR);
    expect(totals.problems).toContainEqual({ field: 'lines.0.discount', key: 'sales.discount_above_amount' });
    expect(totals.problems).toContainEqual({
      field: 'payments.0.authorization_code',
      key: 'sales.authorization_code_required',
    });
  });

  it('settles the rest in cash on the cash row, or a new one', () => {
    const keys = () => 'new';
    expect(restInCash([pay(PaymentMethod.cash, '10')], 500, 'SAR', keys)[0].amount).toBe('15.00');
    expect(restInCash([pay(PaymentMethod.debit_card, '10', 'A1')], 1250, 'KWD', keys)[1]).toMatchObject({
      method: PaymentMethod.cash,
      amount: '1.250',
    });
  });

  it('sends only what differs from the list, as decimal text', () => {
    const body = invoiceBody(
      {
        customerId: 'c1',
        lines: [line(), line({ key: 'l2', quantity: '2', price: '90', discount: '5' })],
        discount: '',
        payments: [pay(PaymentMethod.credit_card, '100', ' AB12 ')],
      },
      'SAR',
    );
    expect(body).toEqual({
      customer_id: 'c1',
      lines: [
        { kind: 'service', item_id: 's1', employee_id: 'e1' },
        { kind: 'service', item_id: 's1', employee_id: 'e1', quantity: 2, price: '90.00', discount: '5.00' },
      ],
      payments: [{ method: 2, amount: '100.00', authorization_code: 'AB12' }],
    });
  });
});
