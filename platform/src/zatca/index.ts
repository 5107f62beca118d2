export * from './money';
export * from './certificate';
export * from './qr';
export { invoiceHash, invoiceHashDom, invoiceHashFast, canonicalSlicesFast, NS as ZATCA_NS } from './hash';
export * from './builder';
export * from './sign';
export * from './chain';
export * from './chain-parallel';
