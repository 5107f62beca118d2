export * from './settings-input';
export * from './opening-hours';
export * from './online-pages';
export * from './online-visits';
