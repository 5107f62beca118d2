export * from './account-input';
