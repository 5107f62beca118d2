export { ImportButton } from './ImportButton';
export { IMPORT_ENTITIES, type ImportEntity } from './types';
