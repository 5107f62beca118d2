import { customHoursPayload, generalPayload, publicAddress, sectionPayload, weekPayload } from './payloads';

describe('settings payloads', () => {
  it('sends every general field, empty ones as null, and only the social channels typed', () => {
    const body = generalPayload({
      id: 'general',
      name_en: ' Salon ',
      name_ar: 'صالون',
      country_id: 1,
      salon_type: 2,
      vat_number: '',
      social: { instagram: '@salon', tiktok: '  ' },
    });
    expect(body).toMatchObject({ name_en: 'Salon', country_id: 1, salon_type: 2, vat_number: null });
    expect(body.social).toEqual({ instagram: '@salon' });
    expect('id' in body).toBe(false);
  });

  it('keeps a section whole without its id', () => {
    expect(sectionPayload({ id: 'online', alias: 'salon1', terms_en: '' })).toEqual({
      alias: 'salon1',
      terms_en: null,
    });
  });

  it('sends the week Sunday first, closed days without times, times as HH:mm', () => {
    const { days } = weekPayload([
      { is_open: true, from: '10:00:00', to: '22:00' },
      { is_open: false, from: '10:00', to: '22:00' },
    ]);
    expect(days).toHaveLength(7);
    expect(days[0]).toEqual({ is_open: true, from: '10:00', to: '22:00' });
    expect(days[1]).toEqual({ is_open: false });
    expect(days[6]).toEqual({ is_open: true, from: '', to: '' });
  });

  it('sends a closed period without times', () => {
    expect(
      customHoursPayload({
        name: 'Eid',
        from_date: '2026-03-20',
        to_date: '2026-03-22',
        is_open: false,
        from: '10:00',
      }),
    ).toEqual({ name: 'Eid', from_date: '2026-03-20', to_date: '2026-03-22', is_open: false });
  });

  it("shows the salon's public address only for an alias the spec allows", () => {
    expect(publicAddress('https://x', 'ar', 'demosalon')).toBe('https://x/ar/salon/demosalon/home');
    expect(publicAddress('https://x', 'en', 'demo salon')).toBeUndefined();
  });
});
