import { createHmac, randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The tokens of links sent by mail (reset a password, verify an e-mail address), kept out of the event
 * log. An event records a link's nonce (not secret) and the SHA-256 of its token; the token is
 * HMAC(key, nonce), so only who holds the key can write the link: the mail dispatcher, when it sends.
 * The key lives outside the events (LINK_SECRET, or a file beside the embedded store), so a reader or
 * a replay of the log never sees a usable link, and nothing is lost on a crash: a message queued
 * before it is rendered again from its event and the key.
 */
export class LinkTokens {
  constructor(private readonly key: Buffer) {
    if (key.length < 32) throw new Error('LINK_SECRET must be at least 32 bytes');
  }

  /** A new link: its nonce, for the event, and its token, for the hash in the event and nowhere else. */
  issue(): { nonce: string; token: string } {
    const nonce = randomBytes(16).toString('base64url');
    return { nonce, token: this.tokenFor(nonce) };
  }

  tokenFor(nonce: string): string {
    return createHmac('sha256', this.key).update(nonce).digest('base64url');
  }
}

/**
 * The key: LINK_SECRET when set (every command-api replica of a scale-out deployment must share it),
 * otherwise a random one written once into `file` (the embedded store's data folder), readable by the
 * owner only.
 */
export const loadLinkKey = (secret: string | undefined, file: string): Buffer => {
  if (secret) return Buffer.from(secret, 'utf8');
  if (existsSync(file)) return Buffer.from(readFileSync(file, 'utf8').trim(), 'base64url');
  mkdirSync(dirname(file), { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString('base64url'), { mode: 0o600, flag: 'wx' });
  chmodSync(file, 0o600);
  return key;
};
