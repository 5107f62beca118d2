export * from './appointment-input';
export * from './appointment-events';
export * from './messages';
export * from './availability';
export * from './availability-input';
export * from './online-booking';
