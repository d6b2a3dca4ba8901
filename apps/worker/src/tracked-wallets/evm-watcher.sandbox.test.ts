import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey, setWebhookEndpoint } from '@svc/chains';
import { anvilDevAccount, type SandboxEvmChain, startSandboxEvmChain } from '@svc/sandbox';
import { sandboxProviders } from '@svc/providers';
import { accountForWallet, type Db } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { handlers } from '@svc/tools/testing';
import { Webhook } from 'standardwebhooks';
import { createWalletClient, erc20Abi, http, parseEther } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDueWebhooks } from '../webhooks/deliver.js';
import { headerRecord, startTestReceiver, type TestReceiver } from '../testing.js';
import { watchEvmChainOnce } from './evm-watcher.js';

// The tracked wallet is anvil dev account #7 (funded, so it can also send); #6 sends it ETH.
const tracked = anvilDevAccount(7);
const sender = anvilDevAccount(6);
const other = anvilDevAccount(8).address;

describe.each(testBackends())('EVM watcher on the sandbox Base chain ($name)', (backend) => {
  let db: Db;
  let base: SandboxEvmChain;
  let receiver: TestReceiver;
  beforeAll(async () => {
    [db, base, receiver] = await Promise.all([
      backend.open(),
      startSandboxEvmChain({ chainId: 8453 }),
      startTestReceiver(),
    ]);
  });
  afterAll(async () => {
    await Promise.all([db?.close(), base?.stop(), receiver?.close()]);
  });

  it('records USDC and ETH transfers of a tracked address once, shows them in getTrackedWallets and delivers them', async () => {
    const { accountId } = await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000000a1');
    const context = {
      mode: 'sandbox' as const,
      db,
      caller: { accountId },
      masterKey: new LocalMasterKeyRing(parseMasterKey(newMasterKeyText())),
      providers: sandboxProviders(),
    };
    await handlers.addTrackedWallet!({ address: tracked.address, label: 'hot', chains: ['base'] }, context);
    const { secret } = await setWebhookEndpoint(db, context.masterKey, accountId, receiver.url);
    const watch = () => watchEvmChainOnce({ db, client: base.publicClient, chain: 'base', nativeSymbol: 'ETH' });
    await watch(); // history before this point is not what this test is about

    const wallet = (account: typeof tracked) =>
      createWalletClient({ account, chain: base.chain, transport: http(base.rpcUrl) });
    const ethIn = await wallet(sender).sendTransaction({ to: tracked.address, value: parseEther('1.5') });
    await base.publicClient.waitForTransactionReceipt({ hash: ethIn });
    const usdcIn = await base.mintUsdc(tracked.address, 5_000_000n);
    const usdcOut = await wallet(tracked).writeContract({
      address: base.usdc,
      abi: erc20Abi,
      functionName: 'transfer',
      args: [other, 1_250_000n],
    });
    await base.publicClient.waitForTransactionReceipt({ hash: usdcOut });

    const pass = await watch();
    expect(pass).toMatchObject({ stored: 3, enqueued: 3 });
    const { events } = await handlers.getTrackedWallets!({}, context);
    const me = tracked.address.toLowerCase();
    expect(events).toEqual([
      expect.objectContaining({
        kind: 'token_transfer_out',
        chain: 'base',
        address: me,
        txHash: usdcOut,
        from: me,
        to: other.toLowerCase(),
        amount: '1250000',
        asset: { type: 'erc20', contract: base.usdc.toLowerCase() },
      }),
      expect.objectContaining({
        kind: 'token_transfer_in',
        txHash: usdcIn,
        from: '0x0000000000000000000000000000000000000000',
        to: me,
        amount: '5000000',
      }),
      expect.objectContaining({
        kind: 'native_transfer_in',
        txHash: ethIn,
        logIndex: null,
        from: sender.address.toLowerCase(),
        amount: parseEther('1.5').toString(),
        asset: { type: 'native', symbol: 'ETH', decimals: 18 },
      }),
    ]);

    // Scanning the same blocks again (a lost cursor) stores and delivers nothing twice.
    await db.query('DELETE FROM watch_cursors');
    expect(
      await watchEvmChainOnce({
        db,
        client: base.publicClient,
        chain: 'base',
        nativeSymbol: 'ETH',
        initialLookbackBlocks: 1000,
      }),
    ).toMatchObject({ stored: 0, enqueued: 0 });

    expect(await deliverDueWebhooks({ db, masterKey: context.masterKey })).toBe(3);
    expect(receiver.received).toHaveLength(3);
    const delivered = receiver.received.map(
      (r) => new Webhook(secret!).verify(r.body, headerRecord(r.headers)) as { data: { txHash: string } },
    );
    expect(delivered.map((d) => d.data.txHash).sort()).toEqual([ethIn, usdcIn, usdcOut].sort());
  });
});
