export * from './permissions';
export * from './auth';
