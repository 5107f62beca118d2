import type { RecordedEvent } from '@rawnaq/contracts';
import type { Change, CollectionSpec, Doc } from '@rawnaq/platform';

export type DocRef = { collection: string; id: string };
export type DocLookup = (collection: string, id: string) => Doc | undefined;

/**
 * A projection turns events into read-model documents. `project` is pure: given an event and the
 * current documents it asked for in `reads`, it returns the changes to make. The runner does the I/O.
 * Bump `version` when the output changes shape: the runner then rebuilds it beside the live one.
 */
export type Projection = {
  name: string;
  version: number;
  /** the collections it owns, by logical name, with the fields to index */
  collections: CollectionSpec[];
  /** the event types it reacts to ('all' for every event); the others only move its checkpoint */
  handles: readonly string[] | 'all';
  /** the documents `project` will look at for this event */
  reads?: (event: RecordedEvent) => DocRef[];
  project: (event: RecordedEvent, lookup: DocLookup) => Change[];
};

/**
 * A reactor does something outside the read models (a message, an e-mail, a call to the tax
 * authority). Reactors only ever run live: a projection rebuild never calls them, and a new reactor
 * starts at the end of the log instead of replaying history.
 */
export type Reactor = {
  name: string;
  handles: readonly string[];
  react: (event: RecordedEvent) => Promise<void>;
};

export const physicalCollection = (logical: string, generation: number): string =>
  `${logical}_g${generation}`;
