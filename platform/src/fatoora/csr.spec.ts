import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { buildCsr, csrProblems, generateDeviceKey, readCsr, type CsrFields } from './csr';
import { SimulatorCa } from './simulator-ca';

const fields: CsrFields = {
  environment: 1,
  commonName: 'TST-886431145-399999999900003',
  serialNumber: '1-Rawnaq|2-POS|3-ed22f1d8-e6a2-1118-9b58-d9a8f11e445f',
  vatNumber: '399999999900003',
  organizationUnit: 'Riyadh Branch',
  organization: 'Lamsa Beauty Salon',
  invoiceType: '1100',
  location: 'RRRD2929',
  industry: 'Beauty salon',
};

const opensslAvailable = (() => {
  try {
    execFileSync('openssl', ['version']);
    return true;
  } catch {
    return false;
  }
})();

describe("a device's onboarding CSR and the simulator's certificates", () => {
  const key = generateDeviceKey();

  it('carries the subject, the template of its environment and the SAN directory name, signed by the device key', () => {
    const csr = buildCsr(fields, key.privateKeyPem);
    expect(csr.pem).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n/);
    expect(Buffer.from(csr.base64, 'base64').toString('utf8')).toBe(csr.pem);
    const read = readCsr(csr.base64);
    expect(read.signatureValid).toBe(true);
    expect(read.template).toBe('TSTZATCA-Code-Signing');
    expect(read.subject).toEqual({
      country: 'SA',
      organizationUnit: 'Riyadh Branch',
      organization: 'Lamsa Beauty Salon',
      commonName: 'TST-886431145-399999999900003',
      organizationIdentifier: '399999999900003',
    });
    expect(read.directory).toEqual({
      surname: fields.serialNumber,
      uid: '399999999900003',
      title: '1100',
      registeredAddress: 'RRRD2929',
      businessCategory: 'Beauty salon',
    });
    expect(read.publicKey.asymmetricKeyDetails?.namedCurve).toBe('secp256k1');
    expect(readCsr(buildCsr({ ...fields, environment: 2 }, key.privateKeyPem).pem).template).toBe(
      'PREZATCA-Code-Signing',
    );
    expect(readCsr(buildCsr({ ...fields, environment: 3 }, key.privateKeyPem).pem).template).toBe(
      'ZATCA-Code-Signing',
    );
  });

  (opensslAvailable ? it : it.skip)('is a CSR OpenSSL reads and verifies', () => {
    const csr = buildCsr(fields, key.privateKeyPem);
    const out = execFileSync('openssl', ['req', '-noout', '-verify', '-text'], {
      input: csr.pem,
      stdio: ['pipe', 'pipe', 'pipe'],
    }).toString();
    expect(out).toContain('secp256k1');
    expect(out).toContain('TSTZATCA-Code-Signing');
    expect(out).toMatch(/DirName:.*SN\s*=\s*1-Rawnaq\|2-POS\|3-ed22f1d8/);
  });

  it('refuses fields the authority would refuse, naming them', () => {
    expect(csrProblems(fields)).toEqual([]);
    expect(
      csrProblems({
        ...fields,
        vatNumber: '123',
        organization: 'صالون',
        invoiceType: '0011',
        serialNumber: 'x',
      }),
    ).toEqual(['organization', 'vatNumber', 'invoiceType', 'serialNumber']);
    expect(() => buildCsr({ ...fields, vatNumber: '1' }, key.privateKeyPem)).toThrow(/vatNumber/);
  });

  it("issues a certificate for the device key that the CA's key verifies, and no other", () => {
    const ca = new SimulatorCa();
    const { certificateBase64, serialDecimal } = ca.issue(buildCsr(fields, key.privateKeyPem).base64, 5);
    const cert = new X509Certificate(Buffer.from(certificateBase64, 'base64'));
    expect(cert.verify(ca.certificate.publicKey)).toBe(true);
    expect(cert.publicKey.export({ format: 'pem', type: 'spki' }).toString()).toBe(key.publicKeyPem);
    expect(cert.subject).toContain('CN=TST-886431145-399999999900003');
    expect(cert.subjectAltName).toContain('399999999900003');
    expect(BigInt(`0x${cert.serialNumber}`).toString()).toBe(serialDecimal);
    expect(ca.issued(certificateBase64)).toBe(true);
    expect(ca.issued(certificateBase64, new Date(Date.now() + 6 * 86_400_000))).toBe(false);
    expect(new SimulatorCa().issued(certificateBase64)).toBe(false);
    // the CA survives a restart through its exported key
    expect(new SimulatorCa(ca.exportKey()).issued(certificateBase64)).toBe(true);
  });
});
