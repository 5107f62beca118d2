import {
  bearer,
  MANAGER,
  OWNER,
  RECEPTION,
  startTestApp,
  type TestApp,
} from './testing/test-app.test-support';

type Record = { id: string; kind: string; read: boolean; [k: string]: unknown };

/** Issue 26: the notification menu's kinds, each for who may see it, read once, and pushed live. */
describe('the notification menu over HTTP (issue 26)', () => {
  let t: TestApp;
  let owner: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
  }, 60_000);
  afterAll(async () => t?.close());

  const fresh = async (token = owner) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const menu = async (token = owner, type?: string) => {
    const res = await t.http
      .get('/api/merchant/notifications/get_records')
      .query(type ? { type } : {})
      .set(await fresh(token));
    expect(res.status).toBe(200);
    return res.body as { records: Record[]; unread: { [kind: string]: number } };
  };

  it("lists the demo's surveys, complaint and held basket for the owner, newest first, with the unread counts", async () => {
    const { records, unread } = await menu();
    const kinds = new Set(records.map((r) => r.kind));
    for (const kind of ['surveys', 'complaints', 'orders']) expect(kinds).toContain(kind);
    expect(unread.surveys).toBeGreaterThanOrEqual(2);
    expect(unread.complaints).toBeGreaterThanOrEqual(1);
    expect(unread.orders).toBeGreaterThanOrEqual(1);
    const at = records.map((r) => String(r.created_at));
    expect([...at].sort().reverse()).toEqual(at);
    expect(records.every((r) => r.tenantId === undefined)).toBe(true);
    expect(records.find((r) => r.kind === 'complaints')).toMatchObject({
      rating: 2,
      description: 'I waited 30 minutes past my booking time',
    });
  });

  it('a new rating and its complaint arrive as notices; opening one reads it once; "mark all" reads a kind', async () => {
    const invoice = (await t.http.get('/api/merchant/invoices').query({ range: '[5,5]' }).set(bearer(owner)))
      .body[0];
    const rated = await t.http
      .post(`/api/public/e-survey/${invoice.unique_id}`)
      .set('X-Forwarded-For', '10.2.2.2')
      .send({ rating: 1, comment: 'Rude at the desk' });
    expect(rated.status).toBe(201);
    const { records } = await menu();
    const survey = records.find((r) => r.kind === 'surveys' && r.invoice_id === invoice.id)!;
    expect(survey).toMatchObject({ read: false, rating: 1, comment: 'Rude at the desk' });
    const complaint = records.find((r) => r.kind === 'complaints' && r.description === 'Rude at the desk')!;
    expect(complaint).toMatchObject({ read: false, rating: 1 });

    const read = await t.http.post(`/api/merchant/notifications/${survey.id}/read`).set(bearer(owner));
    expect(read.status).toBe(200);
    expect(read.body).toEqual({ id: survey.id, read: true });
    const before = await t.eventCount();
    expect(
      (await t.http.post(`/api/merchant/notifications/${survey.id}/read`).set(bearer(owner))).status,
    ).toBe(200);
    expect(await t.eventCount()).toBe(before);
    expect((await menu(owner, 'surveys')).records.find((r) => r.id === survey.id)).toMatchObject({
      read: true,
    });

    const all = await t.http
      .post('/api/merchant/notifications/mark_as_read')
      .set(bearer(owner))
      .send({ type: 'complaints' });
    expect(all.status).toBe(200);
    expect(all.body.marked).toBeGreaterThanOrEqual(2);
    expect((await menu(owner, 'complaints')).unread.complaints).toBe(0);
    const again = await t.http
      .post('/api/merchant/notifications/mark_as_read')
      .set(bearer(owner))
      .send({ type: 'complaints' });
    expect(again.body).toEqual({ type: 'complaints', marked: 0 });
  });

  it('keeps each kind for who may see it, and refuses what is not there', async () => {
    const reception = await t.signIn(RECEPTION);
    const seen = await menu(reception);
    expect(
      seen.records.some((r) => r.kind === 'surveys' || r.kind === 'complaints' || r.kind === 'stocks'),
    ).toBe(false);
    const survey = (await menu()).records.find((r) => r.kind === 'surveys')!;
    expect(
      (await t.http.post(`/api/merchant/notifications/${survey.id}/read`).set(bearer(reception))).status,
    ).toBe(403);
    expect(
      (
        await t.http
          .post('/api/merchant/notifications/mark_as_read')
          .set(bearer(reception))
          .send({ type: 'surveys' })
      ).status,
    ).toBe(403);
    expect(
      (await t.http.post('/api/merchant/notifications/survey-nothing/read').set(bearer(owner))).status,
    ).toBe(404);
    expect(
      (await t.http.get('/api/merchant/notifications/get_records').query({ type: 'news' }).set(bearer(owner)))
        .status,
    ).toBe(404);
    const bad = await t.http
      .post('/api/merchant/notifications/mark_as_read')
      .set(bearer(owner))
      .send({ type: 'news' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ type: 'validation.invalid_value' });
  });

  it('pushes the unread counts to an open back office as they change (Server-Sent Events)', async () => {
    // asked without the stream's Accept: the counts now, as JSON
    const now = await t.http.get('/api/merchant/notifications/live').set(await fresh());
    expect(now.status).toBe(200);
    expect(now.body.unread).toEqual((await menu()).unread);
    const controller = new AbortController();
    const res = await fetch(`${t.url}/api/merchant/notifications/live`, {
      headers: { Authorization: `Bearer ${owner}`, Accept: 'text/event-stream' },
      signal: controller.signal,
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
    const reader = res.body!.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    const nextCounts = async (): Promise<{ [kind: string]: number }> => {
      for (;;) {
        const end = buffer.indexOf('\n\n');
        if (end >= 0) {
          const message = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const data = /^data: (.*)$/m.exec(message);
          if (/^event: unread$/m.test(message) && data) return JSON.parse(data[1]);
          continue;
        }
        const { value, done } = await reader.read();
        if (done) throw new Error('the stream ended');
        buffer += decoder.decode(value, { stream: true });
      }
    };
    try {
      const first = await nextCounts();
      const invoice = (
        await t.http.get('/api/merchant/invoices').query({ range: '[6,6]' }).set(bearer(owner))
      ).body[0];
      await t.http
        .post(`/api/public/e-survey/${invoice.unique_id}`)
        .set('X-Forwarded-For', '10.3.3.3')
        .send({ rating: 5 });
      let next = await nextCounts();
      while (next.surveys === first.surveys) next = await nextCounts();
      expect(next.surveys).toBe(first.surveys + 1);
    } finally {
      controller.abort();
    }
  });
});

/** Issue 26: what the platform tells every salon, in the menu and once as a popup after sign-in. */
describe('platform updates over HTTP (issue 26)', () => {
  let t: TestApp;
  let owner: string;
  let manager: string;

  beforeAll(async () => {
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    manager = await t.signIn(MANAGER, 'manager');
  }, 60_000);
  afterAll(async () => t?.close());

  const fresh = async (token: string) => ({
    ...bearer(token),
    'X-Min-Position': String(await t.eventCount()),
  });
  const update = {
    english_title: 'New: WhatsApp reminders',
    arabic_title: 'جديد: تذكيرات واتساب',
    english_description: 'Your customers can now be reminded of their visits on WhatsApp.',
    arabic_description: 'يمكن الآن تذكير عملائك بزياراتهم عبر واتساب.',
    shown_as_popup: true,
  };

  it('the manager publishes an update; each user of a salon gets it as a popup once, and in the menu', async () => {
    const published = await t.http.post('/api/manager/platform-updates').set(bearer(manager)).send(update);
    expect(published.status).toBe(201);
    const id = published.body.id as string;
    const listed = await t.http.get('/api/manager/platform-updates').set(await fresh(manager));
    expect(listed.body.find((u: { id: string }) => u.id === id)).toMatchObject({
      ...update,
      status: 'published',
    });

    const menu = async (token = owner) =>
      (await t.http.get('/api/merchant/notifications/get_records').set(await fresh(token))).body;
    const first = await menu();
    expect(first.popup).toMatchObject({ id, english_title: update.english_title, seen: false });
    expect(first.unread.systemUpdates).toBeGreaterThanOrEqual(1);
    const seen = await t.http.post(`/api/merchant/platform-updates/${id}/seen`).set(bearer(owner));
    expect(seen.status).toBe(200);
    const before = await t.eventCount();
    expect((await t.http.post(`/api/merchant/platform-updates/${id}/seen`).set(bearer(owner))).status).toBe(
      200,
    );
    expect(await t.eventCount()).toBe(before);
    const after = await menu();
    expect(after.popup).toBeNull();
    expect(after.system_updates.find((u: { id: string }) => u.id === id)).toMatchObject({ seen: true });
    // another user of the salon has not seen it yet
    expect((await menu(await t.signIn(RECEPTION))).popup).toMatchObject({ id });

    // changed, then withdrawn: no longer shown, and not changed again
    const changed = await t.http
      .put(`/api/manager/platform-updates/${id}`)
      .set(bearer(manager))
      .send({ ...update, english_title: 'New: reminders on WhatsApp' });
    expect(changed.body.english_title).toBe('New: reminders on WhatsApp');
    expect(
      (await t.http.post(`/api/manager/platform-updates/${id}/withdraw`).set(bearer(manager))).status,
    ).toBe(200);
    expect((await menu()).system_updates.some((u: { id: string }) => u.id === id)).toBe(false);
    const late = await t.http.put(`/api/manager/platform-updates/${id}`).set(bearer(manager)).send(update);
    expect(late.status).toBe(409);
    expect(late.body.message).toBe('platform.update_withdrawn');
  });

  it('refuses an update missing its words, and keeps publishing to the manager', async () => {
    const bad = await t.http
      .post('/api/manager/platform-updates')
      .set(bearer(manager))
      .send({ english_title: 'x' });
    expect(bad.status).toBe(422);
    expect(Object.keys(bad.body.errors).sort()).toEqual([
      'arabic_description',
      'arabic_title',
      'english_description',
    ]);
    expect((await t.http.post('/api/manager/platform-updates').set(bearer(owner)).send(update)).status).toBe(
      401,
    );
    expect(
      (
        await t.http
          .post('/api/merchant/platform-updates/0193a000-0000-7000-8000-0000000000ab/seen')
          .set(bearer(owner))
      ).status,
    ).toBe(404);
  });
});
