import { offerPayload, packagePayload, shownStatus, stepsFor } from './types';
import { itemsTotalMinor, offerItems } from './validation';

describe('offers and packages', () => {
  it('totals the picked services exactly in minor units, sessions times price for a package', () => {
    const services = [
      { id: 'a', price_minor: 10000 },
      { id: 'b', price_minor: 6050 },
    ];
    expect(itemsTotalMinor(services, offerItems(['a', 'b']))).toBe(16050);
    expect(itemsTotalMinor(services, [{ service_id: 'b', sessions: '3' }])).toBe(18150);
    expect(itemsTotalMinor(services, [])).toBe(0);
    // a session count being typed, or a service no longer listed, has no total yet
    expect(itemsTotalMinor(services, [{ service_id: 'b', sessions: '' }])).toBeUndefined();
    expect(itemsTotalMinor(services, [{ service_id: 'x', sessions: 1 }])).toBeUndefined();
  });

  it('offers only the lifecycle steps the status allows; renewing is for offers', () => {
    expect(stepsFor('active', 'offer')).toEqual(['pause', 'renew', 'disable', 'remove']);
    expect(stepsFor('paused', 'offer')).toEqual(['resume', 'renew', 'disable', 'remove']);
    expect(stepsFor('disabled', 'offer')).toEqual(['remove']);
    expect(stepsFor('active', 'package')).toEqual(['pause', 'disable', 'remove']);
  });

  it('shows an offer past its expiry date as expired, unless it is disabled', () => {
    expect(shownStatus({ status: 'active', expiry_date: '2026-01-31' }, '2026-02-01')).toBe('expired');
    expect(shownStatus({ status: 'paused', expiry_date: '2026-01-31' }, '2026-02-01')).toBe('expired');
    expect(shownStatus({ status: 'active', expiry_date: '2026-02-01' }, '2026-02-01')).toBe('active');
    expect(shownStatus({ status: 'disabled', expiry_date: '2026-01-31' }, '2026-02-01')).toBe('disabled');
    expect(shownStatus({ status: 'active' }, '2026-02-01')).toBe('active');
  });

  it('send the whole form, empty fields as null; a fixed-services offer sends no maximum', () => {
    const form = {
      id: 'o1',
      name_en: 'Duo',
      name_ar: 'ثنائي',
      type: 'fixed',
      use_type: 1,
      service_ids: ['a', 'b'],
      max_services_to_use: 1,
      price: '140.00',
      price_with_vat: '161.00',
      items_total: '160.00',
      expiry_date: '2031-06-30',
      description_en: '',
      status: 'active',
    };
    expect(offerPayload(form)).toEqual({
      name_en: 'Duo',
      name_ar: 'ثنائي',
      type: 'fixed',
      use_type: 1,
      service_ids: ['a', 'b'],
      max_services_to_use: null,
      price: '140.00',
      expiry_date: '2031-06-30',
      description_en: null,
      description_ar: null,
    });
    expect(offerPayload({ ...form, use_type: 2 }).max_services_to_use).toBe(1);
    expect(
      packagePayload({ name_en: 'Five', items: [{ service_id: 'a', sessions: 5 }], validity_days: 90 }),
    ).toEqual({
      name_en: 'Five',
      name_ar: null,
      items: [{ service_id: 'a', sessions: 5 }],
      price: null,
      validity_days: 90,
      description_en: null,
      description_ar: null,
    });
  });
});
