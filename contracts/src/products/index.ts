export * from './product-input';
export * from './product-events';
