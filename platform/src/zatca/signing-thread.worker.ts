// The e-invoices' signing thread (see signing-thread.ts): builds, hashes and signs each document it is
// sent, with presignatures made ahead on a thread of its own beside it.
import { parentPort } from 'node:worker_threads';
import { buildAndSign } from './builder';
import { presignatures } from './presign';
import type { SigningAnswer, SigningAsk } from './signing-thread';

presignatures.start();

parentPort!.on('message', ({ id, input, options }: SigningAsk) => {
  let answer: SigningAnswer;
  try {
    const { xml, invoiceHash, qr } = buildAndSign(input, options);
    answer = { id, signed: { xml, invoiceHash, qr, xmlJson: JSON.stringify(xml) } };
  } catch (e) {
    answer = { id, error: { name: (e as Error).name, message: (e as Error).message } };
  }
  parentPort!.postMessage(answer);
});
