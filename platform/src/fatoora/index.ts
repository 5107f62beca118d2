export * from './port';
export * from './csr';
export * from './simulator-ca';
export * from './http-fatoora';
export * from './simulator';
