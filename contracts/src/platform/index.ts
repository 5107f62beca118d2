export * from './account-input';
export * from './platform-settings';
export * from './payment-gateway-packages';
export * from './platform-updates';
export * from './whatsapp';
export * from './account-life';
export * from './backups';
export * from './console';
