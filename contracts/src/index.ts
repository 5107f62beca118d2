export * from './ids';
export * from './events/envelope';
export * from './events/upcasters';
export * from './validators';
export * from './coded-values';
export * from './money';
export * from './dates';
