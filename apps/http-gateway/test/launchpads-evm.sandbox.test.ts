import { SANDBOX_BONDING_MANAGER_ADDRESS, SANDBOX_TOKEN_FACTORY_ADDRESS } from '@svc/sandbox';
import { createWalletClient, erc20Abi, getAddress, http, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, useSandboxGateway } from './harness.js';

const FACTORY_ABI = parseAbi([
  'function deployToken(string name, string symbol, string image, uint16 creatorRewardBps) payable returns (address, address)',
]);

describe.each(backendsFor(import.meta.url))('EVM launchpads through REST with SIWX + x402 ($name)', (backend) => {
  const gateway = useSandboxGateway(backend);
  const caller = async () => {
    const wallet = await fundedWallet(gateway, UNCAPPED);
    expect((await gateway.faucet({ address: wallet.account.address, token: 'BASE_USDC', amount: '5' })).status).toBe(
      200,
    );
    const info = await json(await wallet.call('wallet', {}));
    return { ...wallet, vault: getAddress(info.vault.networks.bsc.address) };
  };

  it('a curve token is found, bought and sold on sandbox BSC, with balances checked on chain', async () => {
    const alice = await caller();
    const bsc = await gateway.sandbox.evm(56);
    const client = bsc.chain.publicClient;
    const found = await json(await alice.call('bscfindMemeCoinsViaBonding', { orderBy: 'TimeDesc', symbol: 'SDROCK' }));
    expect(found).toMatchObject({ chainId: 56, pageIndex: 1, pageSize: 30 });
    const listed = found.tokens.find((token: { symbol: string }) => token.symbol === 'SDROCK');
    expect(listed).toMatchObject({ name: 'Sandbox Doge Rocket', label: 'Meme', listedDex: false });
    const token = listed.tokenAddress as Address;

    expect(await json(await alice.call('isBondingToken', { tokenAddress: token }))).toMatchObject({
      isBondingToken: true,
      registered: true,
      graduated: false,
    });
    const link = bsc.token('LINK')!.address!;
    expect(await json(await alice.call('isBondingToken', { tokenAddress: link }))).toMatchObject({
      isBondingToken: false,
      registered: false,
    });

    // Nothing is bought without BNB, and nothing sold that is not held: 400s that move nothing.
    expect((await alice.call('bscSellBondingToken', { tokenAddress: token, tokenAmount: '1' })).status).toBe(400);
    expect((await alice.call('bscBuyBondingToken', { bnbAmount: '0.1' })).status).toBe(400);
    expect((await alice.call('bscBuyBondingToken', { tokenAddress: token, bnbAmount: '0.1' })).status).toBe(400);

    expect((await gateway.faucet({ address: alice.vault, chain: 'bsc', token: 'BNB', amount: '1' })).status).toBe(200);
    const tokensOf = () =>
      client.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [alice.vault] });
    const bnbBefore = await client.getBalance({ address: alice.vault });
    const bought = await json(await alice.call('bscBuyBondingToken', { tokenAddress: token, bnbAmount: '0.5' }));
    expect(bought).toMatchObject({ chainId: 56, tokenAddress: token, bnbSpent: '0.5' });
    const held = await tokensOf();
    expect(held).toBe(parseUnits(bought.tokensReceived, 18));
    expect(held).toBeGreaterThanOrEqual(parseUnits(bought.minTokens, 18));
    expect(bnbBefore - (await client.getBalance({ address: alice.vault }))).toBe(
      parseEther('0.5') + BigInt(bought.feeWei),
    );

    // The caller's own buy shows in the list at once: its 24-hour volume counts it.
    const after = await json(await alice.call('bscfindMemeCoinsViaBonding', { orderBy: 'Hot', symbol: 'SDROCK' }));
    expect(Number(after.tokens[0].volume24hBnb)).toBeGreaterThanOrEqual(Number(listed.volume24hBnb) + 0.49);

    const tooMuch = await alice.call('bscSellBondingToken', {
      tokenAddress: token,
      tokenAmount: (Number(bought.tokensReceived) * 2).toString(),
    });
    expect(tooMuch.status).toBe(400);
    expect(await tokensOf()).toBe(held);

    const bnbBeforeSale = await client.getBalance({ address: alice.vault });
    const sold = await json(await alice.call('bscSellBondingToken', { tokenAddress: token, tokenAmount: 'max' }));
    expect(sold).toMatchObject({ tokensSold: bought.tokensReceived });
    expect(await tokensOf()).toBe(0n);
    // What the vault gained is what the curve paid less the gas of the sale and its approval.
    const gained = (await client.getBalance({ address: alice.vault })) - bnbBeforeSale;
    expect(gained).toBe(parseEther(sold.bnbReceived) - BigInt(sold.feeWei));
    expect(sold.approvalTxHash).toMatch(/^0x[0-9a-f]{64}$/);
    expect(parseEther(sold.bnbReceived)).toBeGreaterThanOrEqual(parseEther(sold.minBnb));
  }, 120_000);

  it('a token the Base factory launches appears in baseFindFactoryTokens', async () => {
    const alice = await caller();
    const base = await gateway.sandbox.evm(8453);
    const creator = privateKeyToAccount(generatePrivateKey());
    await base.chain.setNativeBalance(creator.address, parseEther('2'));
    const wallet = createWalletClient({
      account: creator,
      chain: base.chain.chain,
      transport: http(base.chain.rpcUrl),
    });
    const symbol = `T${creator.address.slice(2, 8).toUpperCase()}`;
    const hash = await wallet.writeContract({
      address: SANDBOX_TOKEN_FACTORY_ADDRESS,
      abi: FACTORY_ABI,
      functionName: 'deployToken',
      args: ['Test Factory Token', symbol, 'ipfs://test', 8000],
      value: parseEther('1'),
      gas: 5_000_000n,
    });
    expect((await base.chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');

    const found = await json(
      await alice.call('baseFindFactoryTokens', { q: symbol, includeUser: true, sortBy: 'created-at' }),
    );
    expect(found).toMatchObject({ chainId: 8453, total: 1 });
    expect(found.tokens[0]).toMatchObject({
      name: 'Test Factory Token',
      symbol,
      creator: { address: creator.address },
      market: { priceUsd: expect.any(Number), marketCapUsd: expect.any(Number) },
    });
    const all = await json(await alice.call('baseFindFactoryTokens', {}));
    expect(all.tokens.length).toBeGreaterThanOrEqual(3);
    const caps = all.tokens.map((token: { market: { marketCapUsd: number } }) => token.market.marketCapUsd);
    expect(caps).toEqual([...caps].sort((a, b) => b - a));
    expect((await alice.call('baseFindFactoryTokens', { chainId: 1 })).status).toBe(400);

    // GET /api/sandbox publishes each chain's launchpad.
    const { chains } = (await (await fetch(`${gateway.url}/api/sandbox`)).json()) as {
      chains: { chain: string; launchpad?: unknown }[];
    };
    const launchpadOf = (chain: string) => chains.find((entry) => entry.chain === chain)?.launchpad;
    expect(launchpadOf('base')).toEqual({ kind: 'factory', address: SANDBOX_TOKEN_FACTORY_ADDRESS });
    expect(launchpadOf('bsc')).toEqual({ kind: 'bonding', address: SANDBOX_BONDING_MANAGER_ADDRESS });
    expect(launchpadOf('hedera')).toMatchObject({ kind: 'memejob', address: '0.0.5000200' });
  }, 120_000);
});
