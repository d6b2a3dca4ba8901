import { ServiceError } from '@svc/contracts';
import {
  initializeV2Instruction,
  LAUNCHLAB_PROGRAM_ADDRESS,
  launchLabConfigAddress,
  launchLabCurveOf,
  type LaunchLabConfig,
  type LaunchLabPool,
  launchLabPoolAddress,
  liveSolanaChain,
  RAYDIUM_LAUNCHLAB_PLATFORM,
  type SolanaChain,
} from '@svc/providers';
import { encodeLaunchLabConfig, encodeLaunchLabPool } from '@svc/providers/testing';
import {
  address,
  type Address,
  createNoopSigner,
  generateKeyPairSigner,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../handler.js';
import { liveSolanaLaunchpads } from '../solana/live-solana-launchpads.js';
import { discoverPadTokens } from './discover-pad-tokens.js';

const RENT = 1_000_000n;
const WSOL = address('So11111111111111111111111111111111111111112');
const BONK_PLATFORM = address('FfYek5vEz23cMkWsdJwG2oa6EphsvXSHrGpdALN4g6W1');
/** The mainnet SOL constant-product config (packages/providers raydium-launchlab/fixtures/global-config.json). */
const CONFIG: LaunchLabConfig = {
  curveType: 0,
  migrateFee: 0n,
  tradeFeeRate: 2500n,
  minSupplyA: 10_000_000n,
  maxLockRate: 300_000n,
  minSellRateA: 200_000n,
  minMigrateRateA: 200_000n,
  minFundRaisingB: 30_000_000_000n,
  mintB: WSOL,
};

interface ProgramAccountsCall {
  readonly program: Address;
  readonly config: {
    dataSlice: { offset: number; length: number };
    filters: ({ dataSize: bigint } | { memcmp: { offset: bigint; bytes: string } })[];
  };
}

/** A Solana chain whose RPC answers from `accounts` and from `pools` per platform (getProgramAccounts); SOL at $150. */
function chainWith(accounts: Map<Address, Uint8Array>, pools: LaunchLabPool[] = [], calls: ProgramAccountsCall[] = []) {
  const answer = <T>(value: T) => ({ send: async () => value });
  const base64 = (data: Uint8Array) => [getBase64Decoder().decode(data), 'base64'];
  const rpc = {
    getAccountInfo: (account: Address) => {
      const data = accounts.get(account);
      return answer({ value: data ? { data: base64(data) } : null });
    },
    getProgramAccounts: (program: Address, config: ProgramAccountsCall['config']) => {
      calls.push({ program, config });
      const platform = config.filters.flatMap((filter) =>
        'memcmp' in filter && filter.memcmp.offset === 173n ? [filter.memcmp.bytes] : [],
      )[0];
      const matching = pools.filter((pool) => pool.platformId === platform && pool.status === 0);
      return answer(
        matching.map((pool) => ({
          pubkey: pool.mintA,
          account: { data: base64(encodeLaunchLabPool(pool).subarray(0, config.dataSlice.length)) },
        })),
      );
    },
    getMinimumBalanceForRentExemption: () => answer(RENT),
    getLatestBlockhash: () =>
      answer({ value: { blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM', lastValidBlockHeight: 1n } }),
  };
  return {
    network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    landsOnSend: false,
    rpc: () => rpc as unknown as ReturnType<SolanaChain['rpc']>,
    market: () =>
      ({
        pricesUsd: async () => new Map([['SOL', { priceUsd: 150, confidence: 'high' }]]),
        tokensByMint: async (mints: string[]) =>
          new Map(mints.map((mint, index) => [mint, { mint, name: `Coin ${index}`, symbol: `C${index}` }])),
      }) as unknown as ReturnType<SolanaChain['market']>,
  } satisfies SolanaChain;
}

async function poolOf(fields: Partial<LaunchLabPool>): Promise<LaunchLabPool> {
  return {
    status: 0,
    decimalsA: 6,
    decimalsB: 9,
    migrateType: 'cpmm',
    supply: 1_000_000_000_000_000n,
    totalSellA: 793_100_000_000_000n,
    virtualA: 1_073_471_847_374_405n,
    virtualB: 30_050_573_465n,
    realA: 0n,
    realB: 0n,
    totalFundRaisingB: 85_000_000_000n,
    totalLockedAmount: 0n,
    configId: await launchLabConfigAddress(),
    platformId: RAYDIUM_LAUNCHLAB_PLATFORM,
    mintA: (await generateKeyPairSigner()).address,
    mintB: WSOL,
    creator: (await generateKeyPairSigner()).address,
    ...fields,
  };
}

const launchRequest = (
  creator: Address,
  padCurve = { solRaised: 85, bondingCurve: 80, poolMigration: 20, tokenSupply: '1000000000' },
  imageUri: string | null = 'https://example.org/coin.json',
) => ({
  launchpad: 'pad' as const,
  creator,
  metadata: { name: 'Pad Coin', symbol: 'PAD', imageUri },
  devBuyLamports: 0n,
  padCurve,
});

const mintsOf = (answer: unknown) => (answer as { rows: { mint: string }[] }).rows.map((row) => row.mint);

const refusalOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof ServiceError ? `${error.status} ${error.message}` : String(error)),
  );

describe('live Raydium LaunchLab (program accounts over SOLANA_RPC_URL)', () => {
  it("lists the whitelisted platforms' trading curves from their pool accounts, largest market cap first", async () => {
    const small = await poolOf({ realA: 10_000_000_000_000n, realB: 300_000_000n });
    const large = await poolOf({ platformId: BONK_PLATFORM, realA: 400_000_000_000_000n, realB: 30_000_000_000n });
    const migrated = await poolOf({ status: 2 });
    const calls: ProgramAccountsCall[] = [];
    const launchpads = liveSolanaLaunchpads(chainWith(new Map(), [small, large, migrated], calls));

    const tokens = await launchpads.tokens('pad');
    expect(tokens.map((token) => token.mint)).toEqual([large.mintA, small.mintA]);
    // The curve's price is the SDK's getPoolPrice: (virtualB + realB) / (virtualA - realA), scaled by the decimals.
    const priceSol = (Number(large.virtualB + large.realB) / Number(large.virtualA - large.realA)) * 1e-3;
    expect(tokens[0]).toMatchObject({
      launchpad: 'pad',
      creator: large.creator,
      name: 'Coin 0',
      graduated: false,
      realSol: 30,
      targetSol: 85,
      supply: 1e9,
      curvePercent: (400 / 793.1) * 100,
    });
    expect(tokens[0]!.priceSol).toBeCloseTo(priceSol, 15);
    expect(tokens[0]!.marketCapUsd).toBeCloseTo(priceSol * 150 * 1e9, 6);

    expect(calls).toHaveLength(4);
    for (const call of calls) {
      expect(call.program).toBe(LAUNCHLAB_PROGRAM_ADDRESS);
      expect(call.config.dataSlice).toEqual({ offset: 0, length: 365 });
      expect(call.config.filters.slice(0, 2)).toEqual([
        { dataSize: 429n },
        { memcmp: { offset: 17n, bytes: '1', encoding: 'base58' } },
      ]);
    }
  });

  it('discoverPadTokens pages the live list by market cap; time orders are 501 (pool accounts hold no times)', async () => {
    const pools = await Promise.all([1n, 2n, 3n].map((n) => poolOf({ realA: n * 10n ** 14n, realB: n * 10n ** 10n })));
    const context = {
      solanaLaunchpads: liveSolanaLaunchpads(chainWith(new Map(), pools)),
    } as unknown as HandlerContext;
    const query = { size: 2, mintType: 'default', includeNsfw: true, platformId: 'PlatformWhiteList' } as const;
    const first = await discoverPadTokens({ ...query, sort: 'marketCap' }, context);
    expect(mintsOf(first)).toEqual([pools[2]!.mintA, pools[1]!.mintA]);
    expect(first.nextPageId).toBe('2');
    const second = await discoverPadTokens({ ...query, sort: 'marketCap', nextPageId: '2' }, context);
    expect(mintsOf(second)).toEqual([pools[0]!.mintA]);
    await expect(discoverPadTokens({ ...query, sort: 'new' }, context)).rejects.toMatchObject({
      code: 'not_implemented',
      message: expect.stringContaining('sort by marketCap'),
    });
  });

  it("reads one token from its pool's PDA; a mint LaunchLab does not know is undefined", async () => {
    const pool = await poolOf({ realA: 793_100_000_000_000n, realB: 85_000_000_000n, status: 1 });
    const accounts = new Map([[await launchLabPoolAddress(pool.mintA), encodeLaunchLabPool(pool)]]);
    const launchpads = liveSolanaLaunchpads(chainWith(accounts));
    expect(await launchpads.token(pool.mintA)).toMatchObject({ launchpad: 'pad', graduated: true, curvePercent: 100 });
    expect(await launchpads.token((await generateKeyPairSigner()).address)).toBeUndefined();
  });

  it('builds initialize_v2 with the requested curve, signed by the new mint, paid by the vault', async () => {
    const creator = (await generateKeyPairSigner()).address;
    const accounts = new Map([[await launchLabConfigAddress(), encodeLaunchLabConfig(CONFIG)]]);
    const launchpads = liveSolanaLaunchpads(chainWith(accounts));
    expect(await launchpads.launchCostLamports('pad')).toBe(5n * RENT);

    const curve = { solRaised: 100, bondingCurve: 70, poolMigration: 25, tokenSupply: '1000000000' };
    const { transaction, mint } = await launchpads.launchTransaction(launchRequest(creator, curve));
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    if (!('instructions' in message)) throw new Error('expected a v0 message');
    expect(message.staticAccounts[0]).toBe(creator);
    expect(transaction.signatures[creator]).toBeNull();
    expect(transaction.signatures[address(mint)]).toBeInstanceOf(Uint8Array);

    const [budget, launch] = message.instructions;
    expect(message.staticAccounts[budget!.programAddressIndex]).toBe('ComputeBudget111111111111111111111111111111');
    expect(message.staticAccounts[launch!.programAddressIndex]).toBe(LAUNCHLAB_PROGRAM_ADDRESS);
    const expected = await initializeV2Instruction({
      payer: createNoopSigner(creator),
      creator,
      mintA: createNoopSigner(address(mint)),
      name: 'Pad Coin',
      symbol: 'PAD',
      uri: 'https://example.org/coin.json',
      curve: launchLabCurveOf(curve, CONFIG),
    });
    expect([...launch!.data!]).toEqual([...expected.data!]);
    expect(launch!.accountIndices!.map((index: number) => message.staticAccounts[index])).toEqual(
      expected.accounts!.map((account) => account.address),
    );
  });

  it('refuses before signing what the program would refuse, naming the field', async () => {
    const creator = (await generateKeyPairSigner()).address;
    const withConfig = liveSolanaLaunchpads(
      chainWith(new Map([[await launchLabConfigAddress(), encodeLaunchLabConfig(CONFIG)]])),
    );
    expect(await refusalOf(withConfig.launchTransaction(launchRequest(creator, undefined, null)))).toMatch(
      /^400 .*fileUrl/,
    );
    const tooMuch = { solRaised: 85, bondingCurve: 80, poolMigration: 30, tokenSupply: '1000000000' };
    expect(await refusalOf(withConfig.launchTransaction(launchRequest(creator, tooMuch)))).toMatch(
      /^400 .*poolMigration/,
    );
    const noConfig = liveSolanaLaunchpads(chainWith(new Map()));
    expect(await refusalOf(noConfig.launchTransaction(launchRequest(creator)))).toMatch(/^502 .*config/);
  });

  it('answers 503 naming SOLANA_RPC_URL without it', async () => {
    const unconfigured = liveSolanaLaunchpads(liveSolanaChain({}));
    await expect(unconfigured.tokens('pad')).rejects.toMatchObject({
      code: 'not_configured',
      message: expect.stringContaining('SOLANA_RPC_URL'),
    });
  });
});
