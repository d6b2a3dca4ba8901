import { generateKeyPairSigner, type Rpc, type SolanaRpcApi, type Transaction } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../handler.js';
import type { SolanaLaunchpads } from '../../ports/solana-launchpads.js';
import { memoInstruction, partlySigned } from '../svc-launchpad/meteora-dbc-transactions.js';
import { signCommitSend } from './launchpad-calls.js';

const rpc = {
  getLatestBlockhash: () => ({
    send: async () => ({
      value: { blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM', lastValidBlockHeight: 1n },
    }),
  }),
} as unknown as Rpc<SolanaRpcApi>;

describe('signCommitSend with a setup transaction', () => {
  it('settles, then sends the setup before the transaction; the vault signs the setup only when it must', async () => {
    const [vault, sponsor] = [await generateKeyPairSigner(), await generateKeyPairSigner()];
    const events: string[] = [];
    const sent: Transaction[] = [];
    const launchpads = {
      send: async (transaction: Transaction) => {
        sent.push(transaction);
        events.push(`send ${sent.length}`);
        return `signature ${sent.length}`;
      },
    } as unknown as SolanaLaunchpads;
    const context = { commit: async () => void events.push('commit') } as unknown as HandlerContext;
    const transaction = await partlySigned(rpc, vault.address, [memoInstruction('launch')], []);

    // A setup the sponsor pays: the vault is not among its signers and leaves it as it is.
    const sponsored = await partlySigned(rpc, sponsor.address, [memoInstruction('setup')], [sponsor]);
    expect(await signCommitSend(context, launchpads, vault, transaction, sponsored)).toBe('signature 2');
    expect(events).toEqual(['commit', 'send 1', 'send 2']);
    expect(sent[0]).toBe(sponsored);
    expect(sent[1]!.signatures[vault.address]).not.toBeNull();

    // A setup the vault pays is signed by it too.
    const paid = await partlySigned(rpc, vault.address, [memoInstruction('setup')], []);
    await signCommitSend(context, launchpads, vault, transaction, paid);
    expect(sent[2]!.signatures[vault.address]).not.toBeNull();
    expect(sent[2]!.messageBytes).toEqual(paid.messageBytes);
  });
});
