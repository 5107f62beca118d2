export * from './messaging';
export * from './messages';
