export * from './catalog-input';
export * from './catalog-events';
export * from './offers';
