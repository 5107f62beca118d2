export * from './chart';
export * from './ledger';
