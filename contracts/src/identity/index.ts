export * from './permissions';
export * from './auth';
export * from './events';
export * from './standard-roles';
