// Signer recovery for the lean `exact` verify (packages/payments/src/exact-evm/recover-signer.ts): the native
// libsecp256k1 binding (npm `secp256k1`) against @noble/curves (what viem uses), each through `recoverSigner`, on
// the same random signatures; every recovered address is checked against viem's `recoverAddress` first.
// usage (after a build): node bench/secp256k1-recovery.mjs [signatures, default 2000]
import { randomBytes } from 'node:crypto';
import { pathToFileURL } from 'node:url';
import { keccak256, recoverAddress } from 'viem';
import { generatePrivateKey, sign } from 'viem/accounts';
import { recoverSigner, recoveryBackends, signatureRecoveryBackend } from '../packages/payments/dist/index.js';

/** Checks both backends against viem, then prints each one's microseconds per recovery and their ratio. */
export async function benchRecovery(count = 2000) {
  const signatures = await Promise.all(
    Array.from({ length: count }, async () => {
      const hash = keccak256(randomBytes(64));
      return { hash, signature: await sign({ hash, privateKey: generatePrivateKey(), to: 'hex' }) };
    }),
  );

  const backends = Object.entries(recoveryBackends).filter(([, recover]) => recover);
  for (const { hash, signature } of signatures.slice(0, 100)) {
    const expected = (await recoverAddress({ hash, signature })).toLowerCase();
    for (const [name, recover] of backends) {
      const got = recoverSigner(hash, signature, recover);
      if (got !== expected) throw new Error(`${name} recovered ${got}, viem ${expected}`);
    }
  }

  /** Microseconds per recovery: the best of 3 passes over all signatures (after one warm-up pass). */
  function measure(recover) {
    let best = Infinity;
    for (let pass = 0; pass < 4; pass++) {
      const started = performance.now();
      for (const { hash, signature } of signatures) recoverSigner(hash, signature, recover);
      const us = ((performance.now() - started) * 1000) / count;
      if (pass > 0) best = Math.min(best, us);
    }
    return best;
  }

  console.log(`signer recovery, ${count} random signatures, checked equal to viem's recoverAddress (first 100)`);
  const results = Object.fromEntries(backends.map(([name, recover]) => [name, measure(recover)]));
  for (const [name, us] of Object.entries(results))
    console.log(`${name.padEnd(8)} ${us.toFixed(1).padStart(9)} us/recovery`);
  if (results.native) console.log(`ratio noble/native: ${(results.noble / results.native).toFixed(1)}x`);
  else console.log('native binding not loaded here: recovery runs on @noble/curves');
  console.log(`in use: ${signatureRecoveryBackend}`);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) await benchRecovery(Number(process.argv[2] ?? 2000));
