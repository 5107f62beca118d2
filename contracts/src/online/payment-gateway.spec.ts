import { GATEWAY_FEE, gatewayFeeIn } from './payment-gateway';

describe('the platform’s gateway fee in a salon’s currency', () => {
  it('is the fee itself in dirhams, and at the pegs to the dollar in the other Gulf currencies, rounded half up to their minor units', () => {
    expect(gatewayFeeIn('AED')).toBe(GATEWAY_FEE.amount);
    // 1 × 3.75 / 3.6725 = 1.02110 riyals
    expect(gatewayFeeIn('SAR')).toBe(102);
    // 3 decimals: 0.3845 / 3.6725 = 0.104697 Omani rials, 0.376 / 3.6725 = 0.102382 Bahraini dinars
    expect(gatewayFeeIn('OMR')).toBe(105);
    expect(gatewayFeeIn('BHD')).toBe(102);
    expect(gatewayFeeIn('KWD')).toBe(84);
    // a fee the platform set otherwise (2.50 AED)
    expect(gatewayFeeIn('SAR', { amount: 250, currency: 'AED' })).toBe(255);
    expect(() => gatewayFeeIn('USD')).toThrow('no rate from AED to USD');
  });
});
