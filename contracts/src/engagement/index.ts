export * from './messaging';
export * from './messages';
export * from './simulator-input';
export * from './campaign';
export * from './birthdays';
