import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createWalletClient, http, parseAbi, parseEther, parseUnits, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anvilDevAccount } from './sandbox-chain.js';
import { SANDBOX_MARKET_MAKER, SANDBOX_MARKET_MAKER_INDEX, type SandboxEvmMarket } from './sandbox-market.js';
import { type SandboxEvmChains, sandboxEvmChains } from './sandbox-evm-chains.js';
import { startSandboxEvmChain, type SandboxEvmChain } from './sandbox-chain.js';

const ERC20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
  'function symbol() view returns (string)',
  'function decimals() view returns (uint8)',
]);
const ROUTER = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[])',
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
]);
const NFT = parseAbi([
  'function ownerOf(uint256) view returns (address)',
  'function balanceOf(address, uint256) view returns (uint256)',
]);

describe('sandbox EVM market', () => {
  let dir: string;
  let base: SandboxEvmChain;
  let chains: SandboxEvmChains;
  let bsc: SandboxEvmMarket;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), 'svc-market-'));
    base = await startSandboxEvmChain({ chainId: 8453 });
    chains = sandboxEvmChains({ base, chainsDir: dir });
    bsc = await chains.evm(56);
  }, 30_000);

  afterAll(async () => {
    await chains?.stop();
    await base?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('the market maker constant in the contracts is anvil dev account #7', () => {
    expect(anvilDevAccount(SANDBOX_MARKET_MAKER_INDEX).address).toBe(SANDBOX_MARKET_MAKER);
  });

  it('seeds tokens with their metadata and every pool at the documented prices', async () => {
    expect(bsc.tokens.map((t) => t.symbol)).toEqual(['BNB', 'USDC', 'WBNB', 'LINK', 'UNI', 'WBTC']);
    const wbtc = bsc.token('wbtc')!;
    expect(
      await bsc.chain.publicClient.readContract({ address: wbtc.address!, abi: ERC20, functionName: 'symbol' }),
    ).toBe('WBTC');
    expect(
      await bsc.chain.publicClient.readContract({ address: wbtc.address!, abi: ERC20, functionName: 'decimals' }),
    ).toBe(8);
    expect(await bsc.tokenPriceUsd('BNB')).toBeCloseTo(600, 6);
    expect(await bsc.tokenPriceUsd('WBTC')).toBeCloseTo(60_000, 3);
    expect(await bsc.tokenPriceUsd('LINK')).toBeCloseTo(15, 6);
    expect(await bsc.tokenPriceUsd('USDC')).toBe(1);
    expect(bsc.token('0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE')?.symbol).toBe('BNB');
    // every seeded token trades against USDC and the wrapped native coin
    for (const symbol of ['LINK', 'UNI', 'WBTC']) {
      expect(bsc.pools.some((p) => p.tokens.includes(symbol) && p.tokens.includes('USDC'))).toBe(true);
      expect(bsc.pools.some((p) => p.tokens.includes(symbol) && p.tokens.includes('WBNB'))).toBe(true);
    }
  });

  it('swaps through the router at the pool price (0.3% fee), native in and token to token', async () => {
    const trader = privateKeyToAccount(generatePrivateKey());
    await bsc.fund(trader.address, bsc.token('BNB')!, parseEther('10'));
    const wallet = createWalletClient({ chain: bsc.chain.chain, transport: http(bsc.chain.rpcUrl), account: trader });
    const usdc = bsc.token('USDC')!.address!;
    const path1 = [bsc.wrappedNative.address!, usdc];
    const [, quoted] = await bsc.chain.publicClient.readContract({
      address: bsc.router,
      abi: ROUTER,
      functionName: 'getAmountsOut',
      args: [parseEther('1'), path1],
    });
    expect(Number(quoted) / 1e6).toBeGreaterThan(595 * 0.99);
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
    const hash = await wallet.writeContract({
      address: bsc.router,
      abi: ROUTER,
      functionName: 'swapExactETHForTokens',
      args: [quoted!, path1, trader.address, deadline],
      value: parseEther('1'),
    });
    expect((await bsc.chain.publicClient.waitForTransactionReceipt({ hash })).status).toBe('success');
    expect(
      await bsc.chain.publicClient.readContract({
        address: usdc,
        abi: ERC20,
        functionName: 'balanceOf',
        args: [trader.address],
      }),
    ).toBe(quoted);

    const link = bsc.token('LINK')!.address!;
    await bsc.chain.publicClient.waitForTransactionReceipt({
      hash: await wallet.writeContract({
        address: usdc,
        abi: ERC20,
        functionName: 'approve',
        args: [bsc.router, quoted!],
      }),
    });
    const swap = await wallet.writeContract({
      address: bsc.router,
      abi: ROUTER,
      functionName: 'swapExactTokensForTokens',
      args: [quoted!, 0n, [usdc, link], trader.address, deadline],
    });
    expect((await bsc.chain.publicClient.waitForTransactionReceipt({ hash: swap })).status).toBe('success');
    const linkHeld = await bsc.chain.publicClient.readContract({
      address: link,
      abi: ERC20,
      functionName: 'balanceOf',
      args: [trader.address],
    });
    expect(Number(linkHeld) / 1e18).toBeCloseTo((Number(quoted) / 1e6 / 15) * 0.997, 1);
  });

  it('sets a token price by re-balancing its USDC pool, up and down', async () => {
    await bsc.setTokenPriceUsd('UNI', 12.5);
    expect(await bsc.tokenPriceUsd('UNI')).toBeCloseTo(12.5, 6);
    await bsc.setTokenPriceUsd('UNI', 4);
    expect(await bsc.tokenPriceUsd('UNI')).toBeCloseTo(4, 6);
    await bsc.setTokenPriceUsd('BNB', 650);
    expect(await bsc.tokenPriceUsd('WBNB')).toBeCloseTo(650, 6);
  });

  it('funds ERC-20s and mints NFTs of both standards', async () => {
    const holder = privateKeyToAccount(generatePrivateKey()).address;
    await bsc.fund(holder, bsc.token('WBNB')!, parseEther('2'));
    await bsc.fund(holder, bsc.token('WBTC')!, parseUnits('0.5', 8));
    const read = (address: Address) =>
      bsc.chain.publicClient.readContract({ address, abi: ERC20, functionName: 'balanceOf', args: [holder] });
    expect(await read(bsc.wrappedNative.address!)).toBe(parseEther('2'));
    expect(await read(bsc.token('WBTC')!.address!)).toBe(parseUnits('0.5', 8));
    const [erc721, erc1155] = bsc.nfts;
    const minted = await bsc.mintNft(holder, erc721!, 2n);
    expect(minted.tokenIds).toHaveLength(2);
    for (const id of minted.tokenIds)
      expect(
        await bsc.chain.publicClient.readContract({
          address: erc721!.address,
          abi: NFT,
          functionName: 'ownerOf',
          args: [id],
        }),
      ).toBe(holder);
    await bsc.mintNft(holder, erc1155!, 5n);
    expect(
      await bsc.chain.publicClient.readContract({
        address: erc1155!.address,
        abi: NFT,
        functionName: 'balanceOf',
        args: [holder, 1n],
      }),
    ).toBe(5n);
  });

  it('keeps its state, addresses and prices across a restart (not re-seeded)', async () => {
    await bsc.setTokenPriceUsd('LINK', 21);
    await chains.stop();
    chains = sandboxEvmChains({ base, chainsDir: dir });
    const again = await chains.evm(56);
    expect(again.pools).toEqual(bsc.pools);
    expect(await again.tokenPriceUsd('LINK')).toBeCloseTo(21, 6);
    bsc = again;
  }, 30_000);

  it('seeds the eagerly started Base chain lazily, and memoizes', async () => {
    const first = chains.evm(8453);
    expect(chains.evm(8453)).toBe(first);
    const market = await first;
    expect(market.chain).toBe(base);
    expect(market.token('ETH')?.kind).toBe('native');
    expect(await market.tokenPriceUsd('WETH')).toBeCloseTo(3000, 6);
  });
});
