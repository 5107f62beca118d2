import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';
import { movableClock } from './test-clock';

const MINUTE = 60_000;
const DAY = 86_400_000;

/**
 * The browser tests' clock (RAWNAQ_TEST_CLOCK=1): `POST /api/test/clock` moves the product's clock
 * forward by whole days or minutes, for everything dated by it: the commands, and the WhatsApp outbox's
 * worker sending a campaign's messages at the times its pacing planned (issue 26's browser test).
 */
describe('the browser tests’ clock (POST /api/test/clock)', () => {
  let t: TestApp;
  let owner: string;
  const moved = movableClock();
  /**
   * how far the product's clock is ahead of the system's, in whole seconds (its two readings of the
   * system's clock may be a millisecond apart)
   */
  const ahead = () => Math.round((moved.clock.now().getTime() - Date.now()) / 1000) * 1000;

  beforeAll(async () => {
    t = await startTestApp({ clock: moved.clock, testClock: moved });
    owner = await t.signIn(OWNER);
  }, 90_000);
  afterAll(async () => t?.close());

  const fresh = async () => ({ ...bearer(owner), 'X-Min-Position': String(await t.eventCount()) });
  const move = (body: object) => t.http.post('/api/test/clock').send(body);
  /** the product's clock moved by whole days and minutes to `instant` or just past it */
  const moveTo = async (instant: number) => {
    const minutes = Math.max(0, Math.ceil((instant - moved.clock.now().getTime()) / MINUTE));
    const answer = await move({ days: Math.floor(minutes / 1440), minutes: minutes % 1440 });
    expect(answer.status).toBe(200);
  };

  it('moves it by whole days, minutes or seconds, or several, and what the product does next is dated by it', async () => {
    const before = ahead();
    const minutes = await move({ minutes: 90 });
    expect(minutes.status).toBe(200);
    const now = Date.parse(minutes.body.now);
    expect(now - Date.now()).toBeGreaterThan(before + 90 * MINUTE - 5_000);
    expect(ahead() - before).toBeGreaterThanOrEqual(90 * MINUTE);
    expect(ahead() - before).toBeLessThan(90 * MINUTE + 1_000);
    expect((await move({ days: 1, minutes: 30 })).status).toBe(200);
    expect(ahead() - before).toBeGreaterThanOrEqual(90 * MINUTE + DAY + 30 * MINUTE);
    expect((await move({ days: 2 })).status).toBe(200);
    expect(ahead() - before).toBeGreaterThanOrEqual(2 * 60 * MINUTE + 3 * DAY);
    expect(ahead() - before).toBeLessThan(2 * 60 * MINUTE + 3 * DAY + 1_000);
    // to the second, for a test that moves to an instant itself
    expect((await move({ minutes: 1, seconds: 25 })).status).toBe(200);
    expect(ahead() - before).toBeGreaterThanOrEqual(2 * 60 * MINUTE + 3 * DAY + 85_000);
    expect(ahead() - before).toBeLessThan(2 * 60 * MINUTE + 3 * DAY + 86_000);
    // the owner's session has idled out on it (12 hours without a request): she signs in again
    expect((await t.http.get('/api/merchant/campaigns').set(bearer(owner))).status).toBe(401);
    owner = await t.signIn(OWNER);
    // a draft saved now is dated on the moved clock, not the system's
    const saved = await t.http
      .post('/api/merchant/campaigns')
      .set(bearer(owner))
      .send({ name: 'Dated', message: 'Hello {name}', hold_out_percent: 0 });
    expect(saved.status).toBe(201);
    const shown = await t.http.get(`/api/merchant/campaigns/${saved.body.id}`).set(await fresh());
    expect(Date.parse(shown.body.created_at) - Date.now()).toBeGreaterThan(3 * DAY);
  });

  it('refuses what is not a whole number of days or minutes forward, naming the field, and moves nothing', async () => {
    const before = ahead();
    for (const [body, errors] of [
      [{}, { days: 'validation.is_required' }],
      [{ minutes: -1 }, { minutes: 'validation.invalid_value' }],
      [{ minutes: 1.5 }, { minutes: 'validation.invalid_value' }],
      [{ minutes: '5' }, { minutes: 'validation.invalid_value' }],
      [{ minutes: 1441 }, { minutes: 'validation.invalid_value' }],
      [{ days: 3651 }, { days: 'validation.invalid_value' }],
      [{ days: 1, minutes: -5 }, { minutes: 'validation.invalid_value' }],
      [{ days: 'x', minutes: 5 }, { days: 'validation.invalid_value' }],
      [{ seconds: 86_401 }, { seconds: 'validation.invalid_value' }],
      [{ seconds: 0.5 }, { seconds: 'validation.invalid_value' }],
      [{ minutes: 1, seconds: -1 }, { seconds: 'validation.invalid_value' }],
    ] as const) {
      const refused = await move(body);
      expect([body, refused.status, refused.body]).toEqual([
        body,
        422,
        { message: 'validation.invalid_value', errors },
      ]);
    }
    expect(Math.abs(ahead() - before)).toBeLessThan(1_000);
  });

  it('lets a campaign’s messages fall due: the outbox’s worker reads the same clock', async () => {
    // the product's clock inside the send window (10:00 in Riyadh, UTC+3, the next day)
    const day = new Date(moved.clock.now().getTime() + DAY);
    await moveTo(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate(), 7));
    owner = await t.signIn(OWNER);
    const saved = await t.http
      .post('/api/merchant/campaigns')
      .set(bearer(owner))
      .send({ name: 'Due', message: 'Hello {name}, from {salon}', hold_out_percent: 0 });
    const launched = await t.http.post(`/api/merchant/campaigns/${saved.body.id}/launch`).set(bearer(owner));
    expect(launched.status).toBe(200);
    const one = async () =>
      (await t.http.get(`/api/merchant/campaigns/${saved.body.id}`).set(await fresh())).body as {
        state: string;
        starts_at: string;
        ends_at: string;
        progress: { total: number; done: number };
      };
    const planned = await one();
    // about ten minutes on the moved clock, not the system's
    expect(Date.parse(planned.starts_at) - moved.clock.now().getTime()).toBeGreaterThan(9 * MINUTE);
    expect(Date.parse(planned.starts_at) - moved.clock.now().getTime()).toBeLessThanOrEqual(10 * MINUTE);
    await t.app.messaging.runOnce();
    expect((await one()).state).toBe('pending');
    await moveTo(Date.parse(planned.ends_at));
    await t.app.messaging.runOnce();
    const sent = await one();
    expect(sent.state).toBe('success');
    expect(sent.progress.done).toBe(sent.progress.total);
    expect(sent.progress.total).toBe(launched.body.recipients);
  });
});

describe('without the test clock (production)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  }, 90_000);
  afterAll(async () => t?.close());

  it('there is no POST /api/test/clock', async () => {
    const refused = await t.http.post('/api/test/clock').send({ days: 1 });
    expect(refused.status).toBe(404);
  });
});
