import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey, setWebhookEndpoint } from '@svc/chains';
import { type SandboxSolana, SOLANA_USDC_MINT, startSandboxSolana } from '@svc/sandbox';
import { sandboxProviders } from '@svc/providers';
import { accountForWallet, type Db } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { handlers } from '@svc/tools/testing';
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  type Instruction,
  type KeyPairSigner,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { getTransferCheckedInstruction } from '@solana-program/token';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueWebhooks } from '../webhooks/deliver.js';
import { headerRecord, startTestReceiver, type TestReceiver } from '../testing.js';
import { solanaRpcClient } from './solana-rpc.js';
import { watchSolanaOnce } from './solana-watcher.js';

describe.each(testBackends())('Solana watcher on the sandbox Solana chain ($name)', (backend) => {
  let db: Db;
  let solana: SandboxSolana;
  let receiver: TestReceiver;
  beforeAll(async () => {
    [db, solana, receiver] = await Promise.all([backend.open(), startSandboxSolana(), startTestReceiver()]);
  });
  afterAll(async () => {
    await Promise.all([db?.close(), solana?.stop(), receiver?.close()]);
  });

  const send = async (payer: KeyPairSigner, instructions: Instruction[]) => {
    const rpc = createSolanaRpc(solana.rpcUrl);
    const { value: blockhash } = await rpc.getLatestBlockhash().send();
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    return rpc
      .sendTransaction(getBase64EncodedWireTransaction(await signTransactionMessageWithSigners(message)), {
        encoding: 'base64',
      })
      .send();
  };

  it('records SOL and SPL transfers of a tracked wallet once, shows them in getTrackedWallets and delivers them', async () => {
    const [tracked, sender, other] = await Promise.all([
      generateKeyPairSigner(),
      generateKeyPairSigner(),
      generateKeyPairSigner(),
    ]);
    const { accountId } = await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000000b2');
    const context = {
      mode: 'sandbox' as const,
      db,
      caller: { accountId },
      masterKey: new LocalMasterKeyRing(parseMasterKey(newMasterKeyText())),
      providers: sandboxProviders(),
    };
    await handlers.addTrackedWallet!({ address: tracked.address, label: 'sol', chains: ['solana'] }, context);
    const { secret } = await setWebhookEndpoint(db, context.masterKey, accountId, receiver.url);
    const rpc = solanaRpcClient(solana.rpcUrl);
    const watch = () => watchSolanaOnce({ db, rpc, commitment: 'confirmed' });
    await watch(); // the cursor starts at the head

    await solana.airdrop(sender.address, 5_000_000_000n);
    await solana.mintUsdc(other.address, 0n);
    const solIn = await send(sender, [
      getTransferSolInstruction({ source: sender, destination: tracked.address, amount: 1_500_000_000n }),
    ]);
    const usdcIn = await solana.mintUsdc(tracked.address, 5_000_000n);
    const usdcOut = await send(tracked, [
      getTransferCheckedInstruction({
        source: await solana.tokenAccount(tracked.address),
        mint: SOLANA_USDC_MINT,
        destination: await solana.tokenAccount(other.address),
        authority: tracked,
        amount: 1_250_000n,
        decimals: 6,
      }),
    ]);

    // The fee the tracked wallet paid for its USDC transfer is not a SOL transfer: three events, not four.
    expect(await watch()).toMatchObject({ stored: 3, enqueued: 3 });
    const { events } = await handlers.getTrackedWallets!({}, context);
    expect(events).toHaveLength(3);
    expect(events).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          kind: 'native_transfer_in',
          chain: 'solana',
          address: tracked.address,
          txHash: solIn,
          from: sender.address,
          to: tracked.address,
          amount: '1500000000',
          asset: { type: 'native', symbol: 'SOL', decimals: 9 },
        }),
        expect.objectContaining({
          kind: 'token_transfer_in',
          txHash: usdcIn,
          to: tracked.address,
          amount: '5000000',
          asset: { type: 'spl', mint: SOLANA_USDC_MINT, decimals: 6 },
        }),
        expect.objectContaining({
          kind: 'token_transfer_out',
          txHash: usdcOut,
          from: tracked.address,
          to: other.address,
          amount: '1250000',
        }),
      ]),
    );

    // Scanning the same slots again (a lost cursor) stores and delivers nothing twice.
    await db.query('DELETE FROM watch_cursors');
    expect(await watchSolanaOnce({ db, rpc, commitment: 'confirmed', initialLookbackSlots: 1000 })).toMatchObject({
      stored: 0,
      enqueued: 0,
    });

    expect(await deliverDueWebhooks({ db, masterKey: context.masterKey })).toBe(3);
    const delivered = receiver.received.map(
      (r) => new Webhook(secret!).verify(r.body, headerRecord(r.headers)) as { data: { txHash: string } },
    );
    expect(delivered.map((d) => d.data.txHash).sort()).toEqual([solIn, usdcIn, usdcOut].sort());
  });
});
