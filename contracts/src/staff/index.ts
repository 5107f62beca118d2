export * from './staff-input';
export * from './staff-events';
