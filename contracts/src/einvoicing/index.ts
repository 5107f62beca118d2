export * from './device';
export * from './chain';
export * from './messages';
export * from './exemptions';
