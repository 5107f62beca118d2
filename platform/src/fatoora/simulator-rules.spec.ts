import { buildCsr, generateDeviceKey } from './csr';
import { HttpFatoora } from './http-fatoora';
import { zatcaInspector } from './inspector';
import { FatooraSimulator } from './simulator';
import { ValidationThread } from './validation-thread';
import { buildAndSign } from '../zatca/builder';
import { ZATCA_PIH_SEED } from '../zatca/chain';
import { explain } from '../zatca/explanations';
import { demoSeller, documentInput } from '../zatca/fixtures';

/**
 * The local Fatoora refuses a document the way the authority would, on the authority's own rules
 * (XSD and both Schematron files, run in their own process), and the refusal comes with the
 * explanation a salon owner reads, in both languages.
 */
describe('the Fatoora simulator on the authority’s business rules', () => {
  const validation = new ValidationThread();
  const simulator = new FatooraSimulator({
    environment: 2,
    file: ':memory:',
    pihSeed: ZATCA_PIH_SEED,
    inspect: zatcaInspector('full', (xml) => validation.validate(xml)),
  });
  const fatoora = new HttpFatoora({ environment: 2, fetch: simulator.fetch(), name: 'simulator' });
  const key = generateDeviceKey();
  afterAll(async () => {
    simulator.close();
    await validation.close();
  });

  it('accepts a good document and refuses one that breaks BR-KSA-40, explained in English and Arabic', async () => {
    const csid = await fatoora.complianceCsid(
      buildCsr(
        {
          environment: 2,
          commonName: 'EGS-1',
          serialNumber: '1-Rawnaq|2-Till|3-1',
          vatNumber: '399999999900003',
          organizationUnit: 'Riyadh',
          organization: 'Rawnaq Beauty Salon',
          invoiceType: '1100',
          location: '2322 Prince Sultan, Riyadh',
          industry: 'Beauty salon',
        },
        key.privateKeyPem,
      ).base64,
      '123456',
    );
    if (!csid.ok) throw new Error(JSON.stringify(csid.errors));
    const submit = async (seller = demoSeller) => {
      const signed = buildAndSign(documentInput('invoice', 'simplified', { seller }), {
        privateKeyPem: key.privateKeyPem,
        certificateBase64: csid.certificateBase64,
      });
      return fatoora.complianceCheck(csid.credentials, {
        invoiceHash: signed.invoiceHash,
        uuid: /<cbc:UUID>([^<]+)</.exec(signed.xml)![1],
        invoice: Buffer.from(signed.xml).toString('base64'),
      });
    };
    const good = await submit();
    expect(good).toMatchObject({ outcome: 'accepted', errors: [], warnings: [] });
    const bad = await submit({ ...demoSeller, vatNumber: '123456789012345' });
    expect(bad.outcome).toBe('rejected');
    expect(bad.errors.map((e) => e.code)).toContain('BR-KSA-40');
    const why = explain('BR-KSA-40');
    expect(why.generic).toBe(false);
    expect(why.en).toMatch(/VAT/);
    expect(why.ar).toMatch(/الضريبي/);
  }, 120_000);
});
