import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey, setWebhookEndpoint } from '@svc/chains';
import {
  anvilDevAccount,
  type SandboxEvmChain,
  type SandboxEvmChains,
  type SandboxSolana,
  sandboxEvmChains,
  startSandboxEvmChain,
  startSandboxSolana,
} from '@svc/sandbox';
import { sandboxProviders } from '@svc/providers';
import { accountForWallet, type Db } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { handlers } from '@svc/tools/testing';
import { Webhook } from 'standardwebhooks';
import { type Address, createWalletClient, erc20Abi, type Hash, http, type LocalAccount, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PeriodicJob } from '../worker.js';
import { headerRecord, startTestReceiver, type TestReceiver } from '../testing.js';
import { trackedWalletJobs } from './jobs.js';
import { sandboxWatchedChainRpcs } from './watched-chains.js';

// The sandbox wiring of the gateway (sandboxWatchedChainRpcs over the sandbox chains): BSC and Polygon are anvils
// that start on first use, which here is the watcher's first pass after a wallet is tracked on them.
describe.each(testBackends())('tracked wallets on the sandbox BSC and Polygon chains ($name)', (backend) => {
  let db: Db;
  let base: SandboxEvmChain;
  let solana: SandboxSolana;
  let chains: SandboxEvmChains;
  let receiver: TestReceiver;
  beforeAll(async () => {
    [db, base, solana, receiver] = await Promise.all([
      backend.open(),
      startSandboxEvmChain({ chainId: 8453 }),
      startSandboxSolana(),
      startTestReceiver(),
    ]);
    chains = sandboxEvmChains({ base });
  });
  afterAll(async () => {
    await chains?.stop();
    await Promise.all([db?.close(), base?.stop(), solana?.stop(), receiver?.close()]);
  });

  it('starts a chain once a wallet is tracked on it and delivers signed events of its transfers', async () => {
    const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
    const started: number[] = [];
    const warnings: string[] = [];
    const jobs = trackedWalletJobs({
      db,
      mode: 'sandbox',
      masterKey,
      rpcs: sandboxWatchedChainRpcs({
        base,
        solana,
        evm: (chainId) => {
          started.push(chainId);
          return chains.evm(chainId);
        },
      }),
      log: { warn: (message) => warnings.push(message) },
    });
    expect(warnings).toEqual([]);
    const signal = new AbortController().signal;
    const run = (name: string) => (jobs.find((job) => job.name === name) as PeriodicJob).run(signal);
    const watchEvm = () => Promise.all(['watch-eth', 'watch-bsc', 'watch-polygon'].map(run));

    // Nothing tracked: no anvil is started for eth, bsc or polygon.
    await watchEvm();
    expect(started).toEqual([]);

    const { accountId } = await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000000b2');
    const context = { mode: 'sandbox' as const, db, caller: { accountId }, masterKey, providers: sandboxProviders() };
    const onBsc = privateKeyToAccount(generatePrivateKey());
    const onPolygon = privateKeyToAccount(generatePrivateKey());
    await handlers.addTrackedWallet!({ address: onBsc.address, chains: ['bsc'] }, context);
    await handlers.addTrackedWallet!({ address: onPolygon.address, chains: ['polygon'] }, context);
    const { secret } = await setWebhookEndpoint(db, masterKey, accountId, receiver.url);

    await watchEvm();
    expect([...started].sort((a, b) => a - b)).toEqual([56, 137]);

    // Real transactions on each chain: its coin in from dev account #6, USDC minted in, then USDC sent out.
    const other = privateKeyToAccount(generatePrivateKey()).address;
    const transfer = async (chainId: number, tracked: LocalAccount) => {
      const { chain } = await chains.evm(chainId);
      const wallet = (account: LocalAccount) =>
        createWalletClient({ account, chain: chain.chain, transport: http(chain.rpcUrl) });
      const coinIn = await wallet(anvilDevAccount(6)).sendTransaction({ to: tracked.address, value: parseEther('2') });
      await chain.publicClient.waitForTransactionReceipt({ hash: coinIn });
      const usdcIn = await chain.mintUsdc(tracked.address, 7_000_000n);
      const usdcOut = await wallet(tracked).writeContract({
        address: chain.usdc,
        abi: erc20Abi,
        functionName: 'transfer',
        args: [other, 3_000_000n],
      });
      await chain.publicClient.waitForTransactionReceipt({ hash: usdcOut });
      return { usdc: chain.usdc, coinIn, usdcIn, usdcOut };
    };
    const [bsc, polygon] = await Promise.all([transfer(56, onBsc), transfer(137, onPolygon)]);

    await watchEvm();
    await run('webhook-delivery');
    const delivered = receiver.received.map(
      (request) =>
        new Webhook(secret!).verify(request.body, headerRecord(request.headers)) as {
          type: string;
          data: { chain: string; address: string; txHash: Hash; amount: string; asset: Record<string, unknown> };
        },
    );
    const expected = (
      chain: string,
      tracked: Address,
      coin: string,
      txs: { usdc: Address; coinIn: Hash; usdcIn: Hash; usdcOut: Hash },
    ) => {
      const address = tracked.toLowerCase();
      const usdc = { type: 'erc20', contract: txs.usdc.toLowerCase() };
      return [
        {
          type: 'tracked_wallet.native_transfer_in',
          data: expect.objectContaining({
            chain,
            address,
            txHash: txs.coinIn,
            amount: parseEther('2').toString(),
            asset: { type: 'native', symbol: coin, decimals: 18 },
          }),
        },
        {
          type: 'tracked_wallet.token_transfer_in',
          data: expect.objectContaining({ chain, address, txHash: txs.usdcIn, amount: '7000000', asset: usdc }),
        },
        {
          type: 'tracked_wallet.token_transfer_out',
          data: expect.objectContaining({ chain, address, txHash: txs.usdcOut, amount: '3000000', asset: usdc }),
        },
      ].map((event) => expect.objectContaining(event));
    };
    expect(delivered).toHaveLength(6);
    expect(delivered).toEqual(
      expect.arrayContaining([
        ...expected('bsc', onBsc.address, 'BNB', bsc),
        ...expected('polygon', onPolygon.address, 'POL', polygon),
      ]),
    );
    // eth has nothing tracked: its anvil never started.
    expect(started).not.toContain(1);
  });
});
