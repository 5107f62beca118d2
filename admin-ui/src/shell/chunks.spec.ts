/**
 * The reload after a chunk failed to load (spec doc2 §8.1): once per failing file, whatever the time a
 * reload takes, so a slow connection never loops.
 */
import { reloadAfterChunkFailure } from './chunks';

const failure = (file: string) =>
  new TypeError(`Failed to fetch dynamically imported module: https://salon.example/admin/assets/${file}`);

describe('reloading after a chunk failed to load', () => {
  let stored: Map<string, string>;
  let reloads: number;
  beforeEach(() => {
    stored = new Map();
    reloads = 0;
    Object.assign(globalThis, {
      sessionStorage: {
        getItem: (k: string) => stored.get(k) ?? null,
        setItem: (k: string, v: string) => void stored.set(k, v),
      },
      window: { location: { reload: () => void reloads++ } },
    });
  });
  afterAll(() => {
    delete (globalThis as Record<string, unknown>).sessionStorage;
    delete (globalThis as Record<string, unknown>).window;
  });

  it('given a first failure of a file, when it fails, then the page reloads', () => {
    expect(reloadAfterChunkFailure(failure('CustomerList-a1.js'))).toBe(true);
    expect(reloads).toBe(1);
  });

  it('given the page reloaded for a file, when the same file fails again, however late, then the failure surfaces', () => {
    reloadAfterChunkFailure(failure('CustomerList-a1.js'));
    expect(reloadAfterChunkFailure(failure('CustomerList-a1.js'))).toBe(false);
    expect(reloads).toBe(1);
  });

  it('given the page reloaded for one file, when another fails, then it reloads once for that one', () => {
    reloadAfterChunkFailure(failure('CustomerList-a1.js'));
    expect(reloadAfterChunkFailure(failure('Billing-b2.js'))).toBe(true);
    expect(reloadAfterChunkFailure(failure('Billing-b2.js'))).toBe(false);
    expect(reloads).toBe(2);
  });

  it('given a stored value that is not a list, when a file fails, then the page still reloads once', () => {
    stored.set('rawnaq.chunk-reloaded-for', '{broken');
    expect(reloadAfterChunkFailure(failure('CustomerList-a1.js'))).toBe(true);
  });
});
