export * from './port';
export * from './cloud-api';
export * from './simulator';
