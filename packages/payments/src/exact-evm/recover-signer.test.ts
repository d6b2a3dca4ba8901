import { randomBytes } from 'node:crypto';
import { bytesToHex, type Hex, keccak256, recoverAddress } from 'viem';
import { generatePrivateKey, privateKeyToAccount, sign } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { recoverSigner, recoveryBackends, signatureRecoveryBackend } from './recover-signer.js';

const CURVE_ORDER = 0xfffffffffffffffffffffffffffffffebaaedce6af48a03bbfd25e8cd0364141n;

/** `count` random keys, each signing a random digest: the digest, the 65-byte signature (v 27/28) and the signer. */
async function randomSignatures(count: number) {
  return Promise.all(
    Array.from({ length: count }, async () => {
      const privateKey = generatePrivateKey();
      const digest = keccak256(randomBytes(64));
      const signature = await sign({ hash: digest, privateKey, to: 'hex' });
      return { digest, signature, address: privateKeyToAccount(privateKey).address.toLowerCase() };
    }),
  );
}

describe('recoverSigner', () => {
  it('loads the native libsecp256k1 binding on this machine (its prebuilt binary ships in the package)', () => {
    expect(signatureRecoveryBackend).toBe('libsecp256k1');
  });

  it.each(Object.entries(recoveryBackends).filter(([, backend]) => backend !== undefined))(
    'recovers the same address as viem for random signatures (%s backend)',
    async (_name, backend) => {
      for (const { digest, signature, address } of await randomSignatures(32)) {
        const viem = (await recoverAddress({ hash: digest, signature })).toLowerCase();
        expect(viem).toBe(address);
        expect(recoverSigner(digest, signature, backend)).toBe(viem);
      }
    },
  );

  it('a signature over another digest recovers another address', async () => {
    const { signature, address } = (await randomSignatures(1))[0]!;
    expect(recoverSigner(keccak256(randomBytes(32)), signature)).not.toBe(address);
  });

  it('refuses malformed signatures: wrong length, v other than 27/28 (0/1 too), r or s out of range, and high s (malleable)', async () => {
    const { digest, signature } = (await randomSignatures(1))[0]!;
    const r = signature.slice(2, 66);
    const s = BigInt(`0x${signature.slice(66, 130)}`);
    const v = signature.slice(130);
    const word = (n: bigint) => n.toString(16).padStart(64, '0');
    expect(recoverSigner(digest, signature.slice(0, 130) as Hex)).toBeUndefined();
    expect(recoverSigner(digest, `0x${signature.slice(2, 130)}1d`)).toBeUndefined();
    expect(recoverSigner(digest, `0x${word(0n)}${word(s)}${v}`)).toBeUndefined();
    expect(recoverSigner(digest, `0x${word(CURVE_ORDER)}${word(s)}${v}`)).toBeUndefined();
    // (r, n - s) with the other parity is the same signature's twin: viem accepts it, the token contract does not
    const twinV = v === '1b' ? '1c' : '1b';
    const twin = `0x${r}${word(CURVE_ORDER - s)}${twinV}` as Hex;
    expect((await recoverAddress({ hash: digest, signature: twin })).toLowerCase()).toBe(
      recoverSigner(digest, signature),
    );
    expect(recoverSigner(digest, twin)).toBeUndefined();
    // v as 0/1 (yParity): viem recovers the same key, but the token's ECRecover reverts on any v but 27/28
    const yParity = `0x${signature.slice(2, 130)}0${parseInt(v, 16) - 27}` as Hex;
    expect((await recoverAddress({ hash: digest, signature: yParity })).toLowerCase()).toBe(
      recoverSigner(digest, signature),
    );
    expect(recoverSigner(digest, yParity)).toBeUndefined();
    expect(recoverSigner(digest, bytesToHex(randomBytes(65)))).not.toBe(recoverSigner(digest, signature));
  });
});
