import { createPrivateKey, createPublicKey, generateKeyPairSync, randomBytes, verify } from 'node:crypto';
import { derSignature, inverseModN, inversesModN, SECP256K1_N } from './presign-math';
import { EcdsaPresignatures, presignatures } from './presign';
import { signHash, verifyHashSignature } from './sign';
import { testCertificate, testPrivateKeyPem } from './test-data';

/** r and s back out of a DER signature. */
const rsOf = (der: Buffer) => {
  expect(der[0]).toBe(0x30);
  expect(der[1]).toBe(der.length - 2);
  const ints: bigint[] = [];
  for (let at = 2; at < der.length;) {
    expect(der[at]).toBe(0x02);
    const len = der[at + 1];
    const bytes = der.subarray(at + 2, at + 2 + len);
    // minimal: no leading zero unless the next byte's sign bit needs it
    if (bytes.length > 1) expect(bytes[0] === 0 && (bytes[1] & 0x80) === 0).toBe(false);
    ints.push(BigInt(`0x${bytes.toString('hex')}`));
    at += 2 + len;
  }
  return ints;
};

describe('ECDSA presignatures (secp256k1)', () => {
  const pool = new EcdsaPresignatures(64, 16);
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'secp256k1' });

  beforeAll(async () => {
    pool.start();
    await pool.filled(32);
  });
  afterAll(() => pool.stop());

  it('makes ordinary signatures: OpenSSL verifies each, and rejects it for another message', async () => {
    for (let i = 0; i < 40; i++) {
      await pool.filled(1);
      const message = randomBytes(32);
      const signature = pool.sign(message, privateKey)!;
      expect(signature).toBeDefined();
      expect(verify('sha256', message, publicKey, signature)).toBe(true);
      expect(verify('sha256', randomBytes(32), publicKey, signature)).toBe(false);
      const [r, s] = rsOf(signature);
      expect(r > 0n && r < SECP256K1_N && s > 0n && s < SECP256K1_N).toBe(true);
    }
  });

  it('uses each nonce once: one off the stock per signature, never the same r twice', async () => {
    await pool.filled(20);
    const before = pool.ready;
    const rs = new Set<bigint>();
    for (let i = 0; i < 10; i++) rs.add(rsOf(pool.sign(randomBytes(32), privateKey)!)[0]);
    expect(rs.size).toBe(10);
    expect(pool.ready).toBe(before - 10); // (a refill lands between turns of the event loop, not here)
  });

  it('leaves what it cannot do to OpenSSL: an empty stock, a key on another curve', async () => {
    const idle = new EcdsaPresignatures();
    expect(idle.sign(randomBytes(32), privateKey)).toBeUndefined(); // never started
    const p256 = generateKeyPairSync('ec', { namedCurve: 'prime256v1' }).privateKey;
    await pool.filled(1);
    const before = pool.ready;
    expect(pool.sign(randomBytes(32), p256)).toBeUndefined();
    expect(pool.ready).toBe(before); // no nonce spent on it
  });

  it('signs e-invoices with the process pool once started, verified against the certificate, and without it', async () => {
    const hash = randomBytes(32).toString('base64');
    const key = testPrivateKeyPem();
    expect(presignatures.ready).toBe(0);
    const byOpenSsl = signHash(hash, key);
    presignatures.start();
    try {
      await presignatures.filled(1);
      const before = presignatures.ready;
      const presigned = signHash(hash, key);
      expect(presignatures.ready).toBe(before - 1);
      expect(presigned).not.toBe(byOpenSsl);
      for (const signature of [byOpenSsl, presigned])
        expect(verifyHashSignature(hash, signature, testCertificate())).toBe(true);
      const pub = createPublicKey(createPrivateKey(key));
      expect(verify('sha256', Buffer.from(hash, 'base64'), pub, Buffer.from(presigned, 'base64'))).toBe(true);
    } finally {
      await presignatures.stop();
    }
    expect(presignatures.ready).toBe(0); // the nonces are dropped with the thread
  });

  it('counts its starts: the thread runs until the last stop', async () => {
    const shared = new EcdsaPresignatures(8, 8);
    shared.start();
    shared.start();
    await shared.filled(4);
    await shared.stop();
    expect(shared.sign(randomBytes(32), privateKey)).toBeDefined();
    await shared.stop();
    expect(shared.ready).toBe(0);
    expect(shared.sign(randomBytes(32), privateKey)).toBeUndefined();
  });

  it('takes in what its thread made without its event loop running (a signing thread busy polling)', async () => {
    const pool = new EcdsaPresignatures(8, 8);
    pool.start();
    try {
      expect(pool.take()).toBe(false); // nothing made yet
      // this thread blocked, as a busy signing thread is between its looks: its loop does not run
      const nap = new Int32Array(new SharedArrayBuffer(4));
      for (let waited = 0; pool.ready === 0 && waited < 10_000; waited += 10) {
        Atomics.wait(nap, 0, 0, 10);
        pool.take();
      }
      expect(pool.ready).toBe(8);
      expect(pool.sign(randomBytes(32), privateKey)).toBeDefined();
    } finally {
      await pool.stop();
    }
  });
});

describe('presignature arithmetic', () => {
  it('inverts modulo the order', () => {
    for (const k of [1n, 2n, 12345678901234567890n, SECP256K1_N - 1n])
      expect((k * inverseModN(k)) % SECP256K1_N).toBe(1n);
  });

  it('inverts a batch at once, each value as if alone (one value, many, repeated ones)', () => {
    expect(inversesModN([])).toEqual([]);
    const values = [
      7n,
      SECP256K1_N - 1n,
      1n,
      7n,
      ...Array.from({ length: 60 }, () => {
        const v = BigInt(`0x${randomBytes(32).toString('hex')}`) % SECP256K1_N;
        return v === 0n ? 1n : v;
      }),
    ];
    for (const batch of [values.slice(0, 1), values]) {
      const inverses = inversesModN(batch);
      expect(inverses).toEqual(batch.map(inverseModN));
      batch.forEach((v, i) => expect((v * inverses[i]) % SECP256K1_N).toBe(1n));
    }
  });

  it('writes DER integers minimally, with a zero before a set sign bit', () => {
    expect(derSignature(1n, 0x7fn).toString('hex')).toBe('300602010102017f');
    expect(derSignature(0x80n, 0xffffn).toString('hex')).toBe('3009' + '02020080' + '020300ffff');
  });
});
