import { randomUUID } from 'node:crypto';
import type { ZatcaDocumentInput, ZatcaDocumentKind, ZatcaLineInput, ZatcaTransaction } from './builder';
import { ZATCA_PIH_SEED } from './chain';

/** Test and bench fixtures: a Riyadh salon and its documents. */
export const demoSeller: ZatcaDocumentInput['seller'] = {
  name: 'صالون رونق للتجميل | Rawnaq Beauty Salon',
  vatNumber: '399999999900003',
  crNumber: '1010010000',
  address: {
    street: 'الامير سلطان | Prince Sultan',
    buildingNumber: '2322',
    district: 'المربع | Al-Murabba',
    city: 'الرياض | Riyadh',
    postalCode: '23333',
    country: 'SA',
  },
};

export const demoBuyer: NonNullable<ZatcaDocumentInput['buyer']> = {
  name: 'شركة نماذج فاتورة المحدودة | Fatoora Samples LTD',
  vatNumber: '399999999800003',
  address: {
    street: 'صلاح الدين | Salah Al-Din',
    buildingNumber: '1111',
    district: 'المروج | Al-Murooj',
    city: 'الرياض | Riyadh',
    postalCode: '12222',
    country: 'SA',
  },
};

export const lines = {
  haircut: {
    name: 'قص شعر | Haircut',
    quantity: 1,
    unitPriceMinor: 15000,
    category: 'S',
    rateBasisPoints: 1500,
  },
  colour: {
    name: 'صبغة | Hair colour',
    quantity: 2,
    unitPriceMinor: 12345,
    discountMinor: 1000,
    category: 'S',
    rateBasisPoints: 1500,
  },
  zeroRated: {
    name: 'دواء | Medicine',
    quantity: 1,
    unitPriceMinor: 5000,
    category: 'Z',
    rateBasisPoints: 0,
    exemption: { code: 'VATEX-SA-35', text: 'Medicines and medical equipment' },
  },
  exempt: {
    name: 'خدمة مالية | Financial service',
    quantity: 1,
    unitPriceMinor: 2000,
    category: 'E',
    rateBasisPoints: 0,
    exemption: {
      code: 'VATEX-SA-29',
      text: 'Financial services mentioned in Article 29 of the VAT Regulations',
    },
  },
  outOfScope: {
    name: 'رسوم حكومية | Government fee',
    quantity: 1,
    unitPriceMinor: 3000,
    category: 'O',
    rateBasisPoints: 0,
    exemption: { code: 'VATEX-SA-OOS', text: 'Government fee collected on behalf of the authority' },
  },
} satisfies Record<string, ZatcaLineInput>;

/** Now minus a minute as YYYY-MM-DD and HH:mm:ss (UTC: the Schematron's clock is the machine's). */
export function recentDateTime(now = new Date()): { issueDate: string; issueTime: string } {
  const iso = new Date(now.getTime() - 60_000).toISOString();
  return { issueDate: iso.slice(0, 10), issueTime: iso.slice(11, 19) };
}

export function documentInput(
  kind: ZatcaDocumentKind,
  transaction: ZatcaTransaction,
  overrides: Partial<ZatcaDocumentInput> = {},
): ZatcaDocumentInput {
  return {
    kind,
    transaction,
    uuid: randomUUID(),
    number: `INV-${kind}-${transaction}`,
    ...recentDateTime(),
    icv: 1,
    pih: ZATCA_PIH_SEED,
    seller: demoSeller,
    buyer: transaction === 'standard' ? demoBuyer : undefined,
    lines: [lines.haircut, lines.colour, lines.zeroRated, lines.exempt],
    allowance: { amountMinor: 500, reason: 'discount', category: 'S', rateBasisPoints: 1500 },
    paymentMeansCode: kind === 'invoice' ? '10' : '48',
    ...(kind === 'invoice'
      ? {}
      : { billingReference: 'INV-1001', reason: 'Service not delivered | لم تقدم الخدمة' }),
    ...overrides,
  };
}
