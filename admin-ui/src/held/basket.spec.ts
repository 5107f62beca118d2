import { VatType, type HeldInvoiceLine } from '@rawnaq/contracts';
import { holdBody, tillLinesOf } from './basket';

const line = (over: Partial<HeldInvoiceLine> = {}): HeldInvoiceLine => ({
  kind: 'service',
  item_id: 's1',
  name_en: 'Haircut',
  name_ar: 'قص الشعر',
  employee_id: 'e1',
  quantity: 1,
  unit_price: 10000,
  discount: 0,
  vat_type: VatType.standard,
  ...over,
});

describe('resuming a held basket at the till', () => {
  let n = 0;
  const key = () => `k${++n}`;

  it('gives the till its lines as held, amounts in the currency’s decimals', () => {
    const [service, product] = tillLinesOf(
      [
        line(),
        line({
          kind: 'product',
          item_id: 'p1',
          quantity: 2,
          unit_price: 8500,
          discount: 1050,
          employee_id: null,
          vat_type: VatType.exempt,
        }),
      ],
      (l) => ({ s1: 10000, p1: 8500 })[l.item_id],
      'SAR',
      key,
    );
    expect(service).toMatchObject({
      itemId: 's1',
      employeeId: 'e1',
      quantity: '1',
      price: '100.00',
      listPrice: 10000,
      discount: '',
    });
    expect(product).toMatchObject({
      kind: 'product',
      employeeId: '',
      quantity: '2',
      price: '85.00',
      discount: '10.50',
      vatType: VatType.exempt,
    });
  });

  it('keeps a held price that differs from today’s list price as a changed price', () => {
    const [l] = tillLinesOf([line({ unit_price: 9000 })], () => 10000, 'KWD', key);
    expect(l).toMatchObject({ price: '9.000', listPrice: 10000 });
  });

  it('takes the held price as the list price of an item no longer listed', () => {
    const [l] = tillLinesOf([line({ unit_price: 9000 })], () => undefined, 'SAR', key);
    expect(l.listPrice).toBe(9000);
  });

  it('holds the invoice body without its payments, with the notes', () => {
    expect(holdBody({ customer_id: 'c1', lines: [], payments: [{ method: 1 }] }, 'Back at 3')).toEqual({
      customer_id: 'c1',
      lines: [],
      notes: 'Back at 3',
    });
  });
});
