// The e-invoices' signing thread (see signing-thread.ts): builds, hashes and signs each document it is
// sent, with presignatures made ahead on a thread of its own beside it.
import { parentPort } from 'node:worker_threads';
import { buildAndSign, type ZatcaDocumentInput } from './builder';
import { receiveWhileBusy } from '../runtime/receive-while-busy';
import { runAfterRequests } from '../runtime/thread-priority';
import { presignatures } from './presign';
import { asciiJsonString, type SigningAnswer, type SigningAsk, type SigningKey } from './signing-thread';

// signs what a command waits for: after the thread serving requests, before work made ahead
runAfterRequests('signing');
presignatures.start();

/** the devices' keys, by the numbers the thread that asks gave them */
let keys = new Map<number, SigningKey>();

const sign = ({ id, input, key, keyMaterial, forgetKeys, signingTime }: SigningAsk) => {
  let answer: SigningAnswer;
  try {
    if (forgetKeys) keys = new Map();
    if (keyMaterial) keys.set(key, keyMaterial);
    const material = keys.get(key);
    if (!material) throw new Error(`signing thread: no key numbered ${key}`);
    const document = JSON.parse(input) as ZatcaDocumentInput;
    const { xml, invoiceHash, qr } = buildAndSign(document, Object.assign({ signingTime }, material));
    answer = { id, signed: { xml, invoiceHash, qr, xmlJson: asciiJsonString(xml) } };
  } catch (e) {
    answer = { id, error: { name: (e as Error).name, message: (e as Error).message } };
  }
  parentPort!.postMessage(answer);
};
// a busy till's documents taken without the request thread waking this one for each (see
// receiveWhileBusy), the presignatures taken in meanwhile
receiveWhileBusy(parentPort!, (ask) => sign(ask as SigningAsk), { between: () => presignatures.take() });
