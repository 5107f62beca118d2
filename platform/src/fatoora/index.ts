export * from './port';
export * from './csr';
export * from './simulator-ca';
export * from './http-fatoora';
export * from './simulator';
export * from './inspector';
export * from './validation-thread';
export * from './local';
