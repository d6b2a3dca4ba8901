import { PUMP_CURVE, quoteCurveBuy, quoteCurveSell, type CurveParams, type CurveReserves } from '@svc/chains';
import { ServiceError } from '@svc/contracts';
import {
  bondingCurveAddress,
  collectCreatorFeeV2Instruction,
  creatorVaultAddress,
  decodeBondingCurve,
  decodeGlobalFees,
  type PumpBondingCurve,
  pumpGlobalAddress,
  recordRead,
  type SolanaChain,
} from '@svc/providers';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  createNoopSigner,
  createTransactionMessage,
  getBase64Encoder,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import type { CurveToken, SolanaLaunchpads } from '../../ports/solana-launchpads.js';
import { sendAndConfirm } from '../../solana/send-transaction.js';
import { liveLaunchLab } from '../pad/live-launchlab.js';

const SOURCE = 'pump.fun program (Solana RPC)';
const LAMPORTS_PER_SOL = 1e9;

/** What live mode cannot do yet: a 501 naming the piece that is missing (nothing was charged or sent). */
const notBuiltLive = (what: string) =>
  new ServiceError(
    'not_implemented',
    `${what} is not available in live mode yet: only the pump.fun curve reads, quotes and creator-fee claims, and Raydium LaunchLab launches and listings, are built over SOLANA_RPC_URL.`,
  );

/**
 * Live Solana launchpads over SOLANA_RPC_URL (503 naming it when unset): pump.fun's curves read from the program's
 * accounts (pump-program.ts, from its published IDL), quotes computed with the curve's own reserves and the Global
 * account's fee basis points, and creator-fee claims (collect_creator_fee_v2). The LaunchLab launchpad ('pad') is
 * delegated to live-launchlab.ts. Other discovery lists, launches, trades, burns and the other launchpads answer 501
 * until their clients are built.
 */
export function liveSolanaLaunchpads(chain: SolanaChain): SolanaLaunchpads {
  const rpc = () => chain.rpc();
  const launchLab = liveLaunchLab(chain);
  const accountData = async (account: Address): Promise<Uint8Array | undefined> => {
    recordRead(SOURCE);
    const { value } = await rpc().getAccountInfo(account, { encoding: 'base64' }).send();
    return value ? new Uint8Array(getBase64Encoder().encode(value.data[0])) : undefined;
  };
  const curveOf = async (mint: string): Promise<PumpBondingCurve | undefined> => {
    const data = await accountData(await bondingCurveAddress(address(mint)));
    return data && decodeBondingCurve(data);
  };
  const feesOf = async () => {
    const data = await accountData(await pumpGlobalAddress());
    if (!data) throw new ServiceError('upstream_error', 'The pump.fun Global account was not found on this cluster.');
    return decodeGlobalFees(data);
  };
  /** The curve as curve-math sees it: its virtual reserves as the launch constants over its real reserves. */
  const curveMath = async (curve: PumpBondingCurve): Promise<{ params: CurveParams; reserves: CurveReserves }> => {
    const fees = await feesOf();
    return {
      params: {
        ...PUMP_CURVE,
        curveSupply: curve.realTokenReserves,
        virtualToken0: curve.virtualTokenReserves,
        virtualSol0: curve.virtualSolReserves - curve.realSolReserves,
        protocolFeeBps: fees.feeBasisPoints,
        creatorFeeBps: fees.creatorFeeBasisPoints,
      },
      reserves: { realSol: curve.realSolReserves, realToken: curve.realTokenReserves },
    };
  };
  const onCurve = async (mint: string) => {
    const curve = await curveOf(mint);
    if (!curve) throw new ServiceError('not_found', `${mint} has no pump.fun bonding curve.`);
    if (curve.complete)
      throw new ServiceError(
        'state_conflict',
        `${mint} graduated from its pump.fun curve: curveTradeQuote answers venue 'jupiter'; buy it with splBuyIntent.`,
      );
    return curveMath(curve);
  };
  const solPriceUsd = async () => (await chain.market().pricesUsd(['SOL'])).get('SOL')?.priceUsd ?? 0;
  const creatorFeesOf = async (creator: string) => {
    const vault = await creatorVaultAddress(address(creator));
    const { value } = await rpc().getBalance(vault).send();
    const rent = await rpc().getMinimumBalanceForRentExemption(0n).send();
    return value > rent ? value - rent : 0n;
  };

  return {
    source: SOURCE,
    tokens: async (launchpad) => {
      if (launchpad === 'pad') return launchLab.tokens();
      throw notBuiltLive('Listing launchpad tokens (it needs an indexer of the programs)');
    },
    async token(mint) {
      const curve = await curveOf(mint);
      if (!curve) return launchLab.token(mint);
      const known = (await chain.market().tokensByMint([mint])).get(mint);
      const priceSol = Number(curve.virtualSolReserves) / LAMPORTS_PER_SOL / (Number(curve.virtualTokenReserves) / 1e6);
      const priceUsd = priceSol * (await solPriceUsd());
      const supply = Number(curve.tokenTotalSupply) / 1e6;
      const sold = Number(PUMP_CURVE.curveSupply - curve.realTokenReserves) / Number(PUMP_CURVE.curveSupply);
      const token: CurveToken = {
        launchpad: 'pump',
        mint,
        name: known?.name ?? mint,
        symbol: known?.symbol ?? mint.slice(0, 6),
        description: null,
        imageUri: null,
        website: null,
        twitter: null,
        telegram: null,
        creator: curve.creator,
        createdAt: 0,
        lastTradeAt: 0,
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
        liquidityUsd: (2 * Number(curve.realSolReserves) * (await solPriceUsd())) / LAMPORTS_PER_SOL,
        // Trade statistics are not on chain (they need an indexer): reported as zero live.
        volumeUsd: 0,
        devHoldPercent: 0,
        insiderHoldPercent: 0,
        holderCount: 0,
        buyCount: 0,
        sellCount: 0,
        sniperWalletCount: 0,
        feeSharing: null,
      };
      return token;
    },
    launchCostLamports: async (launchpad) => {
      if (launchpad === 'pad') return launchLab.launchCostLamports();
      throw notBuiltLive('Launching a token');
    },
    sponsorQuotaLeft: async () => 0,
    async quoteBuy(mint, lamports) {
      const { params, reserves } = await onCurve(mint);
      return quoteCurveBuy(params, reserves, lamports);
    },
    async quoteSell(mint, tokens) {
      const { params, reserves } = await onCurve(mint);
      const quote = quoteCurveSell(params, reserves, tokens);
      if (!quote) throw new ServiceError('state_conflict', "The curve's SOL cannot pay for that many tokens.");
      return quote;
    },
    launchTransaction: async (request) => {
      if (request.launchpad === 'pad') return launchLab.launchTransaction(request);
      throw notBuiltLive('Launching a token');
    },
    buyTransaction: async () => {
      throw notBuiltLive('Buying on a bonding curve');
    },
    sellTransaction: async () => {
      throw notBuiltLive('Selling on a bonding curve');
    },
    burnTransaction: async () => {
      throw notBuiltLive('Burning launchpad tokens');
    },
    creatorFeesOf,
    async claimCreatorFeesTransaction(creator) {
      const lamports = await creatorFeesOf(creator);
      if (lamports <= 0n)
        throw new ServiceError('state_conflict', 'No pump.fun creator fees are available to claim. Nothing was sent.');
      const { value: blockhash } = await rpc().getLatestBlockhash().send();
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(createNoopSigner(address(creator)), m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        async (m) => appendTransactionMessageInstructions([await collectCreatorFeeV2Instruction(address(creator))], m),
      );
      return { transaction: await partiallySignTransactionMessageWithSigners(await message), lamports };
    },
    claimSharedFeesTransaction: async () => {
      throw notBuiltLive("Claiming the service launchpad's shared fees");
    },
    send: (transaction) => sendAndConfirm(rpc(), transaction),
  };
}
