export * from './customer-input';
export * from './customer-events';
export * from './customer-type';
export * from './customer-penalty';
export * from './customer-identity';
