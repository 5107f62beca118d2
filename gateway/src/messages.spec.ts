import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { translate } from '@rawnaq/contracts';

const sources = (dir: string): string[] =>
  readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'node_modules' || name === 'dist' ? [] : sources(path);
    return /\.ts$/.test(name) && !/\.spec\.ts$/.test(name) ? [path] : [];
  });

/** Every message key the services can answer with has an English and an Arabic text. */
describe('the keys the services answer with', () => {
  const root = join(__dirname, '..', '..');
  const files = ['command-api/src', 'query-api/src', 'platform/src/http', 'gateway/src'].flatMap((d) =>
    sources(join(root, d)),
  );
  const keys = new Set<string>();
  for (const f of files)
    for (const m of readFileSync(f, 'utf8').matchAll(
      /'((?:auth|attendance|customers|catalog|files|imports|products|staff|settings|errors|not_found|validation|messaging)\.[a-z_]+)'/g,
    ))
      keys.add(m[1]);

  it('finds the keys (the scan works)', () => {
    expect(keys.size).toBeGreaterThan(25);
    expect(keys.has('auth.another_session_exists')).toBe(true);
  });

  it.each([...keys].sort())('%s is translated in both languages', (key) => {
    expect(translate('en', key)).not.toBe(key);
    expect(translate('ar', key)).not.toBe(key);
  });
});
