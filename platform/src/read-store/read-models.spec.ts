import { EventEmitter } from 'node:events';
import type { ProjectionRecord, ReadStore } from './port';
import { ADVANCED_ALL, ReadModels } from './read-models';

/** A registry whose stored positions never move: only the progress reports can show an advance. */
const registry = (positions: Record<string, string>) =>
  ({
    projections: async (): Promise<ProjectionRecord[]> =>
      Object.entries(positions).map(([name, position]) => ({
        name,
        generation: 1,
        version: 1,
        status: 'live',
        position,
        updatedAt: '2026-12-05T00:00:00.000Z',
      })),
  }) as unknown as ReadStore;

const owners = [
  { name: 'sales', collections: [{ name: 'invoices' }] },
  { name: 'audit-log', collections: [{ name: 'audit_log' }] },
] as unknown as ConstructorParameters<typeof ReadModels>[1];

describe("ReadModels' read-your-writes, woken by the projections' progress reports", () => {
  it('answers once a report says every projection reached the position, and not before', async () => {
    const progress = new EventEmitter();
    const models = new ReadModels(registry({ sales: '5', 'audit-log': '5' }), owners, progress);
    let answer: boolean | undefined;
    const waiting = models.waitFor(['sales', 'audit-log'], '9', 1_000).then((a) => (answer = a));
    await new Promise((r) => setTimeout(r, 20));
    // one projection's advance, alone or in a report, is not enough
    progress.emit('advanced', 'sales', '9');
    progress.emit(ADVANCED_ALL, ['sales'], ['9']);
    await new Promise((r) => setTimeout(r, 80));
    expect(answer).toBeUndefined();
    progress.emit(ADVANCED_ALL, ['audit-log'], ['9']);
    expect(await waiting).toBe(true);
  });

  it('keeps what the reports said: a wait for an earlier position answers at once', async () => {
    const progress = new EventEmitter();
    const models = new ReadModels(registry({ sales: '1', 'audit-log': '1' }), owners, progress);
    await models.waitFor(['sales'], '1', 100); // the registry read
    progress.emit(ADVANCED_ALL, ['sales', 'audit-log'], ['7', '6']);
    expect(await models.waitFor(['sales', 'audit-log'], '6', 100)).toBe(true);
    expect(await models.waitFor(['audit-log'], '7', 100)).toBe(false);
  });
});
