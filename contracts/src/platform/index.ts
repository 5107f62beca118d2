export * from './account-input';
export * from './platform-settings';
