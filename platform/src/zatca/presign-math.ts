/** The order of secp256k1's base point (SEC 2, 2.4.1). */
export const SECP256K1_N = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** k⁻¹ mod n, by Fermat (n is prime): k^(n-2). */
export const inverseModN = (k: bigint): bigint => {
  let result = 1n;
  let base = k % SECP256K1_N;
  for (let e = SECP256K1_N - 2n; e > 0n; e >>= 1n) {
    if (e & 1n) result = (result * base) % SECP256K1_N;
    base = (base * base) % SECP256K1_N;
  }
  return result;
};

/**
 * The inverses of many values mod n for the price of one inversion and three multiplications each
 * (Montgomery's trick: invert the product of all, then peel each off): a batch of presignatures costs
 * one Fermat power instead of one per nonce, which was nearly a third of the presignatures' thread.
 * Every value must be in [1, n-1] (a nonce is).
 */
export const inversesModN = (values: readonly bigint[]): bigint[] => {
  const prefix: bigint[] = new Array<bigint>(values.length);
  let product = 1n;
  values.forEach((v, i) => {
    prefix[i] = product; // the product of the values before i
    product = (product * v) % SECP256K1_N;
  });
  let inverse = inverseModN(product); // (v0·…·v_last)⁻¹
  const result: bigint[] = new Array<bigint>(values.length);
  for (let i = values.length - 1; i >= 0; i--) {
    result[i] = (inverse * prefix[i]) % SECP256K1_N;
    inverse = (inverse * values[i]) % SECP256K1_N; // now (v0·…·v_{i-1})⁻¹
  }
  return result;
};

/** A non-negative integer as DER writes it: big-endian, no leading zero unless the sign bit needs one. */
const derInteger = (value: bigint): Buffer => {
  let hex = value.toString(16);
  if (hex.length % 2) hex = `0${hex}`;
  let bytes = Buffer.from(hex, 'hex');
  if (bytes[0] & 0x80) bytes = Buffer.concat([Buffer.from([0]), bytes]);
  return Buffer.concat([Buffer.from([0x02, bytes.length]), bytes]);
};

/** ECDSA-Sig-Value ::= SEQUENCE { r INTEGER, s INTEGER } (RFC 3279), what OpenSSL writes and reads. */
export const derSignature = (r: bigint, s: bigint): Buffer => {
  const body = Buffer.concat([derInteger(r), derInteger(s)]);
  return Buffer.concat([Buffer.from([0x30, body.length]), body]);
};
