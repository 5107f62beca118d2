export * from './attendance';
