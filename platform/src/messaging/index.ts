export * from './port';
export * from './cloud-api';
export * from './simulator';
export * from './instance-gateway';
