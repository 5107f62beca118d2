import { inflateSync } from 'node:zlib';
import { PDFArray, PDFDict, PDFDocument, PDFHexString, PDFName, PDFRawStream, PDFString } from 'pdf-lib';

/**
 * The files a PDF carries as associated files (its catalog's /AF), decoded: how a reader of our
 * PDFs gets the e-invoice XML back out (and how the tests check it went in unchanged).
 */
export async function attachedFiles(
  pdf: Uint8Array,
): Promise<Array<{ name: string; mimeType: string; relationship: string; bytes: Buffer }>> {
  const doc = await PDFDocument.load(pdf, { updateMetadata: false });
  const af = doc.catalog.lookupMaybe(PDFName.of('AF'), PDFArray);
  if (!af) return [];
  return af.asArray().map((ref) => {
    const spec = doc.context.lookup(ref, PDFDict);
    const name = spec.lookup(PDFName.of('UF')) ?? spec.lookup(PDFName.of('F'));
    const stream = spec.lookup(PDFName.of('EF'), PDFDict).lookup(PDFName.of('F'));
    if (!(stream instanceof PDFRawStream)) throw new Error('an associated file without its stream');
    const filter = stream.dict.get(PDFName.of('Filter'));
    return {
      name: name instanceof PDFHexString || name instanceof PDFString ? name.decodeText() : '',
      mimeType: stream.dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText() ?? '',
      relationship: spec.lookupMaybe(PDFName.of('AFRelationship'), PDFName)?.decodeText() ?? '',
      bytes:
        filter === PDFName.of('FlateDecode') ? inflateSync(stream.contents) : Buffer.from(stream.contents),
    };
  });
}
