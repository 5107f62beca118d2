export * from './port';
export * from './disk-file-store';
export * from './sniff';
export * from './decode-image';
