import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { killChildServer, startChildServer, type ChildServer } from './child-server.test-support';
import { SqliteEventStore, zatca } from '@rawnaq/platform';
import { OWNER } from '../testing/test-app.test-support';

type Server = ChildServer;
type Reply = { status: number; body: { id?: string; mobile?: string; message?: string } };
type Request = { key: string; mobile: string; reply?: Reply };

/** Starts the product in a child process on `dataDir` and resolves with its address once it answers. */
const start = (dataDir: string) => startChildServer('crash-server', [dataDir]);

const kill = killChildServer;

const register = async (url: string, token: string, r: Request): Promise<Reply> => {
  const res = await fetch(`${url}/api/merchant/customers`, {
    method: 'POST',
    headers: {
      'Content-Type': 'application/json',
      Authorization: `Bearer ${token}`,
      'Idempotency-Key': r.key,
    },
    body: JSON.stringify({ name: `Crash ${r.mobile.slice(-5)}`, mobile: r.mobile }),
  });
  return { status: res.status, body: (await res.json()) as Reply['body'] };
};

/** Sends every request, `inFlight` at a time; a request cut by the kill stays without a reply. */
const sendAll = async (url: string, token: string, requests: Request[], inFlight: number) => {
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const r = requests[next++];
      try {
        r.reply = await register(url, token, r);
      } catch {
        return; // the server is gone
      }
    }
  };
  await Promise.all(Array.from({ length: inFlight }, worker));
};

const signIn = async (url: string): Promise<string> => {
  const res = await fetch(`${url}/api/merchant/login`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ ...OWNER, force: true }),
  });
  return ((await res.json()) as { api_token: string }).api_token;
};

describe('exactly once across a crash: SIGKILL during concurrent creations, then retries with their keys', () => {
  // CI runs 1 round to keep within its time (CRASH_ROUNDS); 5 by default
  const rounds = Number(process.env.CRASH_ROUNDS) || 5;
  const perRound = 400;

  it(`gives every retried request its first reply and registers each customer once, over ${rounds} kills`, async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rawnaq-crash-http-'));
    const all: Request[] = [];
    let unanswered = 0;
    let answeredBeforeKill = 0;
    let server: Server | undefined;
    try {
      server = await start(dataDir);
      const token = await signIn(server.url);
      for (let round = 0; round <= rounds; round++) {
        // every request of the last round, answered or not, is sent again with its key
        for (const r of all) {
          const retried = await register(server.url, token, r);
          if (r.reply) expect(retried).toEqual(r.reply);
          else {
            unanswered += 1;
            expect(retried.status).toBe(201);
            expect(retried.body.mobile).toBe(r.mobile);
            r.reply = retried;
          }
        }
        if (round === rounds) break;
        const batch: Request[] = Array.from({ length: perRound }, (_, i) => ({
          key: `crash-${round}-${i}-${Math.random().toString(36).slice(2)}`,
          mobile: `+9665${String(round * perRound + i).padStart(8, '0')}`,
        }));
        all.push(...batch);
        const sending = sendAll(server.url, token, batch, 48);
        await new Promise((r) => setTimeout(r, 300 + Math.random() * 900));
        await kill(server);
        await sending;
        answeredBeforeKill += batch.filter((r) => r.reply).length;
        server = await start(dataDir);
      }
      await kill(server);
      server = undefined;

      // each customer once: one registration per mobile, and every reply names its own customer
      const store = new SqliteEventStore({ file: join(dataDir, 'events.db') });
      const registered = (await store.readAll('0', 10_000_000)).filter(
        (e) => e.type === 'CustomerRegistered',
      );
      await store.close();
      const byMobile = new Map<string, string[]>();
      for (const e of registered) {
        const mobile = String(e.data.mobile);
        byMobile.set(mobile, [...(byMobile.get(mobile) ?? []), String(e.data.customer_id)]);
      }
      for (const r of all) {
        expect(r.reply?.status).toBe(201);
        expect(byMobile.get(r.mobile)).toEqual([r.reply!.body.id]);
      }
      expect(unanswered).toBeGreaterThan(0); // the kills did cut requests short
      console.log(
        `[crash-http] ${rounds} SIGKILLs during ${all.length} concurrent creations: ${answeredBeforeKill} answered before a kill, ${unanswered} retried after one; every retry got the first reply, each customer stored once`,
      );
    } finally {
      // a failed expectation must not leave the server running (jest would wait for it forever)
      if (server) await kill(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});

describe('the ZATCA chain across a crash: SIGKILL while invoices are signed, then retries with their keys', () => {
  it('keeps one gap-free chain that verifies end to end from the event history, each invoice signed once', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'rawnaq-crash-chain-'));
    let server: Server | undefined;
    type Sale = { key: string; reply?: { status: number; id?: string; icv?: number } };
    const sales: Sale[] = [];
    try {
      server = await start(dataDir);
      let token = await signIn(server.url);
      const services = (await (
        await fetch(`${server.url}/api/merchant/services`, { headers: { Authorization: `Bearer ${token}` } })
      ).json()) as Array<{ id: string; name_en: string; price_with_vat_minor: number }>;
      const haircut = services.find((x) => x.name_en === 'Haircut')!;
      const issue = async (url: string, sale: Sale) => {
        const res = await fetch(`${url}/api/merchant/invoices`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Bearer ${token}`,
            'Idempotency-Key': sale.key,
          },
          body: JSON.stringify({
            lines: [{ kind: 'service', item_id: haircut.id }],
            payments: [{ method: 1, amount: (haircut.price_with_vat_minor / 100).toFixed(2) }],
          }),
        });
        const body = (await res.json()) as { id?: string; einvoice?: { icv: number } };
        return { status: res.status, id: body.id, icv: body.einvoice?.icv };
      };
      for (let round = 0; round < 3; round++) {
        const batch: Sale[] = Array.from({ length: 120 }, (_, i) => ({
          key: `chain-crash-${round}-${i}-${Math.random().toString(36).slice(2)}`,
        }));
        sales.push(...batch);
        const url = server.url;
        let next = 0;
        const sending = Promise.all(
          Array.from({ length: 24 }, async () => {
            while (next < batch.length) {
              const sale = batch[next++];
              try {
                sale.reply = await issue(url, sale);
              } catch {
                return;
              }
            }
          }),
        );
        await new Promise((r) => setTimeout(r, 400 + Math.random() * 800));
        await kill(server);
        await sending;
        server = await start(dataDir);
        token = await signIn(server.url);
        // every sale, answered or cut short, sent again with its key: the first reply, or its first issue
        for (const sale of sales) {
          const again = await issue(server.url, sale);
          if (sale.reply) expect(again).toEqual(sale.reply);
          else sale.reply = again;
          expect(again.status).toBe(201);
        }
      }
      await kill(server);
      server = undefined;
      const store = new SqliteEventStore({ file: join(dataDir, 'events.db') });
      const signed = (await store.readAll('0', 10_000_000)).filter((e) => e.type === 'EInvoiceSigned');
      await store.close();
      const documents = signed.map((e) => e.data as { icv: number; xml: string; document_id: string });
      // each invoice signed once, every ICV in order from 1, and the chain verified from the XML alone
      expect(new Set(documents.map((d) => d.document_id)).size).toBe(documents.length);
      expect(documents.map((d) => d.icv)).toEqual(documents.map((_, i) => i + 1));
      for (const sale of sales) expect(documents.some((d) => d.document_id === sale.reply!.id)).toBe(true);
      const verified = zatca.verifyChain(documents.map((d) => ({ icv: d.icv, xml: d.xml })));
      expect(verified).toMatchObject({ ok: true, count: documents.length });
      console.log(
        `[crash-chain] 3 SIGKILLs while ${sales.length} invoices were signed: ${documents.length} documents in one chain, verified from the events`,
      );
    } finally {
      if (server) await kill(server);
      rmSync(dataDir, { recursive: true, force: true });
    }
  }, 600_000);
});
