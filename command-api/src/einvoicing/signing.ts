import { hash, randomUUID } from 'node:crypto';
import {
  businessDate,
  businessTime,
  type DocumentEInvoicing,
  type EInvoiceReferenceType,
  type EInvoiceSigned,
  type InvoiceBuyer,
  type InvoiceLine,
  type InvoicePayment,
  lineVatExemption,
  type SellerAddress,
  type TenantTimeZone,
} from '@rawnaq/contracts';
import { zatca, type SealedSecrets, type Submission } from '@rawnaq/platform';
import type { CommandContext } from '../shared/command-context';
import { Aggregates } from '../shared/repository';
import { Chains } from './chain';
import { canSign, devicesStream, evolveDevices, initialDevices, type DeviceState } from './device';
import type { ComplianceSamples } from './onboarding';

type Device = DeviceState & { exists: true };

/** A national address as UBL writes it. */
const addressOf = (a: SellerAddress | InvoiceBuyer): zatca.ZatcaAddress => ({
  street: a.street,
  buildingNumber: a.building_number,
  district: a.district,
  city: a.city,
  postalCode: a.postal_code,
  country: 'SA',
  ...(a.additional_number && { additionalNumber: a.additional_number }),
});

/** The seller as the authority knows it: the device's registered details. */
export const sellerOf = (device: Device): zatca.ZatcaSeller => ({
  name: device.opened.seller_name,
  vatNumber: device.opened.vat_number,
  crNumber: device.opened.commercial_registration,
  address: addressOf(device.opened.address),
});

/**
 * Why a line is not standard-rated, as the authority asks (VATEX code and its official text): the
 * product's own reason carried on the line; a line without one (sold before products had one, or of
 * a salon whose VAT is off) keeps the generic reason of its category, so it signs as it always did.
 */
const exemptionOf = (category: 'Z' | 'E' | 'O', code: string | undefined): zatca.ZatcaExemption => {
  const e = lineVatExemption(category, code);
  return { code: e.code, text: e.en };
};

/** A sales line as a UBL line: the same quantity, price, discount and net, not one halala changed. */
export const zatcaLine = (l: InvoiceLine): zatca.ZatcaLineInput => ({
  name: l.name_ar && l.name_en ? `${l.name_ar} | ${l.name_en}` : l.name_ar || l.name_en,
  quantity: l.quantity,
  unitPriceMinor: l.unit_price,
  discountMinor: l.discount,
  netMinor: l.net,
  category: l.vat_category,
  rateBasisPoints: l.vat_category === 'S' ? l.vat_rate_bp : 0,
  ...(l.vat_category !== 'S' && { exemption: exemptionOf(l.vat_category, l.vat_exemption_code) }),
});

/** UNTDID 4461 payment means of the till's methods: cash 10, card 48, anything else "not defined". */
export const paymentMeans = (payments: InvoicePayment[]): string => {
  const first = payments[0]?.method as number | undefined;
  return first === 1 ? '10' : first === 2 ? '48' : '1';
};

/** The document's UUID, the same whenever it is asked for the same sales document. */
export const einvoiceUuid = (tenantId: string, documentId: string): string => {
  const h = hash('sha256', `einvoice\u0000${tenantId}\u0000${documentId}`, 'hex');
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-5${h.slice(13, 16)}-${((parseInt(h[16], 16) & 0x3) | 0x8).toString(16)}${h.slice(17, 20)}-${h.slice(20, 32)}`;
};

/**
 * A credited or debited line (its quantity and net only) as a UBL line: the unit price rounded up and
 * the difference as the line's discount, so quantity x price - discount is the net to the halala.
 */
export const noteLine = (l: {
  name_en: string;
  name_ar: string;
  quantity: number;
  net: number;
  vat_category: InvoiceLine['vat_category'];
  vat_rate_bp: number;
  vat_exemption_code?: string;
}): InvoiceLine => {
  const quantity = Math.max(1, l.quantity);
  const unit = Math.ceil(l.net / quantity);
  return {
    line_id: '',
    kind: 'service',
    item_id: '',
    employee_id: null,
    name_en: l.name_en,
    name_ar: l.name_ar,
    quantity,
    unit_price: unit,
    discount: unit * quantity - l.net,
    net: l.net,
    vat_category: l.vat_category,
    vat_rate_bp: l.vat_rate_bp,
    ...(l.vat_exemption_code && { vat_exemption_code: l.vat_exemption_code }),
    vat: 0,
    total: l.net,
  };
};

/** What a sales document gives the e-invoice (the chain and the seller are added when it is signed). */
export type SalesDocument = {
  referenceType: EInvoiceReferenceType;
  documentId: string;
  documentNumber: string;
  invoiceId?: string;
  issuedAt: string;
  lines: InvoiceLine[];
  payments: InvoicePayment[];
  /** the business it is made out to: a standard (B2B) document, cleared before it is shown */
  buyer?: InvoiceBuyer;
  /** for a note: the invoice it amends and why */
  billingReference?: string;
  reason?: string;
  /**
   * a credit note's VAT as decided against what its invoice had left (its lines' VAT and its
   * subtotals'), signed as decided; absent: worked out from the amounts
   */
  vat?: { lines: number[]; subtotals: Array<{ category: string; rateBp: number; vat: number }> };
};

const KINDS: Record<EInvoiceReferenceType, zatca.ZatcaDocumentKind> = {
  1: 'invoice',
  2: 'credit-note',
  3: 'debit-note',
};

/** A document just signed: what the reply tells, and for a standard one what clearance sends. */
export type SignedEInvoice = {
  uuid: string;
  icv: number;
  hash: string;
  qr: string;
  standard: boolean;
  clearance?: { device_id: string; xml: string };
};

/** What a reply says of the signed document (never its XML). */
export const einvoiceReply = (e: SignedEInvoice | undefined) =>
  e ? { uuid: e.uuid, icv: e.icv, hash: e.hash, qr: e.qr, standard: e.standard } : null;

/**
 * A sales document's reply: where it stands with ZATCA as its lists will say (`pending` once signed,
 * its clearance's outcome for a standard one: `clearedAfterCommit`), and the signed document.
 */
export const einvoicingReply = (e: SignedEInvoice | undefined, issued: DocumentEInvoicing) => ({
  einvoicing: e ? ('pending' as DocumentEInvoicing) : issued,
  einvoice: einvoiceReply(e),
});

/**
 * `JSON.stringify(data)`, with the text of `data[field]` (a long string) given ready-made as `json`, a
 * JSON string literal made elsewhere: the rest is serialized here and the literal put in its place.
 */
export const jsonWithText = <T extends Record<string, unknown>>(
  data: T,
  field: keyof T & string,
  json: string,
) => {
  // a value no text of the document holds (JSON.stringify writes its NULs as \u0000)
  const sentinel = '\u0000ready-made\u0000';
  const text = JSON.stringify(Object.assign({}, data, { [field]: sentinel })); // README: hot paths
  return text.replace(JSON.stringify(sentinel), () => json);
};

/**
 * Signs the salon's sales documents into its device's chain, inside the command that issues them:
 * the document and its signed XML are stored together or not at all. A salon not connected (yet)
 * issues without signing; nothing is signed later behind its back.
 */
export class EInvoiceSigning {
  private readonly chains: Chains;

  constructor(
    private readonly aggregates: Aggregates,
    private readonly secrets: SealedSecrets,
    store: ConstructorParameters<typeof Chains>[0],
  ) {
    this.chains = new Chains(store);
  }

  /** the devices' keys opened (AES-GCM) once each, not at every signature: a till signs every sale */
  private readonly opened = new Map<string, string>();

  private privateKeyOf(sealed: string): string {
    let pem = this.opened.get(sealed);
    if (pem === undefined) {
      if (this.opened.size >= 1_000) this.opened.clear();
      pem = this.secrets.open(sealed);
      this.opened.set(sealed, pem);
    }
    return pem;
  }

  async sign(
    ctx: CommandContext,
    timeZone: TenantTimeZone,
    doc: SalesDocument,
  ): Promise<SignedEInvoice | undefined> {
    const { state: devices } = await this.aggregates.loadHeld(
      ctx,
      devicesStream(ctx.tenantId),
      initialDevices,
      evolveDevices,
    );
    const device = devices.active ? devices.devices[devices.active] : undefined;
    if (!device || !canSign(device, ctx.now)) return undefined;
    const link = await this.chains.next(ctx, device.opened.device_id, zatca.ZATCA_PIH_SEED);
    const uuid = einvoiceUuid(ctx.tenantId, doc.documentId);
    // on the signing thread when the server runs one: the device's chain stays held meanwhile
    const signed = await zatca.signingThread.buildAndSign(
      {
        kind: KINDS[doc.referenceType],
        transaction: doc.buyer ? 'standard' : 'simplified',
        uuid,
        number: doc.documentNumber,
        issueDate: businessDate(doc.issuedAt, timeZone),
        issueTime: businessTime(doc.issuedAt, timeZone),
        icv: link.icv + 1,
        pih: link.lastHash,
        seller: sellerOf(device),
        ...(doc.buyer && {
          buyer: { name: doc.buyer.name, vatNumber: doc.buyer.vat_number, address: addressOf(doc.buyer) },
        }),
        lines: doc.vat
          ? doc.lines.map((l, i) => ({ ...zatcaLine(l), vatMinor: doc.vat!.lines[i] }))
          : doc.lines.map(zatcaLine),
        ...(doc.vat && {
          vatByRate: doc.vat.subtotals
            .filter((t) => t.category === 'S')
            .map((t) => ({ rateBasisPoints: t.rateBp, vatMinor: t.vat })),
        }),
        paymentMeansCode: paymentMeans(doc.payments),
        ...(doc.billingReference && { billingReference: doc.billingReference }),
        ...(doc.reason && { reason: doc.reason }),
      },
      {
        privateKeyPem: this.privateKeyOf(device.key!.private_key_sealed),
        certificateBase64: device.production!.certificate_base64,
        signingTime: ctx.now,
      },
    );
    const data: EInvoiceSigned['data'] = {
      device_id: device.opened.device_id,
      icv: link.icv + 1,
      pih: link.lastHash,
      hash: signed.invoiceHash,
      uuid,
      reference_type: doc.referenceType,
      document_id: doc.documentId,
      document_number: doc.documentNumber,
      ...(doc.invoiceId && { invoice_id: doc.invoiceId }),
      standard: !!doc.buyer,
      xml: signed.xml,
      qr: signed.qr,
      issued_at: doc.issuedAt,
    };
    const [envelope] = this.aggregates.envelopes(ctx, link.stream, link.revision, [
      { type: 'EInvoiceSigned', data },
    ]);
    this.chains.append(
      ctx,
      link,
      signed.xmlJson
        ? Object.assign({}, envelope, { dataJson: jsonWithText(data, 'xml', signed.xmlJson) })
        : envelope,
    );
    return {
      uuid,
      icv: data.icv,
      hash: data.hash,
      qr: data.qr,
      standard: data.standard,
      ...(data.standard && { clearance: { device_id: data.device_id, xml: data.xml } }),
    };
  }
}

/**
 * The onboarding's compliance samples: one document of the asked kind, signed with the device's key
 * and compliance certificate, as the salon's documents will be.
 */
export const complianceSample: ComplianceSamples = ({
  device,
  kind,
  privateKeyPem,
  certificateBase64,
  now,
}) => {
  const [transaction, code] = kind.split('-') as ['standard' | 'simplified', '388' | '381' | '383'];
  const documentKind: zatca.ZatcaDocumentKind =
    code === '388' ? 'invoice' : code === '381' ? 'credit-note' : 'debit-note';
  const uuid = randomUUID();
  const signed = zatca.buildAndSign(
    {
      kind: documentKind,
      transaction,
      uuid,
      number: `COMPLIANCE-${kind}`,
      issueDate: businessDate(now.toISOString(), 'Asia/Riyadh'),
      issueTime: businessTime(now.toISOString(), 'Asia/Riyadh'),
      icv: 1,
      pih: zatca.ZATCA_PIH_SEED,
      seller: sellerOf(device),
      ...(transaction === 'standard' && {
        buyer: {
          name: 'Compliance Check Buyer LTD',
          vatNumber: '399999999800003',
          address: addressOf(device.opened.address),
        },
      }),
      lines: [
        {
          name: 'قص شعر | Haircut',
          quantity: 1,
          unitPriceMinor: 10_000,
          category: 'S',
          rateBasisPoints: 1500,
        },
      ],
      paymentMeansCode: '10',
      ...(documentKind !== 'invoice' && {
        billingReference: 'COMPLIANCE-standard-388',
        reason: 'Compliance check | فحص الامتثال',
      }),
    },
    { privateKeyPem, certificateBase64, signingTime: now },
  );
  const submission: Submission = {
    invoiceHash: signed.invoiceHash,
    uuid,
    invoice: Buffer.from(signed.xml, 'utf8').toString('base64'),
  };
  return submission;
};
