export * from './money';
export * from './digits';
export * from './parse';
export * from './rounding';
export * from './vat';
export * from './allocate';
export * from './format';
