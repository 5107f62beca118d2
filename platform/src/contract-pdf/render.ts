import { readFileSync } from 'node:fs';
import path from 'node:path';
import * as fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { visualRuns } from '../einvoice-pdf/bidi';

/**
 * The signed contract as a PDF (issue 27): its title and text as sent, then who signed, when, from
 * where, with the signature she drew. The text is drawn in its language's direction (Arabic shaped by
 * fontkit, runs ordered by the e-invoice's bidi helper), in DejaVu Sans (Latin and Arabic in one face).
 */
export type ContractPdfInput = {
  language: 'en' | 'ar';
  title: string;
  text: string;
  salonName: string;
  accountId: number;
  reference: string;
  sentAt: string;
  signerName: string;
  signedAt: string;
  ip: string;
  userAgent: string;
  textSha256: string;
  /** the drawn signature, a PNG */
  signature: Uint8Array;
};

const ASSETS = path.resolve(__dirname, '../../assets');
let faces: { regular: Buffer; bold: Buffer } | undefined;
const loadFaces = () =>
  (faces ??= {
    regular: readFileSync(path.join(ASSETS, 'fonts/DejaVuSans.ttf')),
    bold: readFileSync(path.join(ASSETS, 'fonts/DejaVuSans-Bold.ttf')),
  });

const LABELS = {
  en: {
    salon: 'Salon',
    account: 'Account ID',
    reference: 'Contract reference',
    sent: 'Sent',
    signature: 'Signature',
    signer: 'Signed by',
    signed_at: 'Signed at (UTC)',
    ip: 'IP address',
    device: 'Device',
    digest: 'Text fingerprint (SHA-256)',
  },
  ar: {
    salon: 'الصالون',
    account: 'رقم الحساب',
    reference: 'مرجع العقد',
    sent: 'أُرسل في',
    signature: 'التوقيع',
    signer: 'وقّعه',
    signed_at: 'وقت التوقيع (UTC)',
    ip: 'عنوان IP',
    device: 'الجهاز',
    digest: 'بصمة النص (SHA-256)',
  },
};

// A4 in points
const W = 595.28;
const H = 841.89;
const M = 48;
const INK = rgb(0, 0, 0);
const MUTED = rgb(0.35, 0.35, 0.35);

class Writer {
  page!: PDFPage;
  y = 0;
  constructor(
    readonly doc: PDFDocument,
    readonly fonts: { regular: PDFFont; bold: PDFFont },
    readonly rtl: boolean,
    readonly covers: (cp: number) => boolean,
  ) {
    this.newPage();
  }

  newPage() {
    this.page = this.doc.addPage([W, H]);
    this.y = H - M;
  }

  need(height: number) {
    if (this.y - height < M) this.newPage();
  }

  /** Glyphs the face lacks become "?"; controls become spaces. */
  clean(text: string) {
    return [...text]
      .map((c) => {
        const cp = c.codePointAt(0)!;
        if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0)) return ' ';
        if (cp >= 0x200b && cp <= 0x200f) return '';
        return this.covers(cp) ? c : '?';
      })
      .join('');
  }

  width(text: string, font: PDFFont, size: number) {
    return visualRuns(text, this.rtl).reduce((w, r) => w + font.widthOfTextAtSize(r.text, size), 0);
  }

  /** One line at the reading side of the page (right for Arabic). */
  line(text: string, font: PDFFont, size: number, color = INK) {
    const runs = visualRuns(text, this.rtl);
    const total = runs.reduce((w, r) => w + font.widthOfTextAtSize(r.text, size), 0);
    let x = this.rtl ? W - M - total : M;
    for (const r of runs) {
      if (r.text.trim()) this.page.drawText(r.text, { x, y: this.y - size, size, font, color });
      x += font.widthOfTextAtSize(r.text, size);
    }
    this.y -= size * 1.45;
  }

  /** A text wrapped to the page's width, paragraph by paragraph. */
  block(text: string, font: PDFFont, size: number, color = INK) {
    const max = W - 2 * M;
    for (const paragraph of this.clean(text.replace(/\r\n?/g, '\n')).split('\n')) {
      let line = '';
      const flush = () => {
        this.need(size * 1.45);
        this.line(line, font, size, color);
        line = '';
      };
      for (const word of paragraph.split(/ +/).filter(Boolean)) {
        const candidate = line ? `${line} ${word}` : word;
        if (this.width(candidate, font, size) <= max) line = candidate;
        else {
          if (line) flush();
          line = word;
          // a word longer than the line (a link, a hash) is cut
          while (this.width(line, font, size) > max && line.length > 1) {
            let cut = line.length - 1;
            while (cut > 1 && this.width(line.slice(0, cut), font, size) > max) cut--;
            const rest = line.slice(cut);
            line = line.slice(0, cut);
            flush();
            line = rest;
          }
        }
      }
      if (line) flush();
      else this.y -= size * 0.8;
    }
  }
}

export async function renderContractPdf(c: ContractPdfInput): Promise<Uint8Array> {
  const { regular, bold } = loadFaces();
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const fonts = {
    regular: await doc.embedFont(regular, { subset: true }),
    bold: await doc.embedFont(bold, { subset: true }),
  };
  const face = fontkit.create(regular);
  const rtl = c.language === 'ar';
  const L = LABELS[c.language];
  const w = new Writer(doc, fonts, rtl, (cp) => face.hasGlyphForCodePoint(cp));
  doc.setTitle(c.title);
  doc.setAuthor(c.signerName);
  doc.setSubject(`${c.salonName} (${c.accountId})`);
  doc.setCreator('Rawnaq');
  doc.setProducer('Rawnaq contracts (pdf-lib)');
  doc.setLanguage(rtl ? 'ar' : 'en');
  doc.setCreationDate(new Date(c.signedAt));
  doc.setModificationDate(new Date(c.signedAt));

  w.block(c.title, fonts.bold, 17);
  w.y -= 4;
  w.block(`${L.salon}: ${c.salonName}`, fonts.regular, 10, MUTED);
  w.block(`${L.account}: ${c.accountId}`, fonts.regular, 10, MUTED);
  w.block(`${L.reference}: ${c.reference}`, fonts.regular, 10, MUTED);
  w.block(`${L.sent}: ${c.sentAt.slice(0, 10)}`, fonts.regular, 10, MUTED);
  w.y -= 10;
  w.block(c.text, fonts.regular, 11);

  // the signature block stays on one page
  const image = await doc.embedPng(c.signature);
  const scale = Math.min(220 / image.width, 90 / image.height, 1);
  const imgW = image.width * scale;
  const imgH = image.height * scale;
  w.y -= 16;
  w.need(imgH + 150);
  w.page.drawLine({ start: { x: M, y: w.y }, end: { x: W - M, y: w.y }, thickness: 0.6, color: MUTED });
  w.y -= 10;
  w.block(L.signature, fonts.bold, 13);
  w.page.drawImage(image, { x: rtl ? W - M - imgW : M, y: w.y - imgH, width: imgW, height: imgH });
  w.y -= imgH + 8;
  w.block(`${L.signer}: ${c.signerName}`, fonts.regular, 11);
  w.block(`${L.signed_at}: ${c.signedAt}`, fonts.regular, 10, MUTED);
  w.block(`${L.ip}: ${c.ip}`, fonts.regular, 10, MUTED);
  w.block(`${L.device}: ${c.userAgent.slice(0, 300)}`, fonts.regular, 8, MUTED);
  w.block(`${L.digest}: ${c.textSha256}`, fonts.regular, 8, MUTED);
  return doc.save();
}
