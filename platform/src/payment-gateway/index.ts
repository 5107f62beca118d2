export * from './port';
export * from './sealed-secrets';
export * from './simulator/gateway-simulator';
export * from './arb/arb-hosted-gateway';
