/**
 * The sandbox alkanes' initial distribution, so listAlkanes and getAlkaneInfo show supply and holders on a new
 * chain: faucet grants (each one mint) to three holder addresses. The holders are P2WPKH addresses of hashes of
 * fixed labels (no key is known for them), so the seeded balances stay where they are; callers get their own alkanes
 * from the faucet.
 */
import { address as addressCodec, crypto } from 'bitcoinjs-lib';
import type { BitcoinSandboxLedger } from '../ledger.js';
import { POSTAGE_SATS, SANDBOX_ALKANES } from '../sandbox-assets.js';

/** The seed holders: bc1q… addresses of hash160("svc sandbox alkane holder <n>"). */
export const ALKANE_SEED_HOLDERS: readonly string[] = [1, 2, 3].map((holder) =>
  addressCodec.toBech32(crypto.hash160(Buffer.from(`svc sandbox alkane holder ${holder}`)), 0, 'bc'),
);

/** Grants per alkane: [holder index, atomic amount]; a token's mint amount where its contract sets one. */
const SEED_GRANTS: Readonly<Record<string, readonly (readonly [number, bigint])[]>> = {
  '2:0': [
    [0, 5_000_000_000n],
    [1, 2_500_000_000n],
    [2, 312_500_000n],
  ],
  '2:16': [
    [0, 1_000_000_000_000n],
    [1, 1_000_000_000_000n],
  ],
  '32:0': [[2, 5_000_000n]],
};

/** Grants the seed distribution once: a chain already holding any alkane grant (seeded before, or a file) is left as it is. */
export function seedAlkanes(ledger: BitcoinSandboxLedger): void {
  const granted = ledger.transactionsAfter(0).some((tx) => {
    const grant = ledger.grantOf(tx.txid);
    return grant !== undefined && grant !== 'inscription' && 'alkane' in grant;
  });
  if (granted) return;
  for (const alkane of SANDBOX_ALKANES)
    for (const [holder, amount] of SEED_GRANTS[alkane.id] ?? [])
      ledger.credit(ALKANE_SEED_HOLDERS[holder]!, POSTAGE_SATS, { alkane: alkane.id, amount });
}
