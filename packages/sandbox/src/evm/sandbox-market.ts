/**
 * The sandbox market on a sandbox EVM chain: seeded ERC-20s, the wrapped native coin, a Uniswap-V2-style DEX
 * (SandboxV2Pair pools behind SandboxV2Router) with pools against USDC and the wrapped native coin, and two NFT
 * collections (ERC-721 and ERC-1155). Everything sits at fixed addresses, the same on every chain and after restarts.
 *
 * Init path: `anvil_setCode` places runtime code without running constructors, so the contracts that need storage
 * (token names, pool tokens, the router's pool table) have a one-time `initialize` callable only by the sandbox market
 * maker, anvil dev account #7 (a constant in each contract). Seeding runs once per chain: it is skipped when the
 * router is already initialised (a state file restored it). Pools are funded by minting both tokens to the pool and
 * calling `sync` (no LP shares); the market maker re-prices a pool the same way ({@link SandboxEvmMarket.setTokenPriceUsd}).
 */
import {
  createTestClient,
  createWalletClient,
  formatUnits,
  http,
  parseAbi,
  parseUnits,
  type Address,
  type Hash,
  type Hex,
} from 'viem';
import {
  SANDBOX_ERC1155_ARTIFACT,
  SANDBOX_ERC20_ARTIFACT,
  SANDBOX_ERC721_ARTIFACT,
  SANDBOX_V2_PAIR_ARTIFACT,
  SANDBOX_V2_ROUTER_ARTIFACT,
  SANDBOX_WRAPPED_NATIVE_ARTIFACT,
} from './artifacts.js';
import { anvilDevAccount, type SandboxEvmChain } from './sandbox-chain.js';
import { sandboxAddress } from './sandbox-address.js';
import {
  LAUNCHPAD_SEED_ABI,
  launchpadPlacements,
  type SandboxLaunchpad,
  sandboxLaunchpadOf,
  seedLaunchpad,
} from './sandbox-launchpads.js';
import { deploySandboxSeaport, SANDBOX_SEAPORT_CHAIN_IDS, type SandboxSeaport } from './seaport/deploy-seaport.js';

/** The sandbox market maker: anvil dev account #7 (MINTER in every market contract). */
export const SANDBOX_MARKET_MAKER_INDEX = 7;
export const SANDBOX_MARKET_MAKER: Address = '0x14dC79964da2C08b23698B3D3cc7Ca32193d9955';

export { sandboxAddress };

export type SandboxTokenKind = 'native' | 'usdc' | 'wrapped' | 'erc20';

/** A fungible asset of the sandbox market. */
export interface SandboxToken {
  readonly symbol: string;
  readonly name: string;
  /** null for the native coin. */
  readonly address: Address | null;
  readonly decimals: number;
  readonly kind: SandboxTokenKind;
  /** The USD price its pools are seeded at. */
  readonly seedPriceUsd: number;
}

/** A seeded pool (SandboxV2Pair). */
export interface SandboxPool {
  readonly address: Address;
  /** Symbols of the two tokens, as seeded (not sorted by address). */
  readonly tokens: readonly [string, string];
}

export interface SandboxNftCollection {
  readonly symbol: string;
  readonly name: string;
  readonly address: Address;
  readonly standard: 'ERC721' | 'ERC1155';
}

/** Native coin price and wrapped-token symbol per chain (documented in README "EVM chains"). */
const NATIVE_BY_CHAIN: Record<number, { symbol: string; priceUsd: number }> = {
  1: { symbol: 'ETH', priceUsd: 3000 },
  56: { symbol: 'BNB', priceUsd: 600 },
  137: { symbol: 'POL', priceUsd: 0.5 },
  8453: { symbol: 'ETH', priceUsd: 3000 },
  4663: { symbol: 'ETH', priceUsd: 3000 },
};

/** The other seeded ERC-20s, on every chain (sandbox look-alikes: same symbols as the real tokens, not their addresses). */
const SEEDED_ERC20S = [
  { symbol: 'LINK', name: 'Sandbox Chainlink', decimals: 18, seedPriceUsd: 15 },
  { symbol: 'UNI', name: 'Sandbox Uniswap', decimals: 18, seedPriceUsd: 8 },
  { symbol: 'WBTC', name: 'Sandbox Wrapped BTC', decimals: 8, seedPriceUsd: 60_000 },
] as const;

/** Each side of every seeded pool holds this much USD worth. */
export const SANDBOX_POOL_DEPTH_USD = 1_000_000;

export const SANDBOX_V2_ROUTER_ADDRESS = sandboxAddress('SandboxV2Router');
export const SANDBOX_ERC721_ADDRESS = sandboxAddress('SandboxERC721');
export const SANDBOX_ERC1155_ADDRESS = sandboxAddress('SandboxERC1155');
/** The ERC-1155 item id the faucet mints. */
export const SANDBOX_ERC1155_ITEM_ID = 1n;

/** The fixed layout of the sandbox market on chain `chainId`: tokens (native first), pools, NFT collections. */
export function sandboxMarketLayout(chainId: number, usdc: Address) {
  const native = NATIVE_BY_CHAIN[chainId];
  if (!native) throw new Error(`no sandbox market for chain ${chainId}`);
  const wrappedSymbol = `W${native.symbol}`;
  const tokens: SandboxToken[] = [
    {
      symbol: native.symbol,
      name: native.symbol,
      address: null,
      decimals: 18,
      kind: 'native',
      seedPriceUsd: native.priceUsd,
    },
    { symbol: 'USDC', name: 'USD Coin', address: usdc, decimals: 6, kind: 'usdc', seedPriceUsd: 1 },
    {
      symbol: wrappedSymbol,
      name: `Wrapped ${native.symbol}`,
      address: sandboxAddress(wrappedSymbol),
      decimals: 18,
      kind: 'wrapped',
      seedPriceUsd: native.priceUsd,
    },
    ...SEEDED_ERC20S.map((token) => ({ ...token, address: sandboxAddress(token.symbol), kind: 'erc20' as const })),
  ];
  const pair = (a: string, b: string): SandboxPool => ({ address: sandboxAddress(`pair.${a}/${b}`), tokens: [a, b] });
  const pools: SandboxPool[] = [
    pair(wrappedSymbol, 'USDC'),
    ...SEEDED_ERC20S.flatMap((token) => [pair(token.symbol, 'USDC'), pair(token.symbol, wrappedSymbol)]),
  ];
  const nfts: SandboxNftCollection[] = [
    { symbol: 'SBXNFT', name: 'Sandbox Punks', address: SANDBOX_ERC721_ADDRESS, standard: 'ERC721' },
    { symbol: 'SBXITEM', name: 'Sandbox Items', address: SANDBOX_ERC1155_ADDRESS, standard: 'ERC1155' },
  ];
  return { tokens, pools, nfts, router: SANDBOX_V2_ROUTER_ADDRESS, wrappedNative: tokens[2] as SandboxToken };
}

export interface SandboxEvmMarket {
  readonly chain: SandboxEvmChain;
  /** Native coin first, then USDC, the wrapped native coin and the other seeded ERC-20s. */
  readonly tokens: readonly SandboxToken[];
  readonly pools: readonly SandboxPool[];
  readonly nfts: readonly SandboxNftCollection[];
  /** SandboxV2Router (Uniswap V2 router function names). */
  readonly router: Address;
  readonly wrappedNative: SandboxToken;
  /** The chain's launchpad (BSC: bonding-curve manager; Base: token factory), or null (sandbox-launchpads.ts). */
  readonly launchpad: SandboxLaunchpad | null;
  /** Seaport 1.6, its conduit controller and conduit, on the NFT marketplace's chains (1, 137, 8453); else undefined. */
  readonly seaport: SandboxSeaport | undefined;
  /** The token with this symbol (any case) or contract address; the native coin also by 0xEeee…EeE. */
  token(symbolOrAddress: string): SandboxToken | undefined;
  /** USD spot price of `token` (symbol or address) from its USDC pool (native: the wrapped coin's; USDC: 1). */
  tokenPriceUsd(token: string): Promise<number>;
  /**
   * Re-balances `token`'s USDC pool so its spot price is `priceUsd` (mints USDC or the token to the pool, then
   * `sync`). Only the USDC pool moves; its pool against the wrapped native coin keeps its price.
   */
  setTokenPriceUsd(token: string, priceUsd: number): Promise<void>;
  /** Moves `atomic` units of a fungible token to `to` (native: balance set directly, returns null). */
  fund(to: Address, token: SandboxToken, atomic: bigint): Promise<Hash | null>;
  /** Mints `count` NFTs of a collection to `to` (ERC-721: new ids; ERC-1155: copies of item 1). */
  mintNft(
    to: Address,
    collection: SandboxNftCollection,
    count: bigint,
  ): Promise<{ transaction: Hash; tokenIds: bigint[] }>;
}

export const NATIVE_TOKEN_SENTINEL: Address = '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE';

const MARKET_ABI = parseAbi([
  'function initialize(string name, string symbol, uint8 decimals)',
  'function mint(address to, uint256 value)',
  'function depositTo(address to) payable',
  'function sync()',
  'function getReserves() view returns (uint112, uint112, uint32)',
  'function token0() view returns (address)',
  'function WETH() view returns (address)',
  'function registerPair(address pair)',
]);
const WRAPPED_INIT_ABI = parseAbi(['function initialize(string name, string symbol)']);
const PAIR_INIT_ABI = parseAbi(['function initialize(address tokenA, address tokenB)']);
const ROUTER_INIT_ABI = parseAbi(['function initialize(address weth)']);
const ERC721_MINT_ABI = parseAbi([
  'function mint(address to, uint256 count) returns (uint256)',
  'function lastTokenId() view returns (uint256)',
]);
const ERC1155_MINT_ABI = parseAbi(['function mint(address to, uint256 id, uint256 value)']);

/** Gas given to market-maker transactions (skips estimation; receipts are checked instead). */
const MAKER_GAS = 1_000_000n;

/**
 * Places the market's code on `chain` (where missing or different), seeds it when the chain has never been seeded,
 * and returns the market. Idempotent.
 */
export async function openSandboxEvmMarket(chain: SandboxEvmChain): Promise<SandboxEvmMarket> {
  const layout = sandboxMarketLayout(chain.chainId, chain.usdc);
  const { publicClient } = chain;
  const transport = http(chain.rpcUrl, { retryCount: 0 });
  const testClient = createTestClient({ chain: chain.chain, transport, mode: 'anvil' });
  const maker = createWalletClient({
    chain: chain.chain,
    transport,
    account: anvilDevAccount(SANDBOX_MARKET_MAKER_INDEX),
  });
  const byAddress = new Map(layout.tokens.filter((t) => t.address).map((t) => [t.address!.toLowerCase(), t]));
  const bySymbol = new Map(layout.tokens.map((t) => [t.symbol.toLowerCase(), t]));

  const token = (symbolOrAddress: string): SandboxToken | undefined => {
    const wanted = symbolOrAddress.toLowerCase();
    if (wanted === NATIVE_TOKEN_SENTINEL.toLowerCase()) return layout.tokens[0];
    return bySymbol.get(wanted) ?? byAddress.get(wanted);
  };
  const requireToken = (symbolOrAddress: string): SandboxToken => {
    const found = token(symbolOrAddress);
    if (!found) throw new Error(`no token "${symbolOrAddress}" in the sandbox market of chain ${chain.chainId}`);
    return found;
  };

  // Market-maker transactions go out one at a time (one account, ordered nonces); each is checked for success.
  let queue: Promise<unknown> = Promise.resolve();
  let nonce: number | undefined;
  const send = (build: (nonce: number) => Promise<Hash>): Promise<Hash> => {
    const sent = queue.then(async () => {
      nonce ??= await publicClient.getTransactionCount({ address: SANDBOX_MARKET_MAKER, blockTag: 'pending' });
      const hash = await build(nonce);
      nonce += 1;
      return hash;
    });
    queue = sent.catch(() => {
      nonce = undefined;
    });
    return sent;
  };
  const write = (
    address: Address,
    abi: readonly unknown[],
    functionName: string,
    args: readonly unknown[],
    value?: bigint,
    gas: bigint = MAKER_GAS,
  ) =>
    send((nonce) =>
      maker.writeContract({
        address,
        abi: abi as never,
        functionName: functionName as never,
        args: args as never,
        gas,
        nonce,
        ...(value ? { value } : {}),
      } as never),
    );
  const confirm = async (hashes: Hash[]): Promise<void> => {
    for (const hash of hashes) {
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success')
        throw new Error(`sandbox market transaction ${hash} reverted on chain ${chain.chainId}`);
    }
  };

  /** Mints (or wraps) `atomic` of an ERC-20 of the market to `to`; returns the hash without waiting for it. */
  const mintErc20 = async (target: SandboxToken, to: Address, atomic: bigint): Promise<Hash> => {
    if (target.kind === 'usdc') return chain.mintUsdc(to, atomic);
    if (target.kind === 'wrapped') {
      const balance = await publicClient.getBalance({ address: SANDBOX_MARKET_MAKER });
      await testClient.setBalance({ address: SANDBOX_MARKET_MAKER, value: balance + atomic });
      return write(target.address!, MARKET_ABI, 'depositTo', [to], atomic);
    }
    return write(target.address!, MARKET_ABI, 'mint', [to, atomic]);
  };

  const poolOf = (a: SandboxToken, b: SandboxToken): SandboxPool | undefined =>
    layout.pools.find((pool) => pool.tokens.includes(a.symbol) && pool.tokens.includes(b.symbol));

  /** Reserves of `target` and USDC in its USDC pool (atomic). */
  const usdcPoolReserves = async (target: SandboxToken) => {
    const usdc = bySymbol.get('usdc')!;
    const pool = poolOf(target, usdc);
    if (!pool) throw new Error(`${target.symbol} has no USDC pool on sandbox chain ${chain.chainId}`);
    const [[reserve0, reserve1], token0] = await Promise.all([
      publicClient.readContract({ address: pool.address, abi: MARKET_ABI, functionName: 'getReserves' }),
      publicClient.readContract({ address: pool.address, abi: MARKET_ABI, functionName: 'token0' }),
    ]);
    const usdcFirst = token0.toLowerCase() === usdc.address!.toLowerCase();
    return { pool, usdc, tokenReserve: usdcFirst ? reserve1 : reserve0, usdcReserve: usdcFirst ? reserve0 : reserve1 };
  };

  const priced = (target: SandboxToken): SandboxToken => (target.kind === 'native' ? layout.wrappedNative : target);

  await placeMarketCode(chain, testClient, layout);
  const seeded = await publicClient.readContract({ address: layout.router, abi: MARKET_ABI, functionName: 'WETH' });
  if (seeded === '0x0000000000000000000000000000000000000000') {
    await seedMarket(layout, write, mintErc20, confirm);
  }
  await seedLaunchpad(
    chain.chainId,
    { router: layout.router, wrapped: layout.wrappedNative.address! },
    {
      write,
      read: (address) => publicClient.readContract({ address, abi: LAUNCHPAD_SEED_ABI, functionName: 'router' }),
      topUpMaker: async (atomic) => {
        const balance = await publicClient.getBalance({ address: SANDBOX_MARKET_MAKER });
        await testClient.setBalance({ address: SANDBOX_MARKET_MAKER, value: balance + atomic });
      },
      confirm,
    },
  );
  const seaport = SANDBOX_SEAPORT_CHAIN_IDS.includes(chain.chainId) ? await deploySandboxSeaport(chain) : undefined;

  return {
    chain,
    tokens: layout.tokens,
    pools: layout.pools,
    nfts: layout.nfts,
    router: layout.router,
    wrappedNative: layout.wrappedNative,
    launchpad: sandboxLaunchpadOf(chain.chainId),
    seaport,
    token,
    async tokenPriceUsd(name) {
      const target = priced(requireToken(name));
      if (target.kind === 'usdc') return 1;
      const { tokenReserve, usdcReserve } = await usdcPoolReserves(target);
      return Number(formatUnits(usdcReserve, 6)) / Number(formatUnits(tokenReserve, target.decimals));
    },
    async setTokenPriceUsd(name, priceUsd) {
      if (!(priceUsd > 0) || !Number.isFinite(priceUsd))
        throw new Error(`price must be a positive number, got ${priceUsd}`);
      const target = priced(requireToken(name));
      if (target.kind === 'usdc') throw new Error('USDC is the quote currency of the sandbox market; its price is 1');
      const { pool, usdc, tokenReserve, usdcReserve } = await usdcPoolReserves(target);
      const price = parseUnits(priceUsd.toFixed(18), 18);
      // USDC the pool needs for `price` at the current token reserve (atomic): tokenReserve/10^d * price * 10^6.
      const wantedUsdc = (tokenReserve * price * 10n ** 6n) / (10n ** BigInt(target.decimals) * 10n ** 18n);
      const hashes: Hash[] = [];
      if (wantedUsdc > usdcReserve) {
        hashes.push(await mintErc20(usdc, pool.address, wantedUsdc - usdcReserve));
      } else {
        const wantedToken = (usdcReserve * 10n ** BigInt(target.decimals) * 10n ** 18n) / (price * 10n ** 6n);
        if (wantedToken > tokenReserve) hashes.push(await mintErc20(target, pool.address, wantedToken - tokenReserve));
      }
      hashes.push(await write(pool.address, MARKET_ABI, 'sync', []));
      await confirm(hashes);
    },
    async fund(to, target, atomic) {
      if (target.kind === 'native') {
        const balance = await publicClient.getBalance({ address: to });
        await chain.setNativeBalance(to, balance + atomic);
        return null;
      }
      const hash = await mintErc20(target, to, atomic);
      await confirm([hash]);
      return hash;
    },
    async mintNft(to, collection, count) {
      if (collection.standard === 'ERC1155') {
        const transaction = await write(collection.address, ERC1155_MINT_ABI, 'mint', [
          to,
          SANDBOX_ERC1155_ITEM_ID,
          count,
        ]);
        await confirm([transaction]);
        return { transaction, tokenIds: [SANDBOX_ERC1155_ITEM_ID] };
      }
      const transaction = await write(collection.address, ERC721_MINT_ABI, 'mint', [to, count]);
      await confirm([transaction]);
      const last = await publicClient.readContract({
        address: collection.address,
        abi: ERC721_MINT_ABI,
        functionName: 'lastTokenId',
      });
      // Mints are serialised through the maker queue, so this batch is the last `count` ids unless another mint raced
      // after it; the ids are read from the receipt-confirmed state, which is at least this batch.
      return { transaction, tokenIds: Array.from({ length: Number(count) }, (_, i) => last - count + 1n + BigInt(i)) };
    },
  };
}

type MarketLayout = ReturnType<typeof sandboxMarketLayout>;

async function placeMarketCode(
  chain: SandboxEvmChain,
  testClient: ReturnType<typeof createTestClient>,
  layout: MarketLayout,
): Promise<void> {
  const placements: [Address, Hex][] = [
    [layout.router, SANDBOX_V2_ROUTER_ARTIFACT.deployedBytecode],
    ...layout.pools.map((pool) => [pool.address, SANDBOX_V2_PAIR_ARTIFACT.deployedBytecode] as [Address, Hex]),
    ...layout.tokens.flatMap((token): [Address, Hex][] =>
      token.kind === 'erc20'
        ? [[token.address!, SANDBOX_ERC20_ARTIFACT.deployedBytecode]]
        : token.kind === 'wrapped'
          ? [[token.address!, SANDBOX_WRAPPED_NATIVE_ARTIFACT.deployedBytecode]]
          : [],
    ),
    [SANDBOX_ERC721_ADDRESS, SANDBOX_ERC721_ARTIFACT.deployedBytecode],
    [SANDBOX_ERC1155_ADDRESS, SANDBOX_ERC1155_ARTIFACT.deployedBytecode],
    ...launchpadPlacements(chain.chainId),
  ];
  await Promise.all(
    placements.map(async ([address, runtime]) => {
      const current = await chain.publicClient.getCode({ address });
      if (current?.toLowerCase() !== runtime.toLowerCase()) await testClient.setCode({ address, bytecode: runtime });
    }),
  );
}

type Write = (
  address: Address,
  abi: readonly unknown[],
  functionName: string,
  args: readonly unknown[],
  value?: bigint,
  gas?: bigint,
) => Promise<Hash>;

/** One-time seeding: token metadata, the router's wrapped coin, every pool's tokens and its liquidity at seed prices. */
async function seedMarket(
  layout: MarketLayout,
  write: Write,
  mintErc20: (token: SandboxToken, to: Address, atomic: bigint) => Promise<Hash>,
  confirm: (hashes: Hash[]) => Promise<void>,
): Promise<void> {
  const hashes: Hash[] = [];
  for (const token of layout.tokens) {
    if (token.kind === 'erc20')
      hashes.push(await write(token.address!, MARKET_ABI, 'initialize', [token.name, token.symbol, token.decimals]));
    if (token.kind === 'wrapped')
      hashes.push(await write(token.address!, WRAPPED_INIT_ABI, 'initialize', [token.name, token.symbol]));
  }
  hashes.push(await write(layout.router, ROUTER_INIT_ABI, 'initialize', [layout.wrappedNative.address]));
  const bySymbol = new Map(layout.tokens.map((t) => [t.symbol, t]));
  for (const pool of layout.pools) {
    const [a, b] = pool.tokens.map((symbol) => bySymbol.get(symbol)!) as [SandboxToken, SandboxToken];
    hashes.push(await write(pool.address, PAIR_INIT_ABI, 'initialize', [a.address, b.address]));
    hashes.push(await write(layout.router, MARKET_ABI, 'registerPair', [pool.address]));
    for (const side of [a, b]) hashes.push(await mintErc20(side, pool.address, usdWorth(side, SANDBOX_POOL_DEPTH_USD)));
    hashes.push(await write(pool.address, MARKET_ABI, 'sync', []));
  }
  await confirm(hashes);
}

/** Atomic units of `token` worth `usd` at its seed price. */
function usdWorth(token: SandboxToken, usd: number): bigint {
  return parseUnits((usd / token.seedPriceUsd).toFixed(token.decimals), token.decimals);
}
