import { invalidField, ServiceError } from '@svc/contracts';
import {
  decodeLaunchLabConfig,
  decodeLaunchLabPool,
  initializeV2Instruction,
  LAUNCH_ACCOUNT_SIZES,
  LAUNCHLAB_PROGRAM_ADDRESS,
  launchLabConfigAddress,
  launchLabCurveOf,
  type LaunchLabPool,
  launchLabPoolAddress,
  POOL_ACCOUNT_SIZE,
  POOL_OFFSETS,
  POOL_PREFIX_LENGTH,
  POOL_STATUS,
  RAYDIUM_LAUNCHLAB_PLATFORM,
  recordRead,
  type SolanaChain,
} from '@svc/providers';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Base58EncodedBytes,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase58Decoder,
  getBase64Encoder,
  type Instruction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import type { CurveToken, LaunchRequest } from '../../ports/solana-launchpads.js';
import { accountOnlyProfile, ZERO_TRADE_STATISTICS } from '../solana/account-only-token.js';

const SOURCE = 'Raydium LaunchLab program (Solana RPC)';
const LAMPORTS_PER_SOL = 1e9;
/** Raydium's own platform and Bonk.fun's three (launch-mint-v1 `PlatformWhiteList`; providers.md A.10). */
const WHITELISTED_PLATFORMS = [
  RAYDIUM_LAUNCHLAB_PLATFORM,
  address('FfYek5vEz23cMkWsdJwG2oa6EphsvXSHrGpdALN4g6W1'),
  address('BuM6KDpWiTcxvrpXywWFiw45R2RNH8WURdvqoTDV1BW4'),
  address('82NMHVCKwehXgbXMyzL41mvv3sdkypaMCtTxvJ4CtTzm'),
];
/** Discovery answers the largest curves by market cap, at most this many (the tool's largest page). */
const LISTED_CURVES = 100;
/** A Metaplex metadata URI holds at most 200 bytes. */
const MAX_URI_BYTES = 200;
/** initialize_v2 creates five accounts and CPIs into the metadata program: more than the default 200k units. */
const LAUNCH_COMPUTE_UNITS = 400_000;
const COMPUTE_BUDGET_PROGRAM = address('ComputeBudget111111111111111111111111111111');
const DEFAULT_CURVE = { solRaised: 85, bondingCurve: 80, poolMigration: 20, tokenSupply: '1000000000' };

/** SetComputeUnitLimit (ComputeBudget instruction 2, u32 little-endian units). */
function computeUnitLimit(units: number): Instruction {
  const data = new Uint8Array(5);
  data[0] = 2;
  new DataView(data.buffer).setUint32(1, units, true);
  return { programAddress: COMPUTE_BUDGET_PROGRAM, data };
}

/**
 * Raydium LaunchLab over SOLANA_RPC_URL: launches initialize a SOL-quoted constant-product pool (initialize_v2,
 * launchlab-program.ts in @svc/providers) signed by the new mint here and by the vault afterwards; discovery reads
 * the PoolState accounts of the whitelisted platforms (getProgramAccounts, filtered by size, status and platform,
 * only the bytes through `creator`). Pool accounts carry no creation or trade times and no trade statistics.
 */
export function liveLaunchLab(chain: SolanaChain) {
  const rpc = () => chain.rpc();
  const solPriceUsd = async () => (await chain.market().pricesUsd(['SOL'])).get('SOL')?.priceUsd ?? 0;

  const tokenOf = (pool: LaunchLabPool, solUsd: number, known?: { name: string; symbol: string }): CurveToken => {
    const scale = 10 ** (pool.decimalsA - pool.decimalsB);
    const priceSol = (Number(pool.virtualB + pool.realB) / Number(pool.virtualA - pool.realA)) * scale;
    const supply = Number(pool.supply) / 10 ** pool.decimalsA;
    const priceUsd = priceSol * solUsd;
    const graduated = pool.status !== POOL_STATUS.trading;
    return {
      launchpad: 'pad',
      mint: pool.mintA,
      ...accountOnlyProfile(pool.mintA, known),
      creator: pool.creator,
      createdAt: 0,
      lastTradeAt: 0,
      decimals: pool.decimalsA,
      supply,
      graduated,
      graduatedAt: null,
      curvePercent: graduated ? 100 : Math.min(100, (Number(pool.realA) / Number(pool.totalSellA)) * 100),
      realSol: graduated ? 0 : Number(pool.realB) / LAMPORTS_PER_SOL,
      targetSol: Number(pool.totalFundRaisingB) / LAMPORTS_PER_SOL,
      priceSol,
      priceUsd,
      marketCapUsd: priceUsd * supply,
      liquidityUsd: graduated ? 0 : (2 * Number(pool.realB) * solUsd) / LAMPORTS_PER_SOL,
      ...ZERO_TRADE_STATISTICS,
      feeSharing: null,
    };
  };

  const namesOf = async (mints: string[]) => chain.market().tokensByMint(mints);

  const poolsOf = async (platform: Address): Promise<LaunchLabPool[]> => {
    recordRead(SOURCE);
    const accounts = await rpc()
      .getProgramAccounts(LAUNCHLAB_PROGRAM_ADDRESS, {
        encoding: 'base64',
        dataSlice: { offset: 0, length: POOL_PREFIX_LENGTH },
        filters: [
          { dataSize: BigInt(POOL_ACCOUNT_SIZE) },
          {
            memcmp: {
              offset: BigInt(POOL_OFFSETS.status),
              bytes: getBase58Decoder().decode(new Uint8Array([POOL_STATUS.trading])) as Base58EncodedBytes,
              encoding: 'base58',
            },
          },
          {
            memcmp: {
              offset: BigInt(POOL_OFFSETS.platformId),
              bytes: platform as string as Base58EncodedBytes,
              encoding: 'base58',
            },
          },
        ],
      })
      .send();
    return accounts.map(({ account }) =>
      decodeLaunchLabPool(new Uint8Array(getBase64Encoder().encode(account.data[0]))),
    );
  };

  return {
    source: SOURCE,
    /** The whitelisted platforms' curves still trading, the largest LISTED_CURVES by market cap. */
    async tokens(): Promise<CurveToken[]> {
      const pools = (await Promise.all(WHITELISTED_PLATFORMS.map(poolsOf))).flat();
      const solUsd = await solPriceUsd();
      const largest = pools
        .map((pool) => tokenOf(pool, solUsd))
        .sort((a, b) => b.marketCapUsd - a.marketCapUsd)
        .slice(0, LISTED_CURVES);
      const known = await namesOf(largest.map((token) => token.mint));
      return largest.map((token) => ({
        ...token,
        name: known.get(token.mint)?.name ?? token.name,
        symbol: known.get(token.mint)?.symbol ?? token.symbol,
      }));
    },

    /** The LaunchLab token of `mint` (its SOL pool), undefined when LaunchLab has none. */
    async token(mint: string): Promise<CurveToken | undefined> {
      recordRead(SOURCE);
      const pool = await launchLabPoolAddress(address(mint));
      const { value } = await rpc().getAccountInfo(pool, { encoding: 'base64' }).send();
      if (!value) return undefined;
      const decoded = decodeLaunchLabPool(new Uint8Array(getBase64Encoder().encode(value.data[0])));
      const known = (await namesOf([mint])).get(mint);
      return tokenOf(decoded, await solPriceUsd(), known);
    },

    /** Rent of the pool, mint, two vaults and metadata account a launch creates. */
    async launchCostLamports(): Promise<bigint> {
      const rents = await Promise.all(
        LAUNCH_ACCOUNT_SIZES.map((size) => rpc().getMinimumBalanceForRentExemption(BigInt(size)).send()),
      );
      return rents.reduce((sum, rent) => sum + rent, 0n);
    },

    /**
     * initialize_v2 with the request's curve, signed by the new mint; the vault (creator, fee payer) signs after.
     * Refusals (the GlobalConfig's limits, a missing metadata URI) come before anything is signed.
     */
    async launchTransaction(request: LaunchRequest) {
      if (request.devBuyLamports > 0n)
        throw new ServiceError('not_implemented', 'A LaunchLab launch with a developer buy is not built live.');
      const uri = request.metadata.imageUri ?? '';
      if (uri === '')
        throw invalidField('fileUrl', 'required', 'a live LaunchLab launch points its token metadata at fileUrl');
      if (Buffer.byteLength(uri, 'utf8') > MAX_URI_BYTES)
        throw invalidField('fileUrl', 'too_big', `a token metadata URI holds at most ${MAX_URI_BYTES} bytes`);
      recordRead(SOURCE);
      const { value: config } = await rpc()
        .getAccountInfo(await launchLabConfigAddress(), { encoding: 'base64' })
        .send();
      if (!config)
        throw new ServiceError(
          'upstream_error',
          "LaunchLab's SOL constant-product config was not found on this cluster.",
        );
      const curve = launchLabCurveOf(
        request.padCurve ?? DEFAULT_CURVE,
        decodeLaunchLabConfig(new Uint8Array(getBase64Encoder().encode(config.data[0]))),
      );
      const mint = await generateKeyPairSigner();
      const creator = createNoopSigner(address(request.creator));
      const launch = await initializeV2Instruction({
        payer: creator,
        creator: creator.address,
        mintA: mint,
        name: request.metadata.name,
        symbol: request.metadata.symbol,
        uri,
        curve,
      });
      const { value: blockhash } = await rpc().getLatestBlockhash().send();
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(creator, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstructions([computeUnitLimit(LAUNCH_COMPUTE_UNITS), launch], m),
      );
      return { transaction: await partiallySignTransactionMessageWithSigners(message), mint: mint.address as string };
    },
  };
}
