export * from './chart';
export * from './ledger';
export * from './journal';
export * from './messages';
export * from './expenses';
export * from './period';
export * from './expected-expenses';
export * from './payroll';
