import { v7 as uuidv7 } from 'uuid';

/** A new time-ordered id (UUID v7): sortable by creation time, safe to create in the browser. */
export const newId = (): string => uuidv7();

const UUID_RE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string): boolean => UUID_RE.test(value);
