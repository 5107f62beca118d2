export * from './device';
export * from './chain';
