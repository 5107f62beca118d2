export * from './instants';
export * from './format';
export * from './slots';
export * from './ranges';
export * from './messages';
