import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { messages as enMessages } from '../i18n/messages.en';
import { messages as arMessages } from '../i18n/messages.ar';
import { lookup } from '../i18n/merge';
import { KNOWN_TYPES } from './types';

const ROOT = join(__dirname, '..', '..', '..');

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sources(path);
    return /\.ts$/.test(name) && !/\.spec\.ts$/.test(name) ? [path] : [];
  });

/** Every event type the command side writes (`type: 'CustomerRegistered'` in its decide functions). */
const eventTypes = () =>
  [
    ...new Set(
      [...sources(join(ROOT, 'command-api', 'src')), ...sources(join(ROOT, 'contracts', 'src'))].flatMap(
        (file) =>
          [...readFileSync(file, 'utf8').matchAll(/type: '([A-Z][A-Za-z]+)'/g)]
            .map((m) => m[1])
            // events are named in the past (CustomerRegistered, SignedIn, StockNotificationRead); commands are not
            .filter((type) => /(ed|edIn|edOut|Read)$/.test(type))
            // bookkeeping the audit log leaves out (idempotent replies, unique-value claims, day books)
            .filter(
              (type) =>
                ![
                  'CommandAnswered',
                  'UniqueValueClaimed',
                  'UniqueValueReleased',
                  'TimeReserved',
                  'TimeFreed',
                ].includes(type),
            ),
      ),
    ),
  ].sort();

describe('the audit log', () => {
  it('names every event the product writes, in both languages', () => {
    const types = eventTypes();
    expect(types.length).toBeGreaterThan(50);
    const missing = types.filter(
      (type) =>
        !lookup(enMessages, `app.audit.types.${type}`) || !lookup(arMessages, `app.audit.types.${type}`),
    );
    expect(missing).toEqual([]);
    // and the type filter offers each of them
    expect(types.filter((type) => !(KNOWN_TYPES as readonly string[]).includes(type))).toEqual([]);
  });

  it('names every kind of record in both languages, and offers each in the filter', () => {
    const categories = new Set(
      [...sources(join(ROOT, 'command-api', 'src')), ...sources(join(ROOT, 'contracts', 'src'))].flatMap(
        (file) => [...readFileSync(file, 'utf8').matchAll(/streamName\(\s*'([a-z]+)'/g)].map((m) => m[1]),
      ),
    );
    for (const bookkeeping of ['unique', 'sequence', 'employeeday', 'customerday'])
      categories.delete(bookkeeping);
    expect(categories.size).toBeGreaterThan(8);
    for (const category of categories) {
      expect([category, lookup(enMessages, `app.audit.entities.${category}`) !== undefined]).toEqual([
        category,
        true,
      ]);
      expect([category, lookup(arMessages, `app.audit.entities.${category}`) !== undefined]).toEqual([
        category,
        true,
      ]);
    }
  });
});
