import { bearer, OWNER, RECEPTION, startTestApp, type TestApp } from './testing/test-app.test-support';
import { png } from './testing/images.test-support';

describe('settings and the setup wizard over HTTP', () => {
  let t: TestApp;
  let owner: string;
  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(() => t.close());

  it('shows the demo salon, with its menu, staff and settings, as set up: every wizard step done', async () => {
    const wizard = await t.http.get('/api/merchant/wizard').set(await fresh());
    expect(wizard.body.progress).toBe(100);
    // a Saudi salon's wizard has its e-invoicing step (issue 24), before the services
    expect(wizard.body.steps.map((s: { step: string; status: string }) => [s.step, s.status])).toEqual(
      [
        'general-informations',
        'vat',
        'business-hours',
        'employees',
        'invoice-setting',
        'einvoicing',
        'activate-services',
      ].map((step) => [step, 'completed']),
    );
    const invoice = await t.http.get('/api/merchant/settings/invoice').set(await fresh());
    expect(invoice.body.invoice_notes_ar).toBe('شكرًا لزيارتكم صالون العرض التجريبي');
  });

  it('reads and changes the general settings, with the Saudi tax number rule and a clear error per field', async () => {
    const general = await t.http.get('/api/merchant/settings/general').set(await fresh());
    expect(general.body).toMatchObject({
      id: 'general',
      name_en: 'Demo Salon',
      country_id: 1,
      salon_type: 1,
    });
    const bad = await t.http
      .put('/api/merchant/settings/general')
      .set(bearer(owner))
      .send({
        ...general.body,
        vat_number: '123456789012345',
        phone: '0112345678',
        whatsapp: '+966500000000',
        email: 'x',
      });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({
      vat_number: 'validation.saudi_tax_number',
      phone: 'validation.telephone_prefix',
      whatsapp: 'validation.whatsapp_no_prefix',
      email: 'validation.is_email_field',
    });
    const ok = await t.http
      .put('/api/merchant/settings/general')
      .set(bearer(owner))
      .send({
        ...general.body,
        vat_number: '300000000000003',
        phone: '+966112345678',
        social: { instagram: '@demosalon' },
      });
    expect(ok.status).toBe(200);
    expect(ok.body).toMatchObject({ vat_number: '300000000000003', social: { instagram: '@demosalon' } });
    // prices are in riyals: the country cannot change under them
    const country = await t.http
      .put('/api/merchant/settings/general')
      .set(bearer(owner))
      .send({ ...ok.body, country_id: 3 });
    expect(country.body.errors).toEqual({ country_id: 'settings.country_locked' });
  });

  it('places the salon in one of the platform’s cities of its country, shown on its online pages', async () => {
    const cities = async (country: number) =>
      (
        await t.http
          .get('/api/merchant/platform-lists/cities')
          .query({ filter: JSON.stringify({ country_id: country }) })
          .set(await fresh())
      ).body as Array<{ id: string; name_en: string; name_ar: string; country_id: number }>;
    const riyadh = (await cities(1)).find((c) => c.name_en === 'Riyadh')!;
    const dubai = (await cities(2)).find((c) => c.name_en === 'Dubai')!;
    expect(riyadh).toMatchObject({ name_ar: 'الرياض', country_id: 1 });
    const general = (await t.http.get('/api/merchant/settings/general').set(await fresh())).body;
    const put = (city_id: string | null) =>
      t.http
        .put('/api/merchant/settings/general')
        .set(bearer(owner))
        .send({ ...general, city_id });
    // a city of another country, or none of the platform's: refused on its field
    for (const wrong of [dubai.id, '0193c000-0000-7000-8000-999999999999'])
      expect((await put(wrong)).body.errors).toEqual({ city_id: 'validation.invalid_value' });
    expect((await put(riyadh.id)).status).toBe(200);
    expect((await t.http.get('/api/merchant/settings/general').set(await fresh())).body).toMatchObject({
      city_id: riyadh.id,
      city_en: 'Riyadh',
      city_ar: 'الرياض',
    });
    const card = await t.http.get('/api/public/salons/demosalon').set(await fresh());
    expect(card.body).toMatchObject({ city_en: 'Riyadh', city_ar: 'الرياض' });
    // cleared: no city any more
    expect((await put(null)).status).toBe(200);
    const after = (await t.http.get('/api/merchant/settings/general').set(await fresh())).body;
    expect(after.city_id).toBeUndefined();
    expect(after.city_en).toBeUndefined();
  });

  it('keeps the salon logo: an upload of purpose logo of the same salon, nothing else', async () => {
    const upload = (purpose: string) =>
      t.http
        .post('/api/merchant/files')
        .query({ purpose, name: 'logo.png' })
        .set({ ...bearer(owner), 'Content-Type': 'image/png' })
        .send(png(128, 128));
    const logo = await upload('logo');
    const image = await upload('image');
    const general = await t.http.get('/api/merchant/settings/general').set(await fresh());
    const wrong = await t.http
      .put('/api/merchant/settings/general')
      .set(bearer(owner))
      .send({ ...general.body, logo_file_id: image.body.id });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ logo_file_id: 'validation.invalid_value' });
    const unknown = await t.http
      .put('/api/merchant/settings/general')
      .set(bearer(owner))
      .send({ ...general.body, logo_file_id: 'no-such-file' });
    expect(unknown.body.errors).toEqual({ logo_file_id: 'validation.invalid_value' });
    const ok = await t.http
      .put('/api/merchant/settings/general')
      .set(bearer(owner))
      .send({ ...general.body, logo_file_id: logo.body.id });
    expect(ok.status).toBe(200);
    const read = await t.http.get('/api/merchant/settings/general').set(await fresh());
    expect(read.body.logo_file_id).toBe(logo.body.id);
  });

  it('sets the week and custom hours: at most 30 days, never overlapping', async () => {
    const week = await t.http.get('/api/merchant/business-hours/week').set(await fresh());
    expect(week.body.days).toHaveLength(7);
    const days = week.body.days.map((d: object, i: number) => (i === 5 ? { is_open: false } : d));
    const saved = await t.http.put('/api/merchant/business-hours/week').set(bearer(owner)).send({ days });
    expect(saved.body.days[5]).toEqual({ is_open: false });
    const sameMinute = await t.http
      .put('/api/merchant/business-hours/week')
      .set(bearer(owner))
      .send({
        days: days.map((d: object, i: number) =>
          i === 0 ? { is_open: true, from: '22:00', to: '22:00' } : d,
        ),
      });
    expect(sameMinute.body.errors).toEqual({ 'days.0.to': 'settings.closes_when_it_opens' });
    // Thursday 16:00-02:00: a closing time earlier than the opening one closes after midnight
    const lateThursday = days.map((d: object, i: number) =>
      i === 4 ? { is_open: true, from: '16:00', to: '02:00' } : d,
    );
    const late = await t.http
      .put('/api/merchant/business-hours/week')
      .set(bearer(owner))
      .send({ days: lateThursday });
    expect(late.status).toBe(200);
    const read = await t.http
      .get('/api/merchant/business-hours/week')
      .set({ ...bearer(owner), 'X-Min-Position': late.headers['x-position'] });
    expect(read.body.days[4]).toEqual({ is_open: true, from: '16:00', to: '02:00' });
    // ...but not beyond the next day's opening
    const tooLate = await t.http
      .put('/api/merchant/business-hours/week')
      .set(bearer(owner))
      .send({
        days: lateThursday.map((d: object, i: number) =>
          i === 4
            ? { is_open: true, from: '16:00', to: '11:00' }
            : i === 5
              ? { is_open: true, from: '10:00', to: '22:00' }
              : d,
        ),
      });
    expect(tooLate.body.errors).toEqual({ 'days.4.to': 'settings.closes_after_next_day_opens' });
    // an open day without its hours is refused, naming them (it was taken, and then read as closed)
    const noHours = await t.http
      .put('/api/merchant/business-hours/week')
      .set(bearer(owner))
      .send({
        days: lateThursday.map((d: object, i: number) => (i === 5 ? { is_open: true, from: '', to: '' } : d)),
      });
    expect([noHours.status, noHours.body.errors]).toEqual([422, { 'days.5.from': 'validation.is_required' }]);
    const openPeriodWithoutHours = await t.http
      .post('/api/merchant/custom-business-hours')
      .set(bearer(owner))
      .send({ name: 'National day', from_date: '2027-09-23', to_date: '2027-09-23', is_open: true });
    expect([openPeriodWithoutHours.status, openPeriodWithoutHours.body.errors]).toEqual([
      422,
      { from: 'validation.is_required' },
    ]);
    const ramadan = await t.http.post('/api/merchant/custom-business-hours').set(bearer(owner)).send({
      name: 'Ramadan',
      from_date: '2027-02-08',
      to_date: '2027-03-09',
      is_open: true,
      from: '20:00',
      to: '02:00',
    });
    expect(ramadan.status).toBe(201);
    expect(ramadan.body).toMatchObject({ from: '20:00', to: '02:00' });
    const tooLong = await t.http
      .post('/api/merchant/custom-business-hours')
      .set(bearer(owner))
      .send({ from_date: '2027-04-01', to_date: '2027-05-01', is_open: false });
    expect(tooLong.body.errors).toEqual({ to_date: 'settings.period_too_long' });
    const overlap = await t.http
      .post('/api/merchant/custom-business-hours')
      .set(bearer(owner))
      .send({ name: 'Eid', from_date: '2027-03-09', to_date: '2027-03-12', is_open: false });
    expect(overlap.status).toBe(409);
    expect(overlap.body.errors).toEqual({ from_date: 'settings.periods_overlap' });
    const list = await t.http.get('/api/merchant/custom-business-hours').set(await fresh());
    expect(list.body.map((p: { name: string }) => p.name)).toEqual(['Ramadan']);
    expect(
      (await t.http.delete(`/api/merchant/custom-business-hours/${ramadan.body.id}`).set(bearer(owner)))
        .status,
    ).toBe(200);
    expect((await t.http.get('/api/merchant/custom-business-hours').set(await fresh())).body).toEqual([]);
  });

  it('changes the online address, unique on the whole platform', async () => {
    await t.openOtherSalon();
    const other = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    const taken = await t.http
      .put('/api/merchant/settings/online')
      .set(bearer(other))
      .send({ alias: 'DemoSalon', online_booking: true });
    expect(taken.status).toBe(409);
    expect(taken.body.errors).toEqual({ alias: 'settings.alias_taken' });
    const bad = await t.http
      .put('/api/merchant/settings/online')
      .set(bearer(other))
      .send({ alias: 'other spa!' });
    expect(bad.body.errors).toEqual({ alias: 'validation.alias_name' });
    const moved = await t.http
      .put('/api/merchant/settings/online')
      .set(bearer(owner))
      .send({ alias: 'demosalon2', online_booking: true, terms_ar: 'الحجز يُلغى قبل ساعتين' });
    expect(moved.body).toMatchObject({ alias: 'demosalon2', online_booking: true });
    expect(
      (
        await t.http
          .get('/api/public/salons/demosalon2')
          .set({ 'X-Min-Position': moved.headers['x-position'] })
      ).status,
    ).toBe(200);
    // the old address is free again
    const freed = await t.http
      .put('/api/merchant/settings/online')
      .set(bearer(other))
      .send({ alias: 'demosalon' });
    expect(freed.status).toBe(200);
    expect(
      (
        await t.http
          .get('/api/public/salons/demosalon')
          .set({ 'X-Min-Position': freed.headers['x-position'] })
      ).body.name_en,
    ).toBe('Other Spa');
  });

  it('saves invoice and notification settings', async () => {
    const invoice = await t.http
      .put('/api/merchant/settings/invoice')
      .set(bearer(owner))
      .send({ allow_debt: true, invoice_notes_ar: 'شكرًا لزيارتكم' });
    expect(invoice.body).toMatchObject({
      allow_debt: true,
      allow_price_change: false,
      invoice_notes_ar: 'شكرًا لزيارتكم',
    });
    const notifications = await t.http
      .put('/api/merchant/settings/notifications')
      .set(bearer(owner))
      .send({ reminder_hours_before: 100 });
    expect(notifications.body.errors).toEqual({
      reminder_hours_before: 'validation.should_be_less_than_or_equal_to',
    });
    const ok = await t.http
      .put('/api/merchant/settings/notifications')
      .set(bearer(owner))
      .send({ reminder_hours_before: '3', birthday_greetings: true });
    expect(
      (
        await t.http
          .get('/api/merchant/settings/notifications')
          .set({ ...bearer(owner), 'X-Min-Position': ok.headers['x-position'] })
      ).body,
    ).toMatchObject({ reminder_hours_before: 3, birthday_greetings: true });
  });

  it('records the wizard step by step with the weights of the spec, in global information too', async () => {
    // a salon opened from nothing (by the online address test above) starts the wizard at 0 %
    const owner = await t.signIn({ accountId: 2, username: 'other-owner', password: 'Other@12345' });
    const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
    const before = await t.http.get('/api/merchant/wizard').set(await fresh());
    expect(before.body).toMatchObject({
      progress: 0,
      steps: expect.arrayContaining([{ step: 'general-informations', status: 'current' }]),
    });
    for (const step of ['general-informations', 'vat', 'business-hours']) {
      const res = await t.http.post('/api/merchant/wizard/update_progress').set(bearer(owner)).send({ step });
      expect(res.status).toBe(200);
    }
    expect(
      (await t.http.post('/api/merchant/wizard/update_progress').set(bearer(owner)).send({ step: 'dance' }))
        .body.errors,
    ).toEqual({ step: 'validation.invalid_value' });
    const after = await t.http.get('/api/merchant/wizard').set(await fresh());
    expect(after.body.progress).toBe(45);
    expect(after.body.steps.map((s: { status: string }) => s.status)).toEqual([
      'completed',
      'completed',
      'completed',
      'current',
      'pending',
      'pending',
    ]);
    const info = await t.http.post('/api/merchant/get_global_informations').set(await fresh());
    expect(info.body.global_informations.account.wizard_progress).toEqual([
      'general-informations',
      'vat',
      'business-hours',
    ]);
  });

  it('keeps settings from the receptionist', async () => {
    const reception = await t.signIn(RECEPTION);
    expect((await t.http.get('/api/merchant/settings/general').set(bearer(reception))).status).toBe(403);
    expect((await t.http.put('/api/merchant/settings/invoice').set(bearer(reception)).send({})).status).toBe(
      403,
    );
    expect(
      (await t.http.post('/api/merchant/wizard/update_progress').set(bearer(reception)).send({ step: 'vat' }))
        .status,
    ).toBe(403);
  });
});
