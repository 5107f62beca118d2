import { existsSync, readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';

/** The ZATCA SDK's data kept with the code (platform/zatca-data). */
export const ZATCA_SHARED = path.resolve(__dirname, '../../zatca-data');

export function zatcaShared(): string {
  if (!existsSync(ZATCA_SHARED)) {
    throw new Error(`ZATCA test data not found at ${ZATCA_SHARED} (expected platform/zatca-data)`);
  }
  return ZATCA_SHARED;
}

export const readShared = (rel: string) => readFileSync(path.join(zatcaShared(), rel), 'utf8');

export function samples(): Array<{ name: string; xml: string }> {
  const dir = path.join(zatcaShared(), 'samples');
  return readdirSync(dir)
    .filter((f) => f.endsWith('.xml'))
    .sort()
    .map((name) => ({ name, xml: readFileSync(path.join(dir, name), 'utf8') }));
}

export const testCertificate = () => readShared('test-cert.base64').trim();
export const testPrivateKeyPem = () =>
  `-----BEGIN EC PRIVATE KEY-----\n${readShared('test-private-key.base64').trim()}\n-----END EC PRIVATE KEY-----\n`;
