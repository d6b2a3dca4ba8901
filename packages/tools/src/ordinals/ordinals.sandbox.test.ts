import { Providers, sandboxProviders } from '@svc/providers';
import { SandboxBitcoin } from '@svc/sandbox';
import { afterAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { getInscriptionActivity, getInscriptionInfo, getOwnedInscriptionIds } from './inscriptions.js';
import { checkRuneUnlock, getRuneBalances } from './runes.js';
import { sandboxBitcoinIndex } from './sandbox-bitcoin-index.js';

const OWNER = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
const BAD_CHECKSUM = 'bc1qw508d6qejxtdg4y5r3zarvary0c5xw7kv8f3t5';

const chains: SandboxBitcoin[] = [];
afterAll(() => Promise.all(chains.map((bitcoin) => bitcoin.stop())));

/** A fresh sandbox Bitcoin chain (its facade, which serves content URLs, stops after the file). */
function sandboxContext() {
  const bitcoin = new SandboxBitcoin();
  chains.push(bitcoin);
  const context = {
    mode: 'sandbox',
    caller: undefined,
    providers: sandboxProviders(),
    bitcoinIndex: sandboxBitcoinIndex(bitcoin),
  } as HandlerContext;
  return { ledger: bitcoin.ledger, context };
}

describe('the ordinals handlers', () => {
  it('answer 503 naming ORDISCAN_API_KEY in live mode without it', async () => {
    const live = { mode: 'live', caller: undefined, providers: new Providers('live', {}) } as HandlerContext;
    await expect(getOwnedInscriptionIds({ bitcoinAddress: OWNER }, live)).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      message: expect.stringContaining('ORDISCAN_API_KEY'),
    });
  });

  it('page activity 20 at a time, newest first, and list every held id', async () => {
    const { ledger, context } = sandboxContext();
    // The seeds' inscriptions (collections, BRC-20) come first.
    const seeded = ledger.transactionsAfter(0).filter((tx) => ledger.grantOf(tx.txid) === 'inscription').length;
    expect(seeded).toBeGreaterThan(0);
    const ids = Array.from({ length: 23 }, () => `${ledger.credit(OWNER, 10_000n, 'inscription')}i0`);
    const page = async (number?: number) =>
      (
        (await getInscriptionActivity({ bitcoinAddress: OWNER, page: number }, context)).data as {
          inscription_id: string;
        }[]
      ).map((activity) => activity.inscription_id);
    expect(await page()).toEqual([...ids].reverse().slice(0, 20));
    expect(await page(2)).toEqual([...ids].reverse().slice(20));
    expect(await page(3)).toEqual([]);
    expect((await getOwnedInscriptionIds({ bitcoinAddress: OWNER }, context)).data).toEqual([...ids].reverse());
    // The chain's seeds (packages/sandbox bitcoin/seeds/) were funded first, so the first inscription sits on the first
    // sat of its own block (uncommon, or rare on a difficulty-adjustment height: every 6 sandbox blocks), numbered
    // after every sat the faucet minted before it.
    const revealHeight = ledger.transaction(ids[0]!.slice(0, -2))!.height;
    const satsBefore = ledger
      .transactionsAfter(0)
      .filter((tx) => tx.prevouts.length === 0 && tx.height < revealHeight)
      .reduce((sum, tx) => sum + tx.outputs.reduce((total, out) => total + out.value, 0n), 0n);
    expect(
      (await getInscriptionInfo({ inscriptionId: ids[0]!.toUpperCase().replace('I', 'i') }, context)).data,
    ).toMatchObject({
      inscription_id: ids[0],
      inscription_number: seeded,
      sat: Number(satsBefore),
      satributes: [satsBefore === 0n ? 'MYTHIC' : revealHeight % 6 === 0 ? 'RARE' : 'UNCOMMON'],
    });
  });

  it('refuse a bad checksum and a rune name beyond u128 with 400s naming the field', async () => {
    const { context } = sandboxContext();
    await expect(getRuneBalances({ bitcoinAddress: BAD_CHECKSUM }, context)).rejects.toMatchObject({
      status: 400,
      issues: [{ field: 'bitcoinAddress', rule: 'format' }],
    });
    await expect(checkRuneUnlock({ name: 'BCGDENLQRQWDSLRUGSNLBTMFIJAW' }, context)).rejects.toMatchObject({
      status: 400,
      issues: [{ field: 'name', rule: 'too_long' }],
    });
    expect((await checkRuneUnlock({ name: 'bcgdenlqrqwdslrugsnlbtmfijav' }, context)).data).toMatchObject({
      status: 'RESERVED',
    });
  });
});
