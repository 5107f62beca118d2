import { validate, version } from 'uuid';
import { isUuid, newId, timeOfV7 } from './ids';

describe('newId', () => {
  it('makes version-7 UUIDs that sort in the order they were made, none twice', () => {
    // more than one pool of random bytes (256 ids), most of them within the same millisecond
    const ids = Array.from({ length: 5_000 }, newId);
    for (const id of ids) {
      expect(validate(id) && version(id) === 7 && isUuid(id)).toBe(true);
      expect(/^[0-9a-f]{8}-[0-9a-f]{4}-7[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/.test(id)).toBe(true);
    }
    expect(new Set(ids).size).toBe(ids.length);
    expect([...ids].sort()).toEqual(ids);
  });

  it('begins each millisecond at a random sequence and carries the time in its first 48 bits', async () => {
    const before = Date.now();
    const a = newId();
    await new Promise((resolve) => setTimeout(resolve, 5));
    const b = newId();
    const msecs = (id: string) => parseInt(id.replace(/-/g, '').slice(0, 12), 16);
    expect(msecs(a)).toBeGreaterThanOrEqual(before);
    expect(msecs(b)).toBeGreaterThan(msecs(a));
    // the random tail differs (bytes drawn from the pool, not reused)
    expect(a.slice(-12)).not.toBe(b.slice(-12));
  });
});

describe('timeOfV7', () => {
  it("gives a time-ordered id's millisecond as its first 12 hex digits, and nothing for any other key", () => {
    const id = newId();
    expect(timeOfV7(id)).toBe(id.replace(/-/g, '').slice(0, 12));
    expect(timeOfV7(id.toUpperCase())).toBe(timeOfV7(id));
    expect(parseInt(timeOfV7(id)!, 16)).toBeLessThanOrEqual(Date.now());
    // a random (v4) key, an id hashed from one (v8), or a key of the caller's own making
    expect(timeOfV7('0c9b7f52-3f7a-4c1e-9d55-6a1f4b2e8d01')).toBeUndefined();
    expect(timeOfV7('0c9b7f52-3f7a-8c1e-9d55-6a1f4b2e8d01')).toBeUndefined();
    expect(timeOfV7('bench-sale-1')).toBeUndefined();
    expect(timeOfV7(`${id}x`)).toBeUndefined();
  });
});
