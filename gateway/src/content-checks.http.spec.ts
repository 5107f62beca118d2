import { instantAt } from '@rawnaq/contracts';
import { png } from './testing/images.test-support';
import { TZ, workday } from './testing/dates.test-support';
import {
  bearer,
  MANAGER,
  OWNER,
  RECEPTION,
  startTestApp,
  type TestApp,
} from './testing/test-app.test-support';

type Entry = {
  id: string;
  list: string;
  target_kind: string;
  target_id: string;
  aspect: string;
  name_en: string | null;
  review: 'pending' | 'approved' | 'rejected';
  reason: string | null;
  held: boolean;
  edited: boolean;
  account_id: number | null;
  by_en: string;
};
type Group = { id: string; services: Array<{ id: string; name_en: string; image_url: string | null }> };

/**
 * Issue 27, `check-entries/*` over HTTP: what a salon adds lands in the manager's lists; a rejection
 * withholds it from the salon's online pages and mails the owner why, until the salon changes it.
 */
describe("the platform's check of what salons add", () => {
  let t: TestApp;
  let manager: string;
  let owner: string;
  beforeAll(async () => {
    t = await startTestApp();
    manager = await t.signIn(MANAGER, 'manager');
    owner = await t.signIn(OWNER);
  }, 120_000);
  afterAll(() => t.close());

  const fresh = async (token?: string) => ({
    ...(token && bearer(token)),
    'X-Min-Position': String(await t.eventCount()),
  });
  const list = async (name: string, filter: Record<string, unknown> = {}) => {
    const res = await t.http
      .get(`/api/manager/check-entries/${name}`)
      .query({ filter: JSON.stringify(filter), range: '[0,499]' })
      .set(await fresh(manager));
    expect(res.status).toBe(200);
    return res.body as Entry[];
  };
  const decide = (id: string, body: unknown, token = manager) =>
    t.http
      .post(`/api/manager/check-entries/${id}/decide`)
      .set(bearer(token))
      .send(body as object);
  const menu = async () => {
    const res = await t.http.get('/api/public/salons/demosalon/services').set(await fresh());
    expect(res.status).toBe(200);
    return (res.body.groups as Group[]).flatMap((g) => g.services);
  };
  const addService = async (name: string, extra: Record<string, unknown> = {}) => {
    const groups = await t.http.get('/api/merchant/service-groups').set(bearer(owner));
    const res = await t.http
      .post('/api/merchant/services')
      .set(bearer(owner))
      .send({
        name_en: name,
        name_ar: `خدمة ${name}`,
        group_id: groups.body[0].id,
        price: '90',
        job_time: 30,
        ...extra,
      });
    expect(res.status).toBe(201);
    return { id: res.body.id as string, group_id: groups.body[0].id as string };
  };

  it('lists a service the salon added, pending, with its salon and who added it', async () => {
    const service = await addService('Glitter cut');
    const entries = await list('added-services', { review: 'pending' });
    const entry = entries.find((e) => e.target_id === service.id);
    expect(entry).toMatchObject({
      list: 'added-services',
      target_kind: 'service',
      aspect: 'item',
      name_en: 'Glitter cut',
      review: 'pending',
      held: false,
      account_id: 1,
    });
    expect(entry!.by_en).not.toBe('');
    // the demo's own menu is there too, every entry of this list
    expect(entries.every((e) => e.list === 'added-services')).toBe(true);
    expect((await list('added-groups')).length).toBeGreaterThan(0);
  });

  it('hides a rejected service online and mails the owner why; the salon renaming it shows it again, to be checked again', async () => {
    const service = await addService('Brand X cut');
    const [entry] = (await list('added-services')).filter((e) => e.target_id === service.id);
    expect((await menu()).some((s) => s.id === service.id)).toBe(true);

    // a rejection needs a reason, named on its field
    const bare = await decide(entry.id, { decision: 'rejected' });
    expect(bare.status).toBe(422);
    expect(Object.keys(bare.body.errors)).toEqual(['reason']);
    expect((await list('added-services')).find((e) => e.id === entry.id)?.review).toBe('pending');

    const rejected = await decide(entry.id, { decision: 'rejected', reason: 'A registered brand name' });
    expect(rejected.status).toBe(200);
    expect(rejected.body).toMatchObject({
      id: entry.id,
      review: 'rejected',
      reason: 'A registered brand name',
    });
    expect((await menu()).some((s) => s.id === service.id)).toBe(false);
    // nor is it booked online by its id
    const booked = await t.http.post('/api/public/salons/demosalon/bookings').send({
      service_ids: [service.id],
      start: instantAt(workday(3), '10:00:00', TZ),
      name: 'Noura',
      mobile: '0551234567',
    });
    expect(booked.status).toBe(422);
    expect(Object.keys(booked.body.errors)).toEqual(['service_ids.0']);
    const after = (await list('added-services', { review: 'rejected' })).find((e) => e.id === entry.id);
    expect(after).toMatchObject({ review: 'rejected', reason: 'A registered brand name', held: true });
    const mail = (await t.mailTo('owner@demosalon.example')) ?? '';
    expect(mail).toContain('A registered brand name');
    expect(mail).toContain('Brand X cut');
    // the same rejection again (a double click) writes nothing
    const count = await t.eventCount();
    expect((await decide(entry.id, { decision: 'rejected', reason: 'A registered brand name' })).status).toBe(
      200,
    );
    expect(await t.eventCount()).toBe(count);

    // the salon renames it: it shows again, and the new name waits for its own check
    const renamed = await t.http.put(`/api/merchant/services/${service.id}`).set(bearer(owner)).send({
      name_en: 'Sparkle cut',
      name_ar: 'قصة لامعة',
      group_id: service.group_id,
      price: '90',
      job_time: 30,
    });
    expect(renamed.status).toBe(200);
    expect((await menu()).find((s) => s.id === service.id)?.name_en).toBe('Sparkle cut');
    const now = (await list('added-services')).filter((e) => e.target_id === service.id);
    expect(now.find((e) => e.id === entry.id)).toMatchObject({ review: 'rejected', held: false });
    expect(now.find((e) => e.id !== entry.id)).toMatchObject({
      review: 'pending',
      edited: true,
      name_en: 'Sparkle cut',
    });
  });

  it('withholds a rejected picture (the service stays), and approving the entry gives it back', async () => {
    const upload = await t.http
      .post('/api/merchant/files')
      .query({ purpose: 'image', name: 'cut.png' })
      .set({ ...bearer(owner), 'Content-Type': 'image/png' })
      .send(png(64, 64));
    expect(upload.status).toBe(201);
    const service = await addService('Pictured style', { image_file_id: upload.body.id });
    const [entry] = (await list('added-images')).filter((e) => e.target_id === service.id);
    expect(entry).toMatchObject({ target_kind: 'service', aspect: 'image' });
    // the manager looks at the picture itself
    const image = await t.http
      .get(`/api/manager/check-entries/added-images/${entry.id}/image`)
      .set(bearer(manager));
    expect(image.status).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    const url = (await menu()).find((s) => s.id === service.id)!.image_url!;

    expect(
      (await decide(entry.id, { decision: 'rejected', reason: 'Not a picture of the salon' })).status,
    ).toBe(200);
    const shown = (await menu()).find((s) => s.id === service.id);
    expect(shown).toBeDefined();
    expect(shown!.image_url).toBeNull();
    expect((await t.http.get(url).set(await fresh())).status).toBe(404);
    // the salon is told in its notification menu too, with the reason, where it changes it
    const notices = async (token: string) => {
      const res = await t.http.get('/api/merchant/notifications/get_records').set(await fresh(token));
      expect(res.status).toBe(200);
      return res.body as { records: Array<Record<string, unknown>>; unread: Record<string, number> };
    };
    const told = await notices(owner);
    expect(told.records.find((r) => r.entry_id === entry.id)).toMatchObject({
      kind: 'checks',
      target_kind: 'service',
      target_id: service.id,
      aspect: 'image',
      reason: 'Not a picture of the salon',
      hidden: true,
      read: false,
    });
    expect(told.unread.checks).toBeGreaterThanOrEqual(1);
    // not the front desk's business: a receptionist neither sees the kind nor reads the notice
    const reception = await t.signIn(RECEPTION);
    const hers = await notices(reception);
    expect(hers.unread.checks).toBeUndefined();
    expect(hers.records.some((r) => r.kind === 'checks')).toBe(false);
    const id = told.records.find((r) => r.entry_id === entry.id)!.id as string;
    expect((await t.http.post(`/api/merchant/notifications/${id}/read`).set(bearer(reception))).status).toBe(
      403,
    );

    expect((await decide(entry.id, { decision: 'approved' })).status).toBe(200);
    expect((await menu()).find((s) => s.id === service.id)!.image_url).toBe(url);
    // approved after all: nothing left for the salon to do about it
    expect((await notices(owner)).records.find((r) => r.entry_id === entry.id)).toMatchObject({
      read: true,
      closed: true,
    });
  });

  it('withholds rejected terms from the online pages; a product rejected only asks the salon to correct it', async () => {
    const saved = await t.http
      .put('/api/merchant/settings/online')
      .set(bearer(owner))
      .send({ alias: 'demosalon', terms_en: 'Pay twice', terms_ar: 'ادفعي مرتين' });
    expect(saved.status).toBe(200);
    const [terms] = (await list('added-descriptions')).filter((e) => e.aspect === 'terms');
    expect(terms).toMatchObject({ target_kind: 'salon', review: 'pending' });
    expect((await decide(terms.id, { decision: 'rejected', reason: 'Unfair terms' })).status).toBe(200);
    const policies = await t.http.get('/api/public/salons/demosalon/policies').set(await fresh());
    expect(policies.body).toMatchObject({ terms_en: '', terms_ar: '' });

    const [product] = await list('added-products');
    expect((await decide(product.id, { decision: 'rejected', reason: 'Fake brand' })).status).toBe(200);
    expect((await list('added-products')).find((e) => e.id === product.id)).toMatchObject({
      review: 'rejected',
      held: false,
    });
    // its notice asks the salon to correct it (nothing was hidden)
    const records = (
      await t.http.get('/api/merchant/notifications/get_records?type=checks').set(await fresh(owner))
    ).body.records as Array<Record<string, unknown>>;
    expect(records.find((r) => r.entry_id === product.id)).toMatchObject({
      target_kind: 'product',
      hidden: false,
      reason: 'Fake brand',
    });
  });

  it('approves many at once; refuses an unknown list or entry, bad filters, and a salon’s token', async () => {
    const pending = (await list('added-groups', { review: 'pending' })).slice(0, 2);
    expect(pending.length).toBeGreaterThan(0);
    const approved = await t.http
      .post('/api/manager/check-entries/approve')
      .set(bearer(manager))
      .send({ ids: pending.map((e) => e.id) });
    expect(approved.status).toBe(200);
    const now = await list('added-groups', { review: 'approved' });
    expect(pending.every((p) => now.some((e) => e.id === p.id))).toBe(true);

    expect((await t.http.get('/api/manager/check-entries/everything').set(bearer(manager))).status).toBe(404);
    expect((await decide('0193a000-0000-7000-8000-000000000000', { decision: 'approved' })).status).toBe(404);
    expect((await decide('nope', { decision: 'approved' })).status).toBe(404);
    const badDecision = await decide(pending[0].id, { decision: 'maybe' });
    expect(badDecision.status).toBe(422);
    expect(Object.keys(badDecision.body.errors)).toEqual(['decision']);
    const badFilter = await t.http
      .get('/api/manager/check-entries/added-groups')
      .query({ filter: JSON.stringify({ review: 'soon' }) })
      .set(bearer(manager));
    expect(badFilter.status).toBe(422);
    expect(
      (await t.http.post('/api/manager/check-entries/approve').set(bearer(manager)).send({ ids: [] })).status,
    ).toBe(422);
    expect((await t.http.get('/api/manager/check-entries/added-groups').set(bearer(owner))).status).toBe(401);
    expect((await decide(pending[0].id, { decision: 'approved' }, owner)).status).toBe(401);
  });
});
