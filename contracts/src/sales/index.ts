export * from './pricing';
export * from './payments';
export * from './messages';
