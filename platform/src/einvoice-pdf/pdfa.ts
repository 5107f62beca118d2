import { PDFArray, PDFDocument, PDFHexString, PDFName, PDFString } from 'pdf-lib';

/** What PDF/A-3b asks of a document beyond its pages: metadata, colour, its attachment and an ID. */
export interface PdfAParts {
  title: string;
  creator: string;
  producer: string;
  /** the document's date and time as written in its XML, and the zone they are in (+03:00) */
  date: { day: string; time: string; utcOffset: string };
  /** the sRGB ICC profile of the output intent */
  icc: Uint8Array;
  /** 16 bytes: both halves of the trailer's /ID */
  id: Uint8Array;
  attachment: { name: string; mimeType: string; description: string; bytes: Uint8Array };
}

const escapeXml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/**
 * D:YYYYMMDDHHmmSS+03'00' for the Info dictionary and YYYY-MM-DDTHH:mm:ss+03:00 for XMP: the same
 * instant, zone included (validators read an XMP date without one as the wrong type).
 */
function dates({ day, time, utcOffset }: PdfAParts['date']) {
  const d = /^\d{4}-\d{2}-\d{2}$/.test(day) ? day : '1970-01-01';
  const t = /^\d{2}:\d{2}:\d{2}/.test(time) ? time.slice(0, 8) : '00:00:00';
  const zone = /^[+-]\d{2}:\d{2}$/.exec(utcOffset)?.[0] ?? '+00:00';
  const pdfZone = zone === '+00:00' ? 'Z' : `${zone.slice(0, 3)}'${zone.slice(4)}'`;
  return {
    pdf: `D:${d.replace(/-/g, '')}${t.replace(/:/g, '')}${pdfZone}`,
    xmp: `${d}T${t}${zone === '+00:00' ? 'Z' : zone}`,
  };
}

/** XMP packet with the PDF/A identification (part 3, conformance B) and the Info fields mirrored. */
export function xmpPacket(parts: Pick<PdfAParts, 'title' | 'creator' | 'producer' | 'date'>): string {
  const { xmp } = dates(parts.date);
  return `<?xpacket begin="\uFEFF" id="W5M0MpCehiHzreSzNTczkc9d"?>
<x:xmpmeta xmlns:x="adobe:ns:meta/">
  <rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#">
    <rdf:Description rdf:about=""
        xmlns:pdfaid="http://www.aiim.org/pdfa/ns/id/"
        xmlns:dc="http://purl.org/dc/elements/1.1/"
        xmlns:xmp="http://ns.adobe.com/xap/1.0/"
        xmlns:pdf="http://ns.adobe.com/pdf/1.3/">
      <pdfaid:part>3</pdfaid:part>
      <pdfaid:conformance>B</pdfaid:conformance>
      <dc:format>application/pdf</dc:format>
      <dc:title><rdf:Alt><rdf:li xml:lang="x-default">${escapeXml(parts.title)}</rdf:li></rdf:Alt></dc:title>
      <xmp:CreateDate>${xmp}</xmp:CreateDate>
      <xmp:ModifyDate>${xmp}</xmp:ModifyDate>
      <xmp:MetadataDate>${xmp}</xmp:MetadataDate>
      <xmp:CreatorTool>${escapeXml(parts.creator)}</xmp:CreatorTool>
      <pdf:Producer>${escapeXml(parts.producer)}</pdf:Producer>
    </rdf:Description>
  </rdf:RDF>
</x:xmpmeta>
<?xpacket end="w"?>`;
}

/** A name PDFDocEncoding can hold for /F (the Unicode one goes in /UF). */
const asciiName = (name: string) => name.replace(/[^\x20-\x7E]/g, '_').replace(/[()\\]/g, '_');

/**
 * Turns a document drawn with pdf-lib into PDF/A-3b: Info dictionary and XMP metadata that agree,
 * an sRGB output intent, the XML as an associated file (catalog /AF and the EmbeddedFiles name
 * tree) and a fixed trailer /ID. Dates come from the document, never from the clock.
 */
export function applyPdfA(doc: PDFDocument, parts: PdfAParts): void {
  const { context, catalog } = doc;
  const { pdf: pdfDate } = dates(parts.date);

  context.trailerInfo.Info = context.register(
    context.obj({
      Title: PDFHexString.fromText(parts.title),
      Creator: PDFHexString.fromText(parts.creator),
      Producer: PDFHexString.fromText(parts.producer),
      CreationDate: PDFString.of(pdfDate),
      ModDate: PDFString.of(pdfDate),
    }),
  );

  const metadata = context.stream(Buffer.from(xmpPacket(parts), 'utf8'), {
    Type: 'Metadata',
    Subtype: 'XML',
  });
  catalog.set(PDFName.of('Metadata'), context.register(metadata));

  const profile = context.flateStream(parts.icc, { N: 3 });
  catalog.set(
    PDFName.of('OutputIntents'),
    context.obj([
      context.obj({
        Type: 'OutputIntent',
        S: 'GTS_PDFA1',
        OutputConditionIdentifier: PDFString.of('sRGB IEC61966-2.1'),
        RegistryName: PDFString.of('http://www.color.org'),
        Info: PDFString.of('sRGB IEC61966-2.1'),
        DestOutputProfile: context.register(profile),
      }),
    ]),
  );

  const { attachment } = parts;
  const file = context.register(
    context.flateStream(attachment.bytes, {
      Type: 'EmbeddedFile',
      Subtype: attachment.mimeType,
      Params: { Size: attachment.bytes.length, ModDate: PDFString.of(pdfDate) },
    }),
  );
  const spec = context.register(
    context.obj({
      Type: 'Filespec',
      F: PDFString.of(asciiName(attachment.name)),
      UF: PDFHexString.fromText(attachment.name),
      Desc: PDFHexString.fromText(attachment.description),
      AFRelationship: 'Data',
      EF: { F: file, UF: file },
    }),
  );
  catalog.set(
    PDFName.of('Names'),
    context.obj({ EmbeddedFiles: { Names: [PDFHexString.fromText(attachment.name), spec] } }),
  );
  catalog.set(PDFName.of('AF'), context.obj([spec]));
  // viewers open the attachments pane, so the XML is one click away
  catalog.set(PDFName.of('PageMode'), PDFName.of('UseAttachments'));

  const id = PDFHexString.of(Buffer.from(parts.id).toString('hex').toUpperCase());
  context.trailerInfo.ID = context.obj([id, id]) as PDFArray;
}
