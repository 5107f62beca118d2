import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from '@pdf-lib/fontkit';
import {
  type Color,
  degrees,
  drawText,
  PDFDocument,
  type PDFName,
  type PDFFont,
  type PDFImage,
  type PDFPage,
  fill,
  popGraphicsState,
  pushGraphicsState,
  rectangle,
  rgb,
  setFillingColor,
} from 'pdf-lib';
import { create as createQr } from 'qrcode';
import sharp from 'sharp';
import { isRtl, visualRuns } from './bidi';
import { type Bilingual, CATEGORIES, ID_SCHEMES, LABELS, pdfTitle, titleOf } from './labels';
import { applyPdfA } from './pdfa';
import { type EInvoiceAmount, type EInvoiceParty, type EInvoiceView, readEInvoice } from './read';

export interface EInvoicePdfOptions {
  /** the embedded XML's file name: ZATCA's name, the one the XML download carries */
  xmlFileName: string;
  /** the PDF's Creator (the application); defaults to Rawnaq */
  creator?: string;
  /**
   * The zone of the XML's issue date and time (which carry none) for the PDF's dates: Saudi time
   * by default, as ZATCA documents are Saudi (UTC+3 all year, the salon's business time).
   */
  utcOffset?: string;
  /**
   * The salon's letterhead (its invoice settings): its logo (an uploaded image of any kind sharp
   * reads: PNG, JPEG, GIF, WebP) at the head, and its notes in English and Arabic at the foot.
   */
  letterhead?: EInvoiceLetterhead;
}

export interface EInvoiceLetterhead {
  logo?: Uint8Array;
  notes?: { en: string; ar: string };
}

const PRODUCER = 'Rawnaq e-invoice PDF (pdf-lib 1.17.1)';

/**
 * The font (DejaVu Sans: Latin and Arabic in one face) and the sRGB profile, read once. The faces
 * are parsed once too and handed to every document (pdf-lib asks `fontkit.create` per embedding,
 * and decoding the tables again was half of a render's time); fontkit reads and subsets a face
 * synchronously, so documents drawn at the same time cannot interleave inside it.
 */
const ASSETS = path.resolve(__dirname, '../../assets');
type Assets = {
  regular: Buffer;
  bold: Buffer;
  icc: Buffer;
  fontkit: { create: (data: Uint8Array) => fontkit.Font };
  covers: (cp: number) => boolean;
};
let assets: Assets | undefined;
function loadAssets(): Assets {
  if (!assets) {
    const regular = readFileSync(path.join(ASSETS, 'fonts/DejaVuSans.ttf'));
    const bold = readFileSync(path.join(ASSETS, 'fonts/DejaVuSans-Bold.ttf'));
    const faces = new Map<Uint8Array, fontkit.Font>([
      [regular, fontkit.create(regular)],
      [bold, fontkit.create(bold)],
    ]);
    assets = {
      regular,
      bold,
      icc: readFileSync(path.join(ASSETS, 'icc/sRGB.icc')),
      fontkit: { create: (data) => faces.get(data) ?? fontkit.create(data) },
      covers: (cp) => [...faces.values()].every((f) => f.hasGlyphForCodePoint(cp)),
    };
  }
  return assets;
}

// A4, in points
const W = 595.28;
const H = 841.89;
const M = 40;
const CONTENT = W - 2 * M;
const BOTTOM = M + 28; // the footer's band

const INK = rgb(0, 0, 0);
const MUTED = rgb(0.33, 0.33, 0.33);
const RULE = rgb(0.72, 0.72, 0.72);
const BAND = rgb(0.92, 0.93, 0.95);

type Align = 'left' | 'right' | 'center';
/** Coordinates to the hundredth of a point: shorter content streams, nothing visible lost. */
const round = (v: number) => Math.round(v * 100) / 100;
/** A line of wrapped text; `right` is the Arabic half of a bilingual line, drawn at its right end. */
type Line = { text: string; rtl: boolean; right?: string };
interface TextStyle {
  font: PDFFont;
  size: number;
  color?: Color;
}

/**
 * Draws one document. Amounts are printed as the XML writes them; nothing is added up here.
 */
class Drawing {
  readonly pages: PDFPage[] = [];
  private readonly fontKeys = new Map<PDFPage, Map<PDFFont, PDFName>>();
  private readonly widths = new Map<string, number>();
  page!: PDFPage;
  y = 0;

  constructor(
    readonly doc: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
    private readonly covers: (cp: number) => boolean,
  ) {
    this.newPage();
  }

  /** The page's resource name of a font, one per font and page (pdf-lib's drawText adds one per call). */
  private fontKey(font: PDFFont): PDFName {
    const keys = this.fontKeys.get(this.page) ?? new Map<PDFFont, PDFName>();
    this.fontKeys.set(this.page, keys);
    if (!keys.has(font)) keys.set(font, this.page.node.newFontDictionary(font.name, font.ref));
    return keys.get(font)!;
  }

  newPage() {
    this.page = this.doc.addPage([W, H]);
    this.pages.push(this.page);
    this.y = H - M;
  }

  /** Starts a new page when `height` more points do not fit; returns true when it did. */
  need(height: number): boolean {
    if (this.y - height >= BOTTOM) return false;
    this.newPage();
    return true;
  }

  /** Characters the font lacks become "?" (PDF/A forbids drawing .notdef); controls become spaces. */
  clean(text: string): string {
    return [...text]
      .map((c) => {
        const cp = c.codePointAt(0)!;
        if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return ' ';
        if (cp === 0x200c || cp === 0x200d || cp === 0x200e || cp === 0x200f) return '';
        return this.covers(cp) ? c : '?';
      })
      .join('');
  }

  /** A run's width (fontkit lays the run out to measure it: wrapping asks often, so remembered). */
  private runWidth(text: string, style: TextStyle): number {
    const key = `${style.font.name}\u0000${style.size}\u0000${text}`;
    let width = this.widths.get(key);
    if (width === undefined) {
      width = style.font.widthOfTextAtSize(text, style.size);
      this.widths.set(key, width);
    }
    return width;
  }

  width(text: string, style: TextStyle): number {
    return visualRuns(this.clean(text)).reduce((w, r) => w + this.runWidth(r.text, style), 0);
  }

  /** One line of text, its Arabic and Latin runs in visual order, aligned at x. */
  text(text: string, x: number, y: number, style: TextStyle, align: Align = 'left', rtl?: boolean) {
    const runs = visualRuns(this.clean(text), rtl);
    const widths = runs.map((r) => this.runWidth(r.text, style));
    const total = widths.reduce((a, b) => a + b, 0);
    let cx = align === 'left' ? x : align === 'right' ? x - total : x - total / 2;
    runs.forEach((r, i) => {
      if (r.text.trim())
        this.page.pushOperators(
          ...drawText(style.font.encodeText(r.text), {
            x: round(cx),
            y: round(y),
            size: style.size,
            font: this.fontKey(style.font),
            color: style.color ?? INK,
            rotate: degrees(0),
            xSkew: degrees(0),
            ySkew: degrees(0),
          }),
        );
      cx += widths[i];
    });
  }

  /** Breaks one paragraph into lines no wider than `max`: at spaces, or inside a word too long. */
  private breakLines(paragraph: string, max: number, style: TextStyle): string[] {
    const lines: string[] = [];
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (this.width(candidate, style) <= max) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (this.width(line, style) > max && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && this.width(line.slice(0, cut), style) > max) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    if (line) lines.push(line);
    return lines;
  }

  /**
   * A text as lines no wider than `max`, each with its paragraph's direction. A line break starts a
   * paragraph; so does the " | " between the Arabic and the English of a bilingual name, whose two
   * halves share one line (English on the left, Arabic on the right) when they fit.
   */
  wrap(text: string, max: number, style: TextStyle): Line[] {
    const lines: Line[] = [];
    for (const logical of text.split('\n')) {
      const halves = logical
        .split(/\s+\|\s+/)
        .map((p) => this.clean(p.trim()))
        .filter(Boolean);
      const ar = halves.find(isRtl);
      const en = halves.find((p) => !isRtl(p));
      const bilingual = halves.length === 2 && ar !== undefined && en !== undefined;
      if (bilingual && this.width(en, style) + this.width(ar, style) + style.size * 1.5 <= max) {
        lines.push({ text: en, rtl: false, right: ar });
        continue;
      }
      // "Cut | Style" is not a bilingual pair: one paragraph, its bar kept
      for (const paragraph of bilingual ? halves : [this.clean(logical.trim())]) {
        const rtl = isRtl(paragraph);
        for (const line of this.breakLines(paragraph, max, style)) lines.push({ text: line, rtl });
      }
    }
    return lines.length ? lines : [{ text: '', rtl: false }];
  }

  /** One wrapped line in a box [x, x+width]: right-aligned when it reads right to left. */
  line(line: Line, x: number, width: number, baseline: number, style: TextStyle, align?: Align) {
    if (line.right !== undefined) {
      this.text(line.text, x, baseline, style, 'left', false);
      this.text(line.right, x + width, baseline, style, 'right', true);
      return;
    }
    const a = align === 'center' || align === 'right' ? align : line.rtl ? 'right' : (align ?? 'left');
    const at = a === 'left' ? x : a === 'right' ? x + width : x + width / 2;
    this.text(line.text, at, baseline, style, a, line.rtl);
  }

  /** Wrapped text in a box [x, x+width]; returns the height it took. */
  block(text: string, x: number, top: number, width: number, style: TextStyle, align?: Align): number {
    const lines = this.wrap(text, width, style);
    const lead = style.size * 1.3;
    lines.forEach((line, i) => this.line(line, x, width, top - style.size - i * lead, style, align));
    return lines.length * lead;
  }

  rule(x1: number, x2: number, y: number, color = RULE, thickness = 0.6) {
    this.page.drawLine({ start: { x: x1, y }, end: { x: x2, y }, thickness, color });
  }

  band(x: number, top: number, width: number, height: number, color = BAND) {
    this.page.drawRectangle({ x, y: top - height, width, height, color });
  }

  /** The QR as filled squares (vector: sharp in print, no image to embed). */
  qr(text: string, x: number, top: number, size: number) {
    const modules = createQr(text, { errorCorrectionLevel: 'M' }).modules;
    const margin = 1;
    const unit = size / (modules.size + 2 * margin);
    const ops = [
      pushGraphicsState(),
      setFillingColor(rgb(1, 1, 1)),
      rectangle(x, top - size, size, size),
      fill(),
    ];
    ops.push(setFillingColor(INK));
    for (let row = 0; row < modules.size; row++) {
      for (let col = 0; col < modules.size;) {
        if (!modules.get(row, col)) {
          col++;
          continue;
        }
        const start = col;
        while (col < modules.size && modules.get(row, col)) col++;
        ops.push(
          rectangle(
            round(x + (margin + start) * unit),
            round(top - (margin + row + 1) * unit),
            round((col - start) * unit),
            round(unit),
          ),
        );
      }
    }
    ops.push(fill(), popGraphicsState());
    this.page.pushOperators(...ops);
  }
}

const amountText = (a: EInvoiceAmount | null) => a?.text ?? '';
const withCurrency = (a: EInvoiceAmount | null, fallback: string) =>
  a ? `${a.text} ${a.currency || fallback}` : '';
/** "0", "0.00", "-0.0": printed rows for a zero discount or prepayment are left out. */
const isZero = (a: EInvoiceAmount | null) => !a || /^-?0*(\.0*)?$/.test(a.text);

function addressLines(party: EInvoiceParty): string[] {
  const a = party.address;
  if (!a) return [];
  return [a.street, a.additionalStreet, a.district, a.city, a.country].filter(Boolean);
}

function drawHeader(d: Drawing, view: EInvoiceView) {
  const title = titleOf(view.kind, view.simplified);
  const style = { font: d.fonts.bold, size: 17 };
  d.text(title.en, M, d.y - 17, style, 'left');
  d.text(title.ar, W - M, d.y - 17, style, 'right');
  d.y -= 26;
  d.rule(M, W - M, d.y, INK, 1);
  d.y -= 10;
}

/** Label in English on the left, in Arabic on the right, the value between them. */
function labelledRow(
  d: Drawing,
  label: Bilingual,
  value: string,
  x: number,
  width: number,
  opts: { labelWidth?: number; size?: number; valueStyle?: TextStyle } = {},
): number {
  const size = opts.size ?? 8.5;
  const labelWidth = opts.labelWidth ?? 100;
  const labelStyle = { font: d.fonts.regular, size: size - 0.5, color: MUTED };
  const valueStyle = opts.valueStyle ?? { font: d.fonts.regular, size };
  const top = d.y;
  const en = d.block(label.en, x, top, labelWidth - 4, labelStyle, 'left');
  const ar = d.block(label.ar, x + width - labelWidth + 4, top, labelWidth - 4, labelStyle, 'right');
  const v = d.block(value, x + labelWidth, top, width - 2 * labelWidth, valueStyle);
  return Math.max(en, ar, v) + 3;
}

function drawDetails(d: Drawing, view: EInvoiceView) {
  const qrSize = 118;
  const width = view.qr ? CONTENT - qrSize - 14 : CONTENT;
  const top = d.y;
  if (view.qr) d.qr(view.qr, W - M - qrSize, top, qrSize);
  const rows: Array<[Bilingual, string]> = [
    [view.kind === 'invoice' ? LABELS.number : LABELS.noteNumber, view.number],
    [LABELS.issueDate, view.issueDate],
    [LABELS.issueTime, view.issueTime],
  ];
  if (view.supplyDate) rows.push([LABELS.supplyDate, view.supplyDate]);
  if (view.billingReference) rows.push([LABELS.billingReference, view.billingReference]);
  if (view.reason) rows.push([LABELS.reason, view.reason]);
  for (const note of view.notes) rows.push([LABELS.note, note]);
  if (view.icv) rows.push([LABELS.icv, view.icv]);
  rows.push([LABELS.uuid, view.uuid]);
  for (const [label, value] of rows) {
    const bold = label === LABELS.number || label === LABELS.noteNumber;
    d.y -= labelledRow(d, label, value, M, width, {
      valueStyle: { font: bold ? d.fonts.bold : d.fonts.regular, size: label === LABELS.uuid ? 7.5 : 8.5 },
    });
  }
  d.y = Math.min(d.y, top - (view.qr ? qrSize : 0)) - 12;
}

function partyRows(party: EInvoiceParty): Array<[Bilingual, string]> {
  const rows: Array<[Bilingual, string]> = [[LABELS.name, party.name]];
  if (party.vatNumber) rows.push([LABELS.vatNumber, party.vatNumber]);
  if (party.otherId?.value)
    rows.push([
      ID_SCHEMES[party.otherId.scheme] ?? { en: party.otherId.scheme, ar: party.otherId.scheme },
      party.otherId.value,
    ]);
  const address = addressLines(party);
  if (address.length) rows.push([LABELS.address, address.join('\n')]);
  if (party.address?.buildingNumber) rows.push([LABELS.buildingNumber, party.address.buildingNumber]);
  if (party.address?.postalCode) rows.push([LABELS.postalCode, party.address.postalCode]);
  return rows;
}

function drawParties(d: Drawing, view: EInvoiceView) {
  const boxes: Array<[Bilingual, EInvoiceParty]> = [[LABELS.seller, view.seller]];
  if (view.buyer) boxes.push([LABELS.buyer, view.buyer]);
  const gap = 12;
  const width = boxes.length === 2 ? (CONTENT - gap) / 2 : CONTENT;
  const heading = { font: d.fonts.bold, size: 9.5 };
  const top = d.y;
  let lowest = top;
  boxes.forEach(([label, party], i) => {
    const x = M + i * (width + gap);
    d.y = top;
    d.band(x, d.y, width, 16);
    d.text(label.en, x + 5, d.y - 11.5, heading, 'left');
    d.text(label.ar, x + width - 5, d.y - 11.5, heading, 'right');
    d.y -= 20;
    for (const [l, value] of partyRows(party)) {
      d.y -= labelledRow(d, l, value, x + 5, width - 10, { labelWidth: 72, size: 8 });
    }
    lowest = Math.min(lowest, d.y);
  });
  d.y = lowest - 10;
}

interface Column {
  label: Bilingual;
  width: number;
  align: Align;
  value: (line: EInvoiceView['lines'][number]) => string;
}

const percent = (p: string, category: string) =>
  p ? `${p}%${category && category !== 'S' ? ` (${category})` : ''}` : category;

const COLUMNS: Column[] = [
  { label: LABELS.lineNo, width: 18, align: 'center', value: (l) => l.id },
  { label: LABELS.item, width: 0, align: 'left', value: (l) => l.name },
  { label: LABELS.quantity, width: 46, align: 'right', value: (l) => l.quantity },
  { label: LABELS.unitPrice, width: 60, align: 'right', value: (l) => amountText(l.unitPrice) },
  { label: LABELS.taxable, width: 66, align: 'right', value: (l) => amountText(l.net) },
  { label: LABELS.vatRate, width: 50, align: 'right', value: (l) => percent(l.vatPercent, l.vatCategory) },
  { label: LABELS.vatAmount, width: 58, align: 'right', value: (l) => amountText(l.vat) },
  { label: LABELS.lineTotal, width: 68, align: 'right', value: (l) => amountText(l.total) },
];
COLUMNS[1].width = CONTENT - COLUMNS.reduce((s, c) => s + c.width, 0);

/** Cells of one table row: each column's wrapped lines, and the row's height. */
function tableRow(
  d: Drawing,
  cells: Array<{ text: string; width: number; align: Align; style: TextStyle }>,
): { height: number; draw: (top: number) => void } {
  const pad = 3;
  const lead = (s: TextStyle) => s.size * 1.3;
  const wrapped = cells.map((c) => d.wrap(c.text, c.width - 2 * pad, c.style));
  const height = Math.max(...wrapped.map((w, i) => w.length * lead(cells[i].style))) + 2 * pad;
  return {
    height,
    draw: (top) => {
      let x = M;
      cells.forEach((c, i) => {
        wrapped[i].forEach((line, j) =>
          d.line(
            line,
            x + pad,
            c.width - 2 * pad,
            top - pad - c.style.size - j * lead(c.style),
            c.style,
            c.align,
          ),
        );
        x += c.width;
      });
    },
  };
}

/** A table's heading: every column's English label over its Arabic one, on a band. */
function tableHeader(d: Drawing, columns: Array<{ label: Bilingual; width: number }>) {
  const headStyle = { font: d.fonts.bold, size: 7, color: INK };
  const arStyle = { font: d.fonts.regular, size: 7, color: MUTED };
  const row = (style: TextStyle, pick: (l: Bilingual) => string) =>
    tableRow(
      d,
      columns.map((c) => ({ text: pick(c.label), width: c.width, align: 'center' as Align, style })),
    );
  const en = row(headStyle, (l) => l.en);
  const ar = row(arStyle, (l) => l.ar);
  const height = en.height + ar.height - 4;
  d.need(height + 20);
  d.band(M, d.y, CONTENT, height);
  en.draw(d.y);
  ar.draw(d.y - en.height + 4);
  d.y -= height;
  d.rule(M, W - M, d.y, INK, 0.8);
}

function drawLines(d: Drawing, view: EInvoiceView) {
  const cellStyle = { font: d.fonts.regular, size: 8 };
  tableHeader(d, COLUMNS);
  for (const line of view.lines) {
    const row = tableRow(
      d,
      COLUMNS.map((c) => ({ text: c.value(line), width: c.width, align: c.align, style: cellStyle })),
    );
    if (d.need(row.height)) tableHeader(d, COLUMNS);
    row.draw(d.y);
    d.y -= row.height;
    d.rule(M, W - M, d.y);
  }
  d.y -= 4;
  const note = { font: d.fonts.regular, size: 7, color: MUTED };
  d.text(`${LABELS.amountsIn.en} ${view.currency}`, M, d.y - 7, note, 'left');
  d.text(`${LABELS.amountsIn.ar} ${view.currency}`, W - M, d.y - 7, note, 'right', true);
  d.y -= 18;
}

function drawTotals(d: Drawing, view: EInvoiceView) {
  const t = view.totals;
  const rows: Array<[Bilingual, EInvoiceAmount | null, boolean]> = [];
  if (!isZero(t.allowance)) {
    rows.push([LABELS.lineExtension, t.lineExtension, false], [LABELS.allowance, t.allowance, false]);
  }
  rows.push(
    [LABELS.taxExclusive, t.taxExclusive, false],
    [LABELS.vatTotal, t.vat, false],
    [LABELS.taxInclusive, t.taxInclusive, false],
  );
  if (!isZero(t.prepaid)) rows.push([LABELS.prepaid, t.prepaid, false]);
  rows.push([LABELS.payable, t.payable, true]);
  const valueWidth = 120;
  d.need(rows.length * 17);
  for (const [label, amount, strong] of rows) {
    const style = { font: strong ? d.fonts.bold : d.fonts.regular, size: strong ? 10 : 9 };
    if (strong) d.band(M, d.y, CONTENT, 17);
    d.text(label.en, M + 4, d.y - 12, style, 'left');
    d.text(label.ar, W - M - valueWidth - 8, d.y - 12, style, 'right');
    d.text(withCurrency(amount, view.currency), W - M - 4, d.y - 12, style, 'right');
    d.y -= 17;
    d.rule(M, W - M, d.y);
  }
  d.y -= 14;
}

function drawVatBreakdown(d: Drawing, view: EInvoiceView) {
  if (!view.vatBreakdown.length) return;
  const heading = { font: d.fonts.bold, size: 8.5 };
  const style = { font: d.fonts.regular, size: 8 };
  d.need(60);
  d.text(LABELS.vatBreakdown.en, M, d.y - 9, heading, 'left');
  d.text(LABELS.vatBreakdown.ar, W - M, d.y - 9, heading, 'right');
  d.y -= 14;
  const columns = [
    { label: LABELS.category, width: 150, align: 'left' as Align },
    { label: LABELS.vatRate, width: 55, align: 'right' as Align },
    { label: LABELS.taxable, width: 80, align: 'right' as Align },
    { label: LABELS.vatAmount, width: 70, align: 'right' as Align },
    { label: LABELS.exemption, width: 0, align: 'left' as Align },
  ];
  columns[4].width = CONTENT - columns.reduce((a, c) => a + c.width, 0);
  tableHeader(d, columns);
  for (const s of view.vatBreakdown) {
    const category = CATEGORIES[s.category];
    const texts = [
      category ? `${s.category} ${category.en} | ${category.ar}` : s.category,
      s.percent ? `${s.percent}%` : '',
      amountText(s.taxable),
      amountText(s.vat),
      [s.exemptionCode, s.exemptionReason].filter(Boolean).join(' '),
    ];
    const row = tableRow(
      d,
      columns.map((c, i) => ({ text: texts[i], width: c.width, align: c.align, style })),
    );
    if (d.need(row.height)) tableHeader(d, columns);
    row.draw(d.y);
    d.y -= row.height;
    d.rule(M, W - M, d.y);
  }
  d.y -= 10;
}

/** The logo's box at the head of the first page, in points (a square logo: the upload requires one). */
const LOGO = 56;

/**
 * The logo as a PNG of at most 4 pixels a point of its box (sharp: the first frame of a GIF or WebP,
 * a large upload scaled down so the PDF stays small), embedded once; undefined when it cannot be read.
 */
async function embedLogo(doc: PDFDocument, bytes: Uint8Array) {
  try {
    const png = await sharp(bytes, { failOn: 'error', limitInputPixels: 50_000_000 })
      .resize(LOGO * 4, LOGO * 4, { fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer();
    return await doc.embedPng(png);
  } catch {
    return undefined;
  }
}

/** The salon's logo, centred above the title, as large as its box allows without stretching. */
function drawLogo(d: Drawing, logo: PDFImage) {
  const scale = Math.min(LOGO / logo.width, LOGO / logo.height);
  const width = logo.width * scale;
  const height = logo.height * scale;
  d.page.drawImage(logo, { x: round((W - width) / 2), y: round(d.y - height), width, height });
  d.y -= height + 8;
}

/** The salon's notes at the foot of the document: the English, then the Arabic, each as written. */
function drawNotes(d: Drawing, notes: { en: string; ar: string }) {
  const style = { font: d.fonts.regular, size: 8.5 };
  const lead = style.size * 1.3;
  for (const text of [notes.en, notes.ar].map((n) => n.trim()).filter(Boolean)) {
    d.need(d.wrap(text, CONTENT, style).length * lead + 4);
    d.y -= d.block(text, M, d.y, CONTENT, style) + 4;
  }
}

function drawFooters(d: Drawing) {
  const style = { font: d.fonts.regular, size: 7, color: MUTED };
  d.pages.forEach((page, i) => {
    d.page = page;
    d.rule(M, W - M, M + 14);
    d.text(LABELS.attached.en, M, M + 4, style, 'left');
    d.text(LABELS.attached.ar, W - M, M + 4, style, 'right');
    d.text(`${i + 1} / ${d.pages.length}`, W / 2, M + 4, style, 'center');
  });
}

/**
 * The human-readable PDF/A-3b of a ZATCA document (invoice, credit or debit note; standard or
 * simplified) from its signed or cleared XML, with that XML attached. The same XML gives the same
 * bytes: dates come from the document and the trailer /ID from its invoice hash.
 */
export async function renderEInvoicePdf(xml: string, options: EInvoicePdfOptions): Promise<Uint8Array> {
  const view = readEInvoice(xml);
  const { regular, bold, icc, covers, fontkit: shared } = loadAssets();
  const xmlBytes = Buffer.from(xml, 'utf8');
  const seed = view.invoiceHash
    ? Buffer.from(view.invoiceHash, 'base64')
    : createHash('sha256').update(xmlBytes).digest();
  const digest = (salt: string) => createHash('sha256').update(seed).update(salt).digest();
  // a subset's name starts with a six-letter tag; ours is derived from the document, not random
  const subsetName = (face: string) =>
    `${[...digest(face).subarray(0, 6)].map((b) => String.fromCharCode(65 + (b % 26))).join('')}+${face}`;
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.registerFontkit(shared);
  const fonts = {
    regular: await doc.embedFont(regular, { subset: true, customName: subsetName('DejaVuSans') }),
    bold: await doc.embedFont(bold, { subset: true, customName: subsetName('DejaVuSans-Bold') }),
  };
  const d = new Drawing(doc, fonts, covers);
  const logo = options.letterhead?.logo && (await embedLogo(doc, options.letterhead.logo));
  if (logo) drawLogo(d, logo);
  drawHeader(d, view);
  drawDetails(d, view);
  drawParties(d, view);
  drawLines(d, view);
  drawTotals(d, view);
  drawVatBreakdown(d, view);
  if (options.letterhead?.notes) drawNotes(d, options.letterhead.notes);
  drawFooters(d);

  applyPdfA(doc, {
    title: pdfTitle(view),
    creator: options.creator ?? 'Rawnaq',
    producer: PRODUCER,
    date: { day: view.issueDate, time: view.issueTime, utcOffset: options.utcOffset ?? '+03:00' },
    icc,
    id: digest('ID').subarray(0, 16),
    attachment: {
      name: options.xmlFileName,
      mimeType: 'text/xml',
      description: `${titleOf(view.kind, view.simplified).en} ${view.number} (ZATCA UBL 2.1 XML)`,
      bytes: xmlBytes,
    },
  });
  return doc.save({ useObjectStreams: false, addDefaultPage: false, updateFieldAppearances: false });
}
