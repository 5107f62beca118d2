import type { EventEnvelope } from './envelope';

/**
 * An upcaster lifts one event type from one schema version to the next. Events are never rewritten
 * in the store; readers upcast on the way out, one version at a time, until no upcaster applies.
 */
export type Upcaster = {
  type: string;
  fromVersion: number;
  upcast: (data: Record<string, unknown>, event: EventEnvelope) => Record<string, unknown>;
};

export class UpcasterRegistry {
  private readonly byKey = new Map<string, Upcaster>();

  register(...upcasters: Upcaster[]): this {
    for (const u of upcasters) {
      const key = `${u.type}@${u.fromVersion}`;
      if (this.byKey.has(key)) throw new Error(`Two upcasters for ${key}`);
      this.byKey.set(key, u);
    }
    return this;
  }

  /** Returns the event at its newest known schema version (the same object when nothing applies). */
  upcast<E extends EventEnvelope>(event: E): E {
    let current = event;
    for (;;) {
      const u = this.byKey.get(`${current.type}@${current.metadata.schemaVersion}`);
      if (!u) return current;
      current = {
        ...current,
        data: u.upcast(current.data, current),
        metadata: { ...current.metadata, schemaVersion: current.metadata.schemaVersion + 1 },
      };
    }
  }
}
