// The presignatures' thread: the costly half of each ECDSA signature, made ahead (see presign.ts).
import { createECDH } from 'node:crypto';
import { parentPort, workerData, type MessagePort } from 'node:worker_threads';
import { runInBackground } from '../runtime/thread-priority';
import { inversesModN, SECP256K1_N } from './presign-math';

// made ahead of need: the threads serving requests go first
runInBackground('presign');

/** where the presignatures go (a port the signing thread can read without its event loop) */
const { answers } = workerData as { answers: MessagePort };

parentPort!.on('message', (count: number) => {
  const rs: bigint[] = [];
  const ks: bigint[] = [];
  const ecdh = createECDH('secp256k1');
  while (rs.length < count) {
    // a fresh key pair from OpenSSL's generator: k uniform in [1, n-1], and the point kG
    ecdh.generateKeys();
    const k = BigInt(`0x${ecdh.getPrivateKey('hex')}`);
    const x = BigInt(`0x${ecdh.getPublicKey().subarray(1, 33).toString('hex')}`);
    const r = x % SECP256K1_N;
    if (r === 0n) continue;
    rs.push(r);
    ks.push(k);
  }
  const inverses = inversesModN(ks);
  answers.postMessage(rs.map((r, i): [bigint, bigint] => [r, inverses[i]]));
});
