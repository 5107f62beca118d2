import { PaymentMethod, VatType } from '@rawnaq/contracts';
import { debitBody, debitPreview, type DebitForm } from './debitNote';

const form = (over: Partial<DebitForm> = {}): DebitForm => ({
  lines: [
    { key: 'a', description: 'Extra colour', amount: '33.33', vatType: VatType.standard },
    { key: 'b', description: 'Exempt fee', amount: '10', vatType: VatType.exempt },
  ],
  payments: [{ key: 'p', method: PaymentMethod.cash, amount: '20', authorizationCode: '' }],
  reason: 'Longer hair',
  ...over,
});
const uae = { currency: 'AED' as const, vatEnabled: true, vatPercentage: 5 };

describe('the debit-note form', () => {
  it('prices the note as the server will: 35.00 + 10.00 exempt, 20.00 paid now, 25.00 owed', () => {
    const p = debitPreview(form(), uae);
    expect([p.priced.net, p.priced.vat, p.priced.total, p.paid, p.owed]).toEqual([
      4333, 167, 4500, 2000, 2500,
    ]);
    expect(p.problems).toEqual([]);
    expect(debitBody(form(), 'AED')).toEqual({
      lines: [
        { description: 'Extra colour', amount: '33.33', vat_type: VatType.standard },
        { description: 'Exempt fee', amount: '10.00', vat_type: VatType.exempt },
      ],
      reason: 'Longer hair',
      payments: [{ method: PaymentMethod.cash, amount: '20.00' }],
    });
  });

  it('names each problem on its field: an empty line, payments above the total, no reason', () => {
    const p = debitPreview(
      form({
        lines: [{ key: 'a', description: '', amount: '0', vatType: VatType.standard }],
        payments: [{ key: 'p', method: PaymentMethod.cash, amount: '1', authorizationCode: '' }],
        reason: ' ',
      }),
      uae,
    );
    expect(p.problems.map((x) => x.field)).toEqual([
      'lines.0.amount',
      'lines.0.description',
      'reason',
      'payments',
    ]);
  });

  it('given a Saudi salon, an exempt line needs its tax-authority reason, and sends it', () => {
    const saudi = { currency: 'SAR' as const, vatEnabled: true, vatPercentage: 15, saudi: true };
    expect(debitPreview(form(), saudi).problems).toEqual([
      { field: 'lines.1.vat_exemption_code', key: 'products.exemption_reason_required' },
    ]);
    const given = form({
      lines: [
        {
          key: 'b',
          description: 'Exempt fee',
          amount: '10',
          vatType: VatType.exempt,
          vatExemptionCode: 'VATEX-SA-29',
        },
      ],
      payments: [],
    });
    expect(debitPreview(given, saudi).problems).toEqual([]);
    expect(debitBody(given, 'SAR').lines).toEqual([
      {
        description: 'Exempt fee',
        amount: '10.00',
        vat_type: VatType.exempt,
        vat_exemption_code: 'VATEX-SA-29',
      },
    ]);
  });
});
