import { inflateSync } from 'node:zlib';
import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFDocument,
  PDFHexString,
  PDFName,
  PDFRawStream,
  PDFStream,
  PDFString,
} from 'pdf-lib';
import sharp from 'sharp';
import { buildAndSign, type ZatcaDocumentKind, type ZatcaTransaction } from '../zatca/builder';
import { documentInput, lines } from '../zatca/fixtures';
import { samples, testCertificate, testPrivateKeyPem } from '../zatca/test-data';
import { attachedFiles } from './attachments';
import { readEInvoice } from './read';
import { renderEInvoicePdf } from './render';

const keys = { privateKeyPem: testPrivateKeyPem(), certificateBase64: testCertificate() };

/** A signed document from the core's fixtures, its date fixed (the PDF's dates come from it). */
function signed(kind: ZatcaDocumentKind, transaction: ZatcaTransaction) {
  const input = documentInput(kind, transaction, {
    issueDate: '2026-01-02',
    issueTime: '10:11:12',
    uuid: '6f4d20e0-6bfe-4a80-9389-7dabe6620f12',
    number: `INV-${kind === 'invoice' ? 1001 : 2001}`,
  });
  const xml = buildAndSign(input, { ...keys, signingTime: new Date('2026-01-02T07:11:12Z') }).xml;
  return { xml, fileName: `399999999900003_20260102T101112_${input.number}.xml` };
}

/** The object a dictionary names under `key`, which must be of the given PDF type. */
const lookup = <T>(doc: PDFDocument, holder: PDFDict, key: string, type: { prototype: T }): T => {
  const found = doc.context.lookup(holder.get(PDFName.of(key)));
  const ctor = type as unknown as abstract new (...args: never[]) => unknown;
  if (!(found instanceof ctor)) throw new Error(`${key} is not a ${ctor.name}`);
  return found as T;
};

const streamBytes = (s: PDFStream) => Buffer.from(decodePDFRawStream(s as PDFRawStream).decode());

/** Text decoded from the content streams through each font's ToUnicode map, one string per Tj. */
function textRuns(doc: PDFDocument): string[] {
  const runs: string[] = [];
  for (const page of doc.getPages()) {
    const fonts = page.node.Resources()!.lookup(PDFName.of('Font'), PDFDict);
    const maps = new Map<string, Map<string, string>>();
    for (const [name, ref] of fonts.entries()) {
      const font = doc.context.lookup(ref, PDFDict);
      const cmap = streamBytes(lookup(doc, font, 'ToUnicode', PDFStream)).toString('latin1');
      const map = new Map<string, string>();
      for (const [, gid, uni] of cmap.matchAll(/<([0-9a-fA-F]{4})>\s*<([0-9a-fA-F]+)>/g))
        map.set(gid.toUpperCase(), Buffer.from(uni, 'hex').swap16().toString('utf16le'));
      maps.set(name.asString(), map);
    }
    const contents = page.node.Contents();
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents!];
    let map = new Map<string, string>();
    for (const ref of streams) {
      const ops = streamBytes(doc.context.lookup(ref, PDFStream)).toString('latin1');
      for (const [, font, hex] of ops.matchAll(/(\/\S+) [\d.]+ Tf|<([0-9A-F]+)> Tj/g)) {
        if (font) map = maps.get(font)!;
        else {
          const glyphs = hex.match(/.{4}/g)!.map((g) => map.get(g) ?? '\uFFFD');
          // an Arabic run is drawn in visual order: back to logical order to compare
          if (glyphs.some((g) => /[\u0600-\u06FF]/.test(g))) glyphs.reverse();
          runs.push(glyphs.join(''));
        }
      }
    }
  }
  return runs;
}

const combos = (['simplified', 'standard'] as const).flatMap((t) =>
  (['invoice', 'credit-note', 'debit-note'] as const).map((k) => [t, k] as const),
);

const TITLES = {
  'simplified invoice': ['Simplified Tax Invoice', 'فاتورة ضريبية مبسطة'],
  'standard invoice': ['Tax Invoice', 'فاتورة ضريبية'],
  'simplified credit-note': ['Simplified Credit Note', 'إشعار دائن مبسط'],
  'standard credit-note': ['Credit Note', 'إشعار دائن'],
  'simplified debit-note': ['Simplified Debit Note', 'إشعار مدين مبسط'],
  'standard debit-note': ['Debit Note', 'إشعار مدين'],
};

describe('renderEInvoicePdf', () => {
  describe.each(combos)('%s %s', (transaction, kind) => {
    let xml: string;
    let fileName: string;
    let bytes: Uint8Array;
    let doc: PDFDocument;
    beforeAll(async () => {
      ({ xml, fileName } = signed(kind, transaction));
      bytes = await renderEInvoicePdf(xml, { xmlFileName: fileName });
      doc = await PDFDocument.load(bytes, { updateMetadata: false });
    });

    it('is a PDF that parses back, the same bytes for the same XML', async () => {
      expect(Buffer.from(bytes.subarray(0, 5)).toString('latin1')).toBe('%PDF-');
      expect(doc.getPageCount()).toBeGreaterThanOrEqual(1);
      expect(
        Buffer.from(await renderEInvoicePdf(xml, { xmlFileName: fileName })).equals(Buffer.from(bytes)),
      ).toBe(true);
    });

    it('carries the XML as its one associated file (/AF, EmbeddedFiles, text/xml, /Data)', () => {
      const af = lookup(doc, doc.catalog, 'AF', PDFArray);
      expect(af.size()).toBe(1);
      const spec = doc.context.lookup(af.get(0), PDFDict);
      expect(spec.get(PDFName.of('Type'))).toBe(PDFName.of('Filespec'));
      expect(spec.get(PDFName.of('AFRelationship'))).toBe(PDFName.of('Data'));
      expect((spec.get(PDFName.of('F')) as PDFString).decodeText()).toBe(fileName);
      expect((spec.get(PDFName.of('UF')) as PDFHexString).decodeText()).toBe(fileName);
      const file = lookup(doc, lookup(doc, spec, 'EF', PDFDict), 'F', PDFStream) as PDFRawStream;
      expect(file.dict.get(PDFName.of('Subtype'))).toBe(PDFName.of('text/xml'));
      expect(file.dict.get(PDFName.of('Type'))).toBe(PDFName.of('EmbeddedFile'));
      expect(inflateSync(Buffer.from(file.contents)).equals(Buffer.from(xml, 'utf8'))).toBe(true);

      const tree = lookup(doc, lookup(doc, doc.catalog, 'Names', PDFDict), 'EmbeddedFiles', PDFDict);
      const names = lookup(doc, tree, 'Names', PDFArray);
      expect(names.size()).toBe(2);
      expect((names.get(0) as PDFHexString).decodeText()).toBe(fileName);
      expect(names.get(1)).toBe(af.get(0));
    });

    it('gives the XML back through attachedFiles', async () => {
      expect(await attachedFiles(bytes)).toEqual([
        { name: fileName, mimeType: 'text/xml', relationship: 'Data', bytes: Buffer.from(xml, 'utf8') },
      ]);
    });

    it('identifies itself as PDF/A-3b in XMP that agrees with the Info dictionary', () => {
      const metadata = lookup(doc, doc.catalog, 'Metadata', PDFStream) as PDFRawStream;
      expect(metadata.dict.get(PDFName.of('Filter'))).toBeUndefined();
      const xmp = Buffer.from(metadata.contents).toString('utf8');
      expect(xmp).toContain('<pdfaid:part>3</pdfaid:part>');
      expect(xmp).toContain('<pdfaid:conformance>B</pdfaid:conformance>');
      expect(xmp).toContain('<xmp:CreateDate>2026-01-02T10:11:12+03:00</xmp:CreateDate>');
      expect(xmp).toContain('<xmp:ModifyDate>2026-01-02T10:11:12+03:00</xmp:ModifyDate>');
      expect(doc.getTitle()).toBe(
        `${TITLES[`${transaction} ${kind}`][0]} INV-${kind === 'invoice' ? 1001 : 2001} | ${TITLES[`${transaction} ${kind}`][1]}`,
      );
      expect(xmp).toContain(`<rdf:li xml:lang="x-default">${doc.getTitle()}</rdf:li>`);
      expect(xmp).toContain(`<pdf:Producer>${doc.getProducer()}</pdf:Producer>`);
      expect(xmp).toContain(`<xmp:CreatorTool>${doc.getCreator()}</xmp:CreatorTool>`);
      const info = doc.context.lookup(doc.context.trailerInfo.Info, PDFDict);
      expect((info.get(PDFName.of('CreationDate')) as PDFString).asString()).toBe("D:20260102101112+03'00'");
      expect((info.get(PDFName.of('ModDate')) as PDFString).asString()).toBe("D:20260102101112+03'00'");
    });

    it('has an sRGB output intent with its ICC profile embedded', () => {
      const intents = lookup(doc, doc.catalog, 'OutputIntents', PDFArray);
      expect(intents.size()).toBe(1);
      const intent = doc.context.lookup(intents.get(0), PDFDict);
      expect(intent.get(PDFName.of('S'))).toBe(PDFName.of('GTS_PDFA1'));
      const icc = lookup(doc, intent, 'DestOutputProfile', PDFStream);
      expect(icc.dict.get(PDFName.of('N'))?.toString()).toBe('3');
      const profile = streamBytes(icc);
      expect(profile.subarray(36, 40).toString('latin1')).toBe('acsp');
      expect(profile.subarray(16, 20).toString('latin1')).toBe('RGB ');
    });

    it('embeds every font, has no encryption or JavaScript, and a trailer /ID', () => {
      const fonts = [...doc.context.enumerateIndirectObjects()]
        .map(([, o]) => o)
        .filter(
          (o): o is PDFDict => o instanceof PDFDict && o.get(PDFName.of('Type')) === PDFName.of('Font'),
        );
      const withPrograms = fonts.filter((f) => f.get(PDFName.of('Subtype')) !== PDFName.of('Type0'));
      expect(withPrograms.length).toBe(2); // the regular and bold faces (a Type0's descendant carries its program)
      for (const font of fonts) {
        expect(font.get(PDFName.of('Subtype'))).not.toBe(PDFName.of('Type1')); // no unembedded standard font
        if (font.get(PDFName.of('Subtype')) === PDFName.of('Type0')) {
          expect(lookup(doc, font, 'DescendantFonts', PDFArray).size()).toBe(1);
          continue;
        }
        const descriptor = lookup(doc, font, 'FontDescriptor', PDFDict);
        const file = ['FontFile', 'FontFile2', 'FontFile3'].find((k) => descriptor.has(PDFName.of(k)));
        expect(file).toBeDefined();
        expect(lookup(doc, descriptor, file!, PDFStream)).toBeInstanceOf(PDFStream);
        expect(font.get(PDFName.of('BaseFont'))!.toString()).toMatch(/^\/[A-Z]{6}\+DejaVuSans/);
      }
      expect(doc.context.trailerInfo.Encrypt).toBeUndefined();
      // in every object's dictionary (a stream's dictionary without its data, whose compressed bytes
      // may read "/AA" or "/JS" by chance: the file's raw text failed one run in a hundred or so)
      const dictionaries = [...doc.context.enumerateIndirectObjects()]
        .map(([, o]) => (o instanceof PDFStream ? o.dict : o))
        .filter((o): o is PDFDict => o instanceof PDFDict)
        .map((d) => d.toString())
        .join('\n');
      expect(dictionaries).toContain('/Type /Catalog');
      expect(dictionaries).not.toMatch(/\/Encrypt|\/JavaScript|\/JS\b|\/OpenAction|\/AA\b/);
      const raw = Buffer.from(bytes).toString('latin1');
      const trailer = raw.slice(raw.lastIndexOf('trailer'));
      expect(trailer).toMatch(/\/ID \[ <[0-9A-F]{32}> <[0-9A-F]{32}> \]/);
      const id = doc.context.trailerInfo.ID as PDFArray;
      expect(id.size()).toBe(2);
    });

    it('shows the title in both languages and the XML amounts verbatim', () => {
      const runs = textRuns(doc);
      const [en, ar] = TITLES[`${transaction} ${kind}`];
      expect(runs).toContain(en);
      expect(runs).toContain(ar);
      const view = readEInvoice(xml);
      expect(runs).toContain(`${view.totals.payable!.text} SAR`);
      expect(runs).toContain('509.19 SAR');
      expect(runs).toContain('57.29 SAR');
      expect(runs).toContain('451.90 SAR');
      for (const line of view.lines) expect(runs).toContain(line.total!.text);
      expect(runs).toContain('Haircut');
      expect(runs).toContain('قص شعر');
      expect(runs).toContain('صالون رونق للتجميل');
      expect(runs).toContain('399999999900003');
      if (transaction === 'standard') expect(runs).toContain('399999999800003');
      else expect(runs).not.toContain('399999999800003');
      if (kind !== 'invoice') {
        expect(runs).toContain('INV-1001');
        expect(runs).toContain('لم تقدم الخدمة');
      }
    });
  });

  it('draws the SDK samples (foreign layout, amounts such as "3.6" kept as written)', async () => {
    for (const { name, xml } of samples()) {
      const doc = await PDFDocument.load(await renderEInvoicePdf(xml, { xmlFileName: name }));
      const runs = textRuns(doc);
      const view = readEInvoice(xml);
      expect(runs).toContain(`${view.totals.payable!.text} SAR`);
      expect(runs).toContain(`${view.totals.vat!.text} SAR`);
      if (name === 'Standard_Debit_Note.xml') {
        expect(runs).toContain('3.6 SAR');
        expect(runs).toContain('إشعار مدين');
      }
    }
  });

  it('runs a long document over several pages: the lines’ heading on each, every page numbered', async () => {
    const many = Array.from({ length: 45 }, (_, i) => ({
      ...lines.haircut,
      name: `قص شعر وتصفيف مع غسيل وعناية بالشعر ${i + 1} | Haircut, styling, wash and hair care number ${i + 1}`,
    }));
    const input = documentInput('invoice', 'standard', {
      issueDate: '2026-01-02',
      issueTime: '10:11:12',
      lines: many,
      allowance: undefined,
    });
    const xml = buildAndSign(input, keys).xml;
    const doc = await PDFDocument.load(await renderEInvoicePdf(xml, { xmlFileName: 'long.xml' }));
    const pages = doc.getPageCount();
    expect(pages).toBeGreaterThan(2);
    const runs = textRuns(doc);
    for (let p = 1; p <= pages; p++) expect(runs).toContain(`${p} / ${pages}`);
    expect(runs.filter((r) => r === 'Description').length).toBeGreaterThanOrEqual(pages - 1);
    // every line drawn once (its English wraps: "... hair care" / "number N")
    for (let i = 1; i <= 45; i++) expect(runs.filter((r) => r === `number ${i}`)).toHaveLength(1);
    expect(runs).toContain(`${readEInvoice(xml).totals.payable!.text} SAR`);
  });

  it('draws documents at the same time as it draws them one by one (the parsed fonts are shared)', async () => {
    const docs = combos.map(([t, k]) => signed(k, t));
    const render = (d: { xml: string; fileName: string }) =>
      renderEInvoicePdf(d.xml, { xmlFileName: d.fileName });
    const alone: Uint8Array[] = [];
    for (const d of docs) alone.push(await render(d));
    const together = await Promise.all([...docs, ...docs].map(render));
    together.forEach((bytes, i) =>
      expect(Buffer.from(bytes).equals(Buffer.from(alone[i % docs.length]))).toBe(true),
    );
  });

  describe("the salon's letterhead (its invoice settings' logo and notes)", () => {
    const { xml, fileName } = signed('invoice', 'simplified');
    const notes = { en: 'Thank you for visiting\nOpen every day', ar: 'شكرا لزيارتكم' };
    const image = (format: 'png' | 'webp', size: number) =>
      sharp({ create: { width: size, height: size, channels: 4, background: '#8a2be2' } })
        .toFormat(format)
        .toBuffer();
    /** The images the first page draws: each one's width and height in pixels. */
    const images = (doc: PDFDocument) => {
      const page = doc.getPages()[0];
      const xobjects = page.node.Resources()!.lookupMaybe(PDFName.of('XObject'), PDFDict);
      return (xobjects?.entries() ?? [])
        .map(([, ref]) => doc.context.lookup(ref, PDFStream))
        .filter((x) => x.dict.get(PDFName.of('Subtype')) === PDFName.of('Image'))
        .map((x) => [
          x.dict.get(PDFName.of('Width'))!.toString(),
          x.dict.get(PDFName.of('Height'))!.toString(),
        ]);
    };

    it('draws the logo at the head and the notes in both languages at the foot', async () => {
      const bytes = await renderEInvoicePdf(xml, {
        xmlFileName: fileName,
        letterhead: { logo: await image('png', 64), notes },
      });
      const doc = await PDFDocument.load(bytes, { updateMetadata: false });
      expect(images(doc)).toEqual([['64', '64']]);
      const runs = textRuns(doc);
      expect(runs).toEqual(
        expect.arrayContaining(['Thank you for visiting', 'Open every day', 'شكرا لزيارتكم']),
      );
      // the notes come after the document's figures
      expect(runs.indexOf('Thank you for visiting')).toBeGreaterThan(runs.indexOf('VAT breakdown'));
      // still one document for one XML and one letterhead
      const again = await renderEInvoicePdf(xml, {
        xmlFileName: fileName,
        letterhead: { logo: await image('png', 64), notes },
      });
      expect(Buffer.from(again).equals(Buffer.from(bytes))).toBe(true);
    });

    it('takes a WebP logo, scales a large one down, and leaves out one it cannot read', async () => {
      const webp = await PDFDocument.load(
        await renderEInvoicePdf(xml, {
          xmlFileName: fileName,
          letterhead: { logo: await image('webp', 1200) },
        }),
      );
      expect(images(webp)).toEqual([['224', '224']]);
      const broken = await PDFDocument.load(
        await renderEInvoicePdf(xml, {
          xmlFileName: fileName,
          letterhead: { logo: Buffer.from('\x89PNG not an image'), notes: { en: '', ar: 'شكرا لزيارتكم' } },
        }),
      );
      expect(images(broken)).toEqual([]);
      expect(textRuns(broken)).toContain('شكرا لزيارتكم');
    });

    it('draws neither without one', async () => {
      const doc = await PDFDocument.load(await renderEInvoicePdf(xml, { xmlFileName: fileName }));
      expect(images(doc)).toEqual([]);
      expect(textRuns(doc)).not.toContain('شكرا لزيارتكم');
    });
  });

  it('refuses what is not a ZATCA document', async () => {
    await expect(renderEInvoicePdf('<a/>', { xmlFileName: 'x.xml' })).rejects.toThrow(/not a UBL invoice/);
    await expect(renderEInvoicePdf('not xml', { xmlFileName: 'x.xml' })).rejects.toThrow();
  });
});

describe('readEInvoice', () => {
  it('reads the parts a person sees, amounts as text', () => {
    const view = readEInvoice(signed('credit-note', 'standard').xml);
    expect(view).toMatchObject({
      kind: 'credit-note',
      typeCode: '381',
      transactionCode: '0100000',
      simplified: false,
      number: 'INV-2001',
      issueDate: '2026-01-02',
      issueTime: '10:11:12',
      currency: 'SAR',
      billingReference: 'INV-1001',
      reason: 'Service not delivered | لم تقدم الخدمة',
      seller: { vatNumber: '399999999900003', otherId: { scheme: 'CRN', value: '1010010000' } },
      buyer: { vatNumber: '399999999800003' },
    });
    expect(view.totals.payable).toEqual({ text: '509.19', currency: 'SAR' });
    expect(
      view.lines.map((l) => [l.name, l.quantity, l.unitPrice?.text, l.vat?.text, l.total?.text]),
    ).toEqual([
      ['قص شعر | Haircut', '1.00', '150.00', '22.50', '172.50'],
      ['صبغة | Hair colour', '2.00', '123.45', '35.54', '272.44'],
      ['دواء | Medicine', '1.00', '50.00', '0.00', '50.00'],
      ['خدمة مالية | Financial service', '1.00', '20.00', '0.00', '20.00'],
    ]);
    expect(view.qr).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(view.invoiceHash).toMatch(/^[A-Za-z0-9+/]{43}=$/);
    expect(readEInvoice(signed('invoice', 'simplified').xml).buyer).toBeNull();
  });
});
