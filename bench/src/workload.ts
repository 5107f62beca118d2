import { newId, type EventEnvelope } from '@rawnaq/contracts';

/** A small deterministic PRNG (mulberry32) so every contender gets the same workload. */
export const random = (seed: number) => () => {
  seed |= 0;
  seed = (seed + 0x6d2b79f5) | 0;
  let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
  t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
};

export type Command = {
  stream: string;
  customerId: string;
  expected: number | 'no_stream';
  events: EventEnvelope[];
};

const NAMES = [
  'Amal Saeed',
  'Badr Al-Harbi',
  'سارة محمد',
  'Noura Al-Qahtani',
  'فاطمة علي',
  'Huda Salem',
  'ريم عبدالله',
  'Lama Fahad',
];

const envelope = (
  type: string,
  data: Record<string, unknown>,
  tenantId: string,
  at: string,
): EventEnvelope => ({
  id: newId(),
  type,
  data,
  metadata: {
    tenantId,
    actor: { kind: 'user', id: 'bench-reception' },
    correlationId: newId(),
    causationId: newId(),
    occurredAt: at,
    schemaVersion: 1,
  },
});

/**
 * Front-desk-like commands over `streams` customers of one salon: the first command of a customer
 * registers them, later ones change details, sometimes disable and re-activate: 1 to 3 events each.
 */
export function* customerCommands(
  count: number,
  streams: number,
  seed = 42,
  tenantId = 'bench',
): Generator<Command> {
  const rnd = random(seed);
  const revisions = new Array<number>(streams).fill(-1);
  const ids = Array.from({ length: streams }, () => newId());
  const at = '2026-11-21T09:00:00.000Z';
  for (let i = 0; i < count; i++) {
    const s = Math.floor(rnd() * streams);
    const customerId = ids[s];
    const stream = `customer-${tenantId}.${customerId}`;
    const n = 1 + Math.floor(rnd() * 3);
    const events: EventEnvelope[] = [];
    for (let k = 0; k < n; k++) {
      const mobile = `05${String(Math.floor(rnd() * 1e8)).padStart(8, '0')}`;
      if (revisions[s] + events.length < 0) {
        events.push(
          envelope(
            'CustomerRegistered',
            {
              customer_id: customerId,
              name: NAMES[s % NAMES.length],
              mobile,
              mobile_key: `966${mobile.slice(1)}`,
              gender: 2,
              preferred_language: 'ar',
              whatsapp_allowed: true,
              notes: 'Prefers afternoon appointments',
            },
            tenantId,
            at,
          ),
        );
      } else {
        events.push(
          envelope(
            'CustomerDetailsChanged',
            {
              customer_id: customerId,
              changed: { mobile, mobile_key: `966${mobile.slice(1)}` },
              previous: { mobile: '0500000000' },
            },
            tenantId,
            at,
          ),
        );
      }
    }
    const expected = revisions[s] < 0 ? 'no_stream' : revisions[s];
    revisions[s] += n;
    yield { stream, customerId, expected, events };
  }
}
