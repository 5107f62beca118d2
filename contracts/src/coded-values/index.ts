export * from './locale';
export * from './countries';
export * from './enumerations';
export * from './registry';
export * from './messages';
