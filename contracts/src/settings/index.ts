export * from './settings-input';
