import { publicSalonCard } from './salon-of-alias';

const salon = {
  id: '1',
  alias: 'demosalon',
  name_en: 'Demo',
  name_ar: 'تجريبي',
  country_id: 1,
  salon_type: 1,
};

describe('a salon’s public card', () => {
  it('gives directions from the salon’s own map link first, else from its coordinates, else none', () => {
    expect(publicSalonCard(salon).map_url).toBeNull();
    expect(publicSalonCard({ ...salon, latitude: 24.7136, longitude: 46.6753 }).map_url).toBe(
      'https://www.google.com/maps/search/?api=1&query=24.7136,46.6753',
    );
    const own = 'https://maps.app.goo.gl/abc';
    expect(
      publicSalonCard({ ...salon, latitude: 24.7, longitude: 46.6, social: { google_maps: own } }).map_url,
    ).toBe(own);
    // a link that is not a web address is not followed
    expect(publicSalonCard({ ...salon, social: { google_maps: 'javascript:alert(1)' } }).map_url).toBeNull();
  });

  it('says what the online pages need and nothing of the salon’s settings beyond', () => {
    const card = publicSalonCard({
      ...salon,
      online_booking: true,
      terms_en: 'x',
      payment_gateway_secret: 's',
    });
    expect(card).toMatchObject({
      currency: 'SAR',
      time_zone: 'Asia/Riyadh',
      online_booking: true,
      cancel_cutoff_hours: 24,
    });
    expect(JSON.stringify(card)).not.toContain('payment_gateway_secret');
  });
});
