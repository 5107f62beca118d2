import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { paymentGatewaysFor } from '@rawnaq/command-api';
import { decryptTrandata, encryptTrandata } from '@rawnaq/platform';
import { bearer, OWNER, startTestApp, type TestApp } from './testing/test-app.test-support';
import { workday } from './testing/dates.test-support';

const RESOURCE_KEY = '41379157829341379157829341379157';

/**
 * The bank's side of the tranportal protocol, played by a local server: its init endpoint deciphers
 * the request with the salon's resource key (as the bank does) and answers the payment page.
 */
const startBank = async () => {
  const received: Array<Record<string, string>> = [];
  const state = { refuse: false };
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      const [outer] = JSON.parse(body) as Array<{ id: string; trandata: string }>;
      const [plain] = JSON.parse(decryptTrandata(outer.trandata, RESOURCE_KEY)) as Array<
        Record<string, string>
      >;
      received.push(plain);
      res.setHeader('Content-Type', 'application/json');
      if (state.refuse) return res.end(JSON.stringify([{ status: '2', errorText: 'IPAY0100013-Invalid' }]));
      res.end(JSON.stringify([{ status: '1', result: `PG${received.length}:https://bank.example/pay.htm` }]));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hosted.htm`,
    received,
    server,
    state,
  };
};

describe('deposits through the bank-hosted page (ARB / NeoLeap tranportal adapter)', () => {
  let t: TestApp;
  let owner: string;
  let bank: Awaited<ReturnType<typeof startBank>>;
  const fresh = async () => ({ 'X-Min-Position': String(await t.eventCount()) });

  beforeAll(async () => {
    bank = await startBank();
    process.env.ARB_GATEWAY_URL = bank.url;
    t = await startTestApp();
    owner = await t.signIn(OWNER);
    const put = (path: string, body: object) =>
      t.http.put(`/api/merchant/settings/${path}`).set(bearer(owner)).send(body);
    expect(
      (
        await put('online', {
          alias: 'demosalon',
          online_booking: true,
          deposit_type: 'amount',
          deposit_amount: '20',
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await put('payment-gateway', {
          gateway: 'arb',
          tranportal_id: 'TP77',
          secret: 'pass-77',
          terminal_resource_key: RESOURCE_KEY,
        })
      ).status,
    ).toBe(200);
  }, 60_000);
  afterAll(async () => {
    delete process.env.ARB_GATEWAY_URL;
    await t?.close();
    bank?.server.close();
  });

  it('opens the payment at the bank with the salon’s sealed credentials, and applies its encrypted answer', async () => {
    const menu = await t.http.get('/api/public/salons/demosalon/services').set(await fresh());
    const service = menu.body.groups[0].services[0];
    const slots = await t.http
      .get('/api/public/salons/demosalon/availability')
      .query({ service_ids: JSON.stringify([service.id]), date: workday(2) })
      .set(await fresh());
    const booked = await t.http.post('/api/public/salons/demosalon/bookings').send({
      service_ids: [service.id],
      start: slots.body.visit[0].start,
      name: 'Reem Bank',
      mobile: '0551237001',
      language: 'en',
    });
    expect(booked.status).toBe(202);
    expect(booked.body.payment).toMatchObject({
      pay_url: 'https://bank.example/pay.htm?PaymentID=PG1',
      amount: '20.00',
    });
    // what the bank received: the tranportal id and password (opened from their seal), purchase, SAR, the amount
    const sent = bank.received[0];
    expect(sent).toMatchObject({
      id: 'TP77',
      password: 'pass-77',
      action: '1',
      currencyCode: '682',
      amt: '20.00',
      langid: 'en',
    });
    const tenantId = sent.udf1;
    const answer = (fields: Record<string, string>) =>
      encryptTrandata(
        JSON.stringify([
          { paymentId: 'PG1', trackId: sent.trackId, amt: '20.00', udf1: tenantId, ...fields },
        ]),
        RESOURCE_KEY,
      );
    const count = await t.eventCount();
    // enciphered under another key: refused, nothing written
    const forged = await t.http
      .post(`/api/public/payment-gateway/callback/arb/${tenantId}`)
      .type('form')
      .send({
        trandata: encryptTrandata(
          JSON.stringify([{ trackId: sent.trackId, result: 'CAPTURED', udf1: tenantId }]),
          'x'.repeat(32),
        ),
      });
    expect(forged.status).toBe(401);
    // a genuine simulator callback cannot settle a payment opened at the bank either
    const notice = { tenantId, paymentId: sent.trackId, status: 5 as const, reference: 'SIM', amount: 2000 };
    const simulated = await t.http
      .post('/api/public/payment-gateway/callback/simulator')
      .set('X-Simulator-Signature', paymentGatewaysFor(t.platform.linkTokens).gateways.simulator.sign(notice))
      .send({ tenant_id: tenantId, payment_id: sent.trackId, status: 5, reference: 'SIM', amount: 2000 });
    expect(simulated.status).toBe(401);
    expect(await t.eventCount()).toBe(count);
    const captured = await t.http
      .post(`/api/public/payment-gateway/callback/arb/${tenantId}`)
      .type('form')
      .send({ trandata: answer({ result: 'CAPTURED', tranId: 'T-555' }) });
    expect(captured.status).toBe(303);
    expect(captured.headers.location).toBe(
      `/en/salon/demosalon/payment-gateway-status/${booked.body.payment.unique_id}`,
    );
    const status = await t.http
      .get(`/api/public/payment-gateway-status/${booked.body.payment.unique_id}`)
      .set(await fresh());
    expect(status.body).toMatchObject({
      status: 5,
      outcome: 'paid',
      booking: { id: booked.body.booking.id },
    });
    // another amount than the one asked: not this payment's
    const other = await t.http
      .post(`/api/public/payment-gateway/callback/arb/${tenantId}`)
      .type('form')
      .send({ trandata: answer({ result: 'CAPTURED', amt: '1.00' }) });
    expect(other.status).toBe(409);
  });

  it('books nothing when the bank will not open the payment: a clear refusal, the time still free', async () => {
    bank.state.refuse = true;
    const menu = await t.http.get('/api/public/salons/demosalon/services').set(await fresh());
    const service = menu.body.groups[0].services[0];
    const date = workday(3);
    const free = async () =>
      (
        await t.http
          .get('/api/public/salons/demosalon/availability')
          .query({ service_ids: JSON.stringify([service.id]), date })
          .set(await fresh())
      ).body.any_employee as string[];
    const before = await free();
    const count = await t.eventCount();
    const res = await t.http.post('/api/public/salons/demosalon/bookings').send({
      service_ids: [service.id],
      start: before[0],
      name: 'Reem Refused',
      mobile: '0551237002',
    });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('online.payment_unavailable');
    expect(await t.eventCount()).toBe(count);
    expect(await free()).toEqual(before);
    bank.state.refuse = false;
  });
});
