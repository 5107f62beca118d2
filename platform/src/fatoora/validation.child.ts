// The ZATCA rules' process: the XSD and both Schematron files (SaxonJS) take most of a second per
// document, so they run here, one document at a time, and the server that asked stays responsive.
// It runs on the authority's clock (Asia/Riyadh, set by its parent): the rules compare a document's
// issue date with "today", and a Saudi document's date is a Saudi date.
import { validateDocument } from '../zatca/validate';

process.on('message', (m: { id: number; xml: string }) => {
  validateDocument(m.xml).then(
    (result) => process.send!({ id: m.id, result }),
    (error: unknown) => process.send!({ id: m.id, error: (error as Error)?.message ?? String(error) }),
  );
});
process.on('disconnect', () => process.exit(0));
