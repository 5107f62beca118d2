export * from './pricing';
export * from './payments';
export * from './messages';
export * from './invoice-input';
export * from './invoice-events';
export * from './qr';
export * from './credit-note';
export * from './held-invoice';
