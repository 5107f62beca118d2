export * from './payment-gateway';
