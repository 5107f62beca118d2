export * from './ids';
export * from './events/envelope';
export * from './events/upcasters';
export * from './validators';
