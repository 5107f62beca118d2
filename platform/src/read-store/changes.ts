import type { Change, Doc } from './port';

const getPath = (obj: Record<string, unknown>, path: string): unknown => {
  let cur: unknown = obj;
  for (const part of path.split('.')) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<string, unknown>)[part];
  }
  return cur;
};

const setPath = (obj: Record<string, unknown>, path: string, value: unknown): void => {
  if (!path.includes('.')) {
    obj[path] = value;
    return;
  }
  const parts = path.split('.');
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]];
    if (next === null || typeof next !== 'object' || Array.isArray(next)) cur[parts[i]] = {};
    else cur[parts[i]] = { ...(next as Record<string, unknown>) };
    cur = cur[parts[i]] as Record<string, unknown>;
  }
  cur[parts[parts.length - 1]] = value;
};

const unsetPath = (obj: Record<string, unknown>, path: string): void => {
  const parts = path.split('.');
  let cur = obj;
  for (let i = 0; i < parts.length - 1; i++) {
    const next = cur[parts[i]];
    if (next === null || typeof next !== 'object') return;
    cur[parts[i]] = { ...(next as Record<string, unknown>) };
    cur = cur[parts[i]] as Record<string, unknown>;
  }
  delete cur[parts[parts.length - 1]];
};

/** Applies a patch to `doc` itself (for a copy its owner may change) and returns it. */
export const applyPatchInPlace = (doc: Doc, change: Extract<Change, { kind: 'patch' }>): Doc => {
  if (change.set) for (const path in change.set) setPath(doc, path, change.set[path]);
  if (change.inc)
    for (const path in change.inc) {
      const before = getPath(doc, path);
      setPath(doc, path, (typeof before === 'number' ? before : 0) + change.inc[path]);
    }
  if (change.unset) for (const path of change.unset) unsetPath(doc, path);
  return doc;
};

/** The document after a change (undefined when deleted). Never mutates its input. */
export const applyChange = (current: Doc | undefined, change: Change): Doc | undefined => {
  switch (change.kind) {
    case 'upsert':
      return { ...change.doc };
    case 'delete':
      return undefined;
    case 'patch':
      return applyPatchInPlace(current ? { ...current } : { id: change.id }, change);
  }
};

export const changeId = (change: Change): string => (change.kind === 'upsert' ? change.doc.id : change.id);
export { getPath };
