import { buildAndSign } from './builder';
import { documentInput, lines } from './fixtures';
import { verifyDocument } from './sign';
import { asciiJsonString, ZatcaSigningThread, type SigningAsk } from './signing-thread';
import { testCertificate, testPrivateKeyPem } from './test-data';

const options = () => ({
  privateKeyPem: testPrivateKeyPem(),
  certificateBase64: testCertificate(),
  signingTime: new Date('2026-12-05T09:30:00Z'),
});
const nth = (icv: number) =>
  documentInput('invoice', 'simplified', { icv, number: `INV-${icv}`, lines: [lines.haircut, lines.colour] });

/** How many documents wait for the thread's answer. */
const waitingOf = (t: ZatcaSigningThread) => (t as unknown as { waiting: Map<number, unknown> }).waiting.size;

/** The thread's worker, to lose it as a crash would. */
const workerOf = (t: ZatcaSigningThread) =>
  (t as unknown as { worker?: { terminate(): Promise<number> } }).worker;

/** text with no character past U+007F */
const ASCII_ONLY = /^[^\u0080-\uffff]*$/;

describe('ZatcaSigningThread', () => {
  it('builds and signs on its thread what this thread would: the same document, hash and a valid signature', async () => {
    const thread = new ZatcaSigningThread();
    thread.start();
    try {
      expect(thread.running).toBe(true);
      const inputs = [nth(7), nth(8), nth(9)];
      const asked = inputs.map((i) => thread.buildAndSign(i, options()));
      // sent to the thread, not signed here: all three wait for its answers
      expect(waitingOf(thread)).toBe(3);
      const signed = await Promise.all(asked);
      expect(waitingOf(thread)).toBe(0);
      signed.forEach((s, k) => {
        const here = buildAndSign(inputs[k], options());
        expect(s.invoiceHash).toBe(here.invoiceHash);
        expect(verifyDocument(s.xml)).toEqual([]);
        // the same document but for the signature's nonce
        const unsigned = (xml: string) =>
          xml
            .replace(/<ds:SignatureValue>[^<]*</, '<')
            .replace(/<cbc:EmbeddedDocumentBinaryObject mimeCode="text\/plain">[A-Za-z0-9+/=]{200,}</, '<');
        expect(unsigned(s.xml)).toBe(unsigned(here.xml));
        expect(s.xml).toContain(`<cbc:ID>INV-${7 + k}</cbc:ID>`);
        // its JSON text, escaped on the thread, is the XML's exactly, in ASCII
        expect(JSON.parse(s.xmlJson!)).toBe(s.xml);
        expect(s.xmlJson).toMatch(ASCII_ONLY);
      });
    } finally {
      await thread.stop();
    }
    expect(thread.running).toBe(false);
  });

  it("refuses what the builder refuses, with the builder's error", async () => {
    const thread = new ZatcaSigningThread();
    thread.start();
    try {
      const bad = { ...nth(1), lines: [{ ...lines.haircut, unitPriceMinor: 1.5 }] };
      const here = (() => {
        try {
          buildAndSign(bad, options());
        } catch (e) {
          return e as Error;
        }
      })();
      expect(here?.name).toBe('ZatcaInputError');
      await expect(thread.buildAndSign(bad, options())).rejects.toMatchObject({
        name: here!.name,
        message: here!.message,
      });
      // and signs the next one as before
      expect(verifyDocument((await thread.buildAndSign(nth(2), options())).xml)).toEqual([]);
    } finally {
      await thread.stop();
    }
  });

  it('signs on the calling thread when not started', async () => {
    const thread = new ZatcaSigningThread();
    expect(thread.running).toBe(false);
    const s = await thread.buildAndSign(nth(3), options());
    expect(verifyDocument(s.xml)).toEqual([]);
    await expect(thread.buildAndSign({ ...nth(4), icv: 0 }, options())).rejects.toThrow();
  });

  it('loses no document when its thread is lost: what it had not answered is signed here, and it starts again', async () => {
    const thread = new ZatcaSigningThread(300);
    thread.start();
    try {
      const first = workerOf(thread)!;
      const asked = Array.from({ length: 30 }, (_, k) => thread.buildAndSign(nth(100 + k), options()));
      await first.terminate();
      const signed = await Promise.all(asked);
      signed.forEach((s, k) => {
        expect(verifyDocument(s.xml)).toEqual([]);
        expect(s.xml).toContain(`<cbc:ID>INV-${100 + k}</cbc:ID>`);
      });
      // signed here until the thread is back
      expect(thread.running).toBe(false);
      expect(verifyDocument((await thread.buildAndSign(nth(199), options())).xml)).toEqual([]);
      while (!thread.running) await new Promise((r) => setTimeout(r, 5));
      expect(workerOf(thread)).not.toBe(first);
      expect(verifyDocument((await thread.buildAndSign(nth(200), options())).xml)).toEqual([]);
    } finally {
      await thread.stop();
    }
  });

  it("sends a device's key with its first document only, and again to a thread started anew", async () => {
    const thread = new ZatcaSigningThread(300);
    thread.start();
    const sent = (): SigningAsk[] => {
      const asks: SigningAsk[] = [];
      const worker = workerOf(thread) as unknown as { postMessage(m: SigningAsk): void };
      const post = worker.postMessage.bind(worker);
      worker.postMessage = (m) => {
        asks.push(m);
        post(m);
      };
      return asks;
    };
    try {
      let asks = sent();
      const first = await Promise.all(
        [nth(20), nth(21), nth(22)].map((i) => thread.buildAndSign(i, options())),
      );
      first.forEach((s) => expect(verifyDocument(s.xml)).toEqual([]));
      expect(asks.map((a) => a.keyMaterial !== undefined)).toEqual([true, false, false]);
      expect(new Set(asks.map((a) => a.key)).size).toBe(1);
      // a thread started again knows no key: it is sent again
      await workerOf(thread)!.terminate();
      while (!thread.running) await new Promise((r) => setTimeout(r, 5));
      asks = sent();
      expect(verifyDocument((await thread.buildAndSign(nth(23), options())).xml)).toEqual([]);
      expect(asks[0].keyMaterial).toEqual({
        privateKeyPem: options().privateKeyPem,
        certificateBase64: options().certificateBase64,
      });
      // the numbers start again once many keys were named: the thread forgets the ones it had
      (thread as unknown as { keyCount: number }).keyCount = 1_000;
      (thread as unknown as { keys: Map<string, unknown> }).keys.clear();
      expect(verifyDocument((await thread.buildAndSign(nth(24), options())).xml)).toEqual([]);
      expect(asks[1]).toMatchObject({ key: 1, forgetKeys: true });
      expect(asks[1].keyMaterial).toBeDefined();
      expect(verifyDocument((await thread.buildAndSign(nth(25), options())).xml)).toEqual([]);
      expect(asks[2]).toMatchObject({ key: 1 });
      expect(asks[2].keyMaterial).toBeUndefined();
    } finally {
      await thread.stop();
    }
  });

  it('counts its starts: the thread ends with the last stop', async () => {
    const thread = new ZatcaSigningThread();
    thread.start();
    thread.start();
    await thread.stop();
    expect(thread.running).toBe(true);
    await thread.stop();
    expect(thread.running).toBe(false);
    await thread.stop(); // one too many does nothing
    expect(thread.running).toBe(false);
  });
});

describe('asciiJsonString', () => {
  it.each([
    ['ASCII as JSON.stringify writes it', 'plain "quoted" \\ back\nslash\t<x a="1"/>'],
    ['Arabic letters', '<cbc:RegistrationName>صالون رونق</cbc:RegistrationName>'],
    ['a character outside the BMP and a lone surrogate', 'a 😀 b \ud800 c \udfff'],
    ['control characters and DEL', '\u0000\u0001\u001f\u007f\u0080\u00e9\u2028\u2029'],
  ])('%s: parses back to the text, in ASCII only', (_, text) => {
    const json = asciiJsonString(text);
    expect(JSON.parse(json)).toBe(text);
    expect(json).toMatch(ASCII_ONLY);
    if (ASCII_ONLY.test(text)) expect(json).toBe(JSON.stringify(text));
  });
});
