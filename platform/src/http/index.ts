export * from './auth';
export * from './errors';
export * from './nest';
export * from './service';
export * from './user-scope';
export * from './timeouts';
export * from './route-index';
export * from './json-bodies';
