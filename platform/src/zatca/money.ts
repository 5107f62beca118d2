/** Amounts are integers of minor units (halalas); these helpers never go through floats. */

export function assertMinor(value: number, what: string): void {
  if (!Number.isSafeInteger(value)) {
    throw new ZatcaInputError(`${what} must be an integer of minor units, got ${value}`);
  }
}

/** 12345 -> "123.45", -5 -> "-0.05" (2 decimals, as ZATCA requires for SAR). */
export function formatMinor(value: number): string {
  assertMinor(value, 'amount');
  const negative = value < 0;
  const abs = negative ? -value : value;
  const units = Math.floor(abs / 100);
  const cents = abs % 100;
  return `${negative ? '-' : ''}${units}.${cents < 10 ? '0' : ''}${cents}`;
}

/** "123.45" -> 12345; accepts 0-2 decimals ("3.6" -> 360). Returns null when not such a number. */
export function parseMinor(text: string): number | null {
  const m = /^(-?)(\d+)(?:\.(\d{1,2}))?$/.exec(text.trim());
  if (!m) return null;
  const cents = (m[3] ?? '').padEnd(2, '0');
  const value = Number(m[2]) * 100 + Number(cents);
  return m[1] === '-' ? -value : value;
}

/** round-half-up(amount * basisPoints / 10000), exact in integers (BigInt, no overflow). */
export function percentOf(amountMinor: number, basisPoints: number): number {
  assertMinor(amountMinor, 'amount');
  const n = BigInt(amountMinor) * BigInt(basisPoints);
  const negative = n < 0n;
  const abs = negative ? -n : n;
  const q = (abs * 2n + 10000n) / 20000n; // half up (away from zero for negatives)
  return Number(negative ? -q : q);
}

export class ZatcaInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ZatcaInputError';
  }
}
