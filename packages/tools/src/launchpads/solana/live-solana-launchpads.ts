import { PUMP_CURVE } from '@svc/chains';
import { notConfigured, ServiceError } from '@svc/contracts';
import {
  creatorVaultAddress,
  PUMP_FUN_API_SETTING,
  type PinataClient,
  type PumpFunApiClient,
  recordRead,
  type SolanaChain,
  type SvcLaunchpadSettings,
} from '@svc/providers';
import { address, generateKeyPairSigner } from '@solana/kit';
import { getMintSize, getTokenSize } from '@solana-program/token-2022';
import type { CurveToken, LaunchRequest, SolanaLaunchpads } from '../../ports/solana-launchpads.js';
import { sendAndConfirm } from '../../solana/send-transaction.js';
import { liveLaunchLab } from '../pad/live-launchlab.js';
import { liveMeteoraDbcLaunchpad } from '../svc-launchpad/live-meteora-dbc.js';
import { type LaunchpadsBesideSvc, withMeteoraDbc } from '../svc-launchpad/with-meteora-dbc.js';
import { pumpChainState, PUMP_SOURCE, programBuyQuote, programSellQuote } from './pump-live/pump-chain-state.js';
import { LIST_OF, pumpCoinToken } from './pump-live/pump-coin-listing.js';
import { publishCoinMetadata } from './pump-live/pump-metadata.js';
import {
  burnTransaction,
  buyTransaction,
  claimCreatorFeesTransaction,
  launchTransaction,
  sellTransaction,
} from './pump-live/pump-transactions.js';
import { accountOnlyProfile, ZERO_TRADE_STATISTICS } from './account-only-token.js';

const LAMPORTS_PER_SOL = 1e9;
/** Bytes the program's BondingCurve account holds with every IDL field. */
const BONDING_CURVE_BYTES = 115n;
/** A user_volume_accumulator (pump docs: 137 bytes of rent), made on a creator's first buy. */
const USER_ACCUMULATOR_BYTES = 137n;
/** Fees of a launch transaction: its two signatures (creator, mint). */
const LAUNCH_SIGNATURE_FEES = 10_000n;

/** What live mode cannot do: a 501 naming the piece that is missing (nothing was charged or sent). */
const notBuiltLive = (what: string) =>
  new ServiceError(
    'not_implemented',
    `${what} is not available in live mode: over SOLANA_RPC_URL pump.fun is built, Raydium LaunchLab's launches and listings, and the service launchpad's launches, burns and fee claims (Meteora DBC).`,
  );

/** The live services the launchpads read besides the chain (resolved on use, so a missing setting fails only its tool). */
export interface LiveLaunchpadServices {
  /** pump.fun's coin lists (getCurveTokens); undefined: 503 naming PUMP_FUN_API_URL. */
  readonly pumpFun?: () => PumpFunApiClient | undefined;
  /** Pins a launch's metadata JSON; throws 503 naming PINATA_JWT when unset. */
  readonly pinata?: () => PinataClient | undefined;
  /** The service launchpad's Meteora DBC settings (SVC_LAUNCHPAD_*); its tools answer 503 naming what is missing. */
  readonly svcLaunchpad?: SvcLaunchpadSettings;
}

/**
 * Live Solana launchpads over SOLANA_RPC_URL (503 naming it when unset): pump.fun's curves read from the program's
 * accounts and quoted as the program fills (pump-live/pump-chain-state.ts), its coin lists from pump.fun's API, and
 * launches (create_v2 with an optional developer buy), buys (buy_exact_quote_in_v2), sales (sell_v2), creator burns
 * (SPL BurnChecked) and creator-fee claims (collect_creator_fee_v2) built from its published IDL. The LaunchLab
 * launchpad ('pad') is delegated to live-launchlab.ts, and the service launchpad to Meteora DBC
 * (svc-launchpad/live-meteora-dbc.ts, configured by `services.svcLaunchpad`).
 */
export function liveSolanaLaunchpads(chain: SolanaChain, services: LiveLaunchpadServices = {}): SolanaLaunchpads {
  const state = pumpChainState(chain);
  const launchLab = liveLaunchLab(chain);
  const rpc = () => chain.rpc();
  const solPriceUsd = async () => (await chain.market().pricesUsd(['SOL'])).get('SOL')?.priceUsd ?? 0;
  const creatorFeesOf = async (creator: string) => {
    const vault = await creatorVaultAddress(address(creator));
    const { value } = await rpc().getBalance(vault).send();
    const rent = await rpc().getMinimumBalanceForRentExemption(0n).send();
    return value > rent ? value - rent : 0n;
  };
  const rentOf = (bytes: bigint) => rpc().getMinimumBalanceForRentExemption(bytes).send();

  const pumpFunAndLaunchLab: LaunchpadsBesideSvc = {
    source: PUMP_SOURCE,
    async tokens(launchpad, listing = 'newly_created') {
      if (launchpad === 'pad') return launchLab.tokens();
      if (launchpad !== 'pump') throw notBuiltLive("Listing the service launchpad's tokens");
      const api = services.pumpFun?.();
      if (!api) throw notConfigured(PUMP_FUN_API_SETTING.setting, PUMP_FUN_API_SETTING.provider);
      const [coins, solUsd] = await Promise.all([api.coins(LIST_OF[listing]), solPriceUsd()]);
      return coins.map((coin) => pumpCoinToken(coin, solUsd));
    },
    async token(mint) {
      const curve = await state.curveOf(mint);
      if (!curve) return launchLab.token(mint);
      const known = (await chain.market().tokensByMint([mint])).get(mint);
      const solUsd = await solPriceUsd();
      const priceSol = Number(curve.virtualSolReserves) / LAMPORTS_PER_SOL / (Number(curve.virtualTokenReserves) / 1e6);
      const priceUsd = priceSol * solUsd;
      const supply = Number(curve.tokenTotalSupply) / 1e6;
      const sold = Number(PUMP_CURVE.curveSupply - curve.realTokenReserves) / Number(PUMP_CURVE.curveSupply);
      const token: CurveToken = {
        launchpad: 'pump',
        mint,
        ...accountOnlyProfile(mint, known),
        creator: curve.creator,
        createdAt: 0,
        lastTradeAt: null,
        decimals: PUMP_CURVE.decimals,
        supply,
        graduated: curve.complete,
        graduatedAt: null,
        curvePercent: curve.complete ? 100 : Math.max(0, Math.min(100, sold * 100)),
        realSol: Number(curve.realSolReserves) / LAMPORTS_PER_SOL,
        targetSol: 85,
        priceSol,
        priceUsd,
        marketCapUsd: priceUsd * supply,
        liquidityUsd: (2 * Number(curve.realSolReserves) * solUsd) / LAMPORTS_PER_SOL,
        ...ZERO_TRADE_STATISTICS,
        feeSharing: null,
      };
      return token;
    },
    /**
     * The rent a launch leaves in new accounts: the bonding curve, the Token-2022 mint with its metadata at the
     * longest name, symbol and URI create_v2 takes, the curve's and the creator's token accounts, and the creator's
     * volume accumulator (made by the developer buy), plus the two signatures.
     */
    async launchCostLamports(launchpad) {
      if (launchpad === 'pad') return launchLab.launchCostLamports();
      const mint = BigInt(
        getMintSize([
          { __kind: 'MetadataPointer', authority: null, metadataAddress: null },
          {
            __kind: 'TokenMetadata',
            updateAuthority: null,
            mint: address('11111111111111111111111111111111'),
            name: 'n'.repeat(32),
            symbol: 's'.repeat(13),
            uri: 'u'.repeat(200),
            additionalMetadata: new Map(),
          },
        ]),
      );
      const tokenAccount = BigInt(getTokenSize([{ __kind: 'ImmutableOwner' }]));
      const rents = await Promise.all([
        rentOf(BONDING_CURVE_BYTES),
        rentOf(mint),
        rentOf(tokenAccount),
        rentOf(tokenAccount),
        rentOf(USER_ACCUMULATOR_BYTES),
      ]);
      return rents.reduce((sum, rent) => sum + rent, LAUNCH_SIGNATURE_FEES);
    },
    quoteBuy: async (mint, lamports) => programBuyQuote(await state.onCurve(mint), lamports),
    quoteSell: async (mint, tokens) => programSellQuote(await state.onCurve(mint), tokens),
    async launchTransaction(request: LaunchRequest) {
      if (request.launchpad === 'pad') return launchLab.launchTransaction(request);
      if (request.launchpad !== 'pump') throw notBuiltLive('Launching on this launchpad');
      if (request.sponsored) throw notBuiltLive('A sponsored launch');
      // An ipfs.io gateway URI of a CID: well within create_v2's 200 characters.
      const uri = await publishCoinMetadata(services.pinata?.(), request.metadata);
      return launchTransaction(
        state,
        {
          creator: request.creator,
          name: request.metadata.name,
          symbol: request.metadata.symbol,
          uri,
          devBuyLamports: request.devBuyLamports,
          minDevTokens: request.minDevTokens,
        },
        await generateKeyPairSigner(),
      );
    },
    buyTransaction: (mint, buyer, lamports, minTokens) => buyTransaction(state, mint, buyer, lamports, minTokens),
    sellTransaction: (mint, seller, tokens, minLamports) => sellTransaction(state, mint, seller, tokens, minLamports),
    burnTransaction: (mint, owner, tokens) => burnTransaction(state, mint, owner, tokens),
    creatorFeesOf,
    async claimCreatorFeesTransaction(creator) {
      const lamports = await creatorFeesOf(creator);
      return { transaction: await claimCreatorFeesTransaction(state, creator, lamports), lamports };
    },
    async send(transaction) {
      recordRead(PUMP_SOURCE);
      return sendAndConfirm(rpc(), transaction);
    },
  };
  return withMeteoraDbc(
    pumpFunAndLaunchLab,
    liveMeteoraDbcLaunchpad(chain, services.svcLaunchpad ?? { sponsoredLaunchesPerCreator: 0 }),
  );
}
