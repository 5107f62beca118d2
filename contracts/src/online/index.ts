export * from './payment-gateway';
export * from './online-shop';
