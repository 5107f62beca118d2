import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Secrets a salon gives the product (its gateway secret and terminal resource key) kept in events
 * only sealed: AES-256-GCM under a key that lives outside the event log, so the log, its audit view
 * and its projections never hold them as text, and a tampered one does not open.
 */
export class SealedSecrets {
  constructor(private readonly key: Buffer) {
    if (key.length !== 32) throw new Error('the sealing key must be 32 bytes');
  }

  seal(text: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(text, 'utf8'), cipher.final()]);
    return [
      'v1',
      iv.toString('base64url'),
      cipher.getAuthTag().toString('base64url'),
      body.toString('base64url'),
    ].join('.');
  }

  open(sealed: string): string {
    const [version, iv, tag, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('not a sealed secret');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
      'utf8',
    );
  }
}
