export * from './money';
export * from './certificate';
export * from './qr';
export { invoiceHash, invoiceHashDom, invoiceHashFast, canonicalSlicesFast, NS as ZATCA_NS } from './hash';
export * from './builder';
export * from './sign';
export { EcdsaPresignatures, presignatures } from './presign';
export { ZatcaSigningThread, signingThread, type SignedForTill } from './signing-thread';
export * from './chain';
export * from './chain-parallel';
export * from './explanations';
export * from './validate';
export * from './inspect';
// the SDK's public test credentials and a demo seller, for tests and benchmarks of other packages
export { demoSeller } from './fixtures';
export { testCertificate, testPrivateKeyPem } from './test-data';
