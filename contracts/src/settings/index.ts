export * from './settings-input';
export * from './opening-hours';
