import {
  type CurveParams,
  type CurveReserves,
  PUMP_CURVE,
  quoteCurveBuy,
  quoteCurveSell,
  virtualReserves,
} from '@svc/chains';
import { invalidField, ServiceError } from '@svc/contracts';
import {
  bondingCurveAddress,
  curveMarketCapLamports,
  decodeBondingCurve,
  decodeFeeTiers,
  decodeGlobal,
  feeConfigAddress,
  feeTierAt,
  type PumpBondingCurve,
  type PumpGlobal,
  pumpGlobalAddress,
  recordRead,
  type SolanaChain,
} from '@svc/providers';
import { type Address, address, getBase64Encoder } from '@solana/kit';
import type { CurveBuyQuote, CurveSellQuote } from '../../../ports/solana-launchpads.js';

export const PUMP_SOURCE = 'pump.fun program (Solana RPC)';
const BPS = 10_000n;
const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;

/** A SOL-paired curve still trading, as curve math sees it: the launch constants its reserves imply, and the fees. */
export interface LiveCurve {
  readonly curve: PumpBondingCurve;
  readonly params: CurveParams;
  readonly reserves: CurveReserves;
}

/**
 * pump.fun's on-chain state over SOLANA_RPC_URL: curves, the Global account and the fee program's market-cap tiers,
 * and quotes computed the way the program fills (buy_exact_sol_in's published formulas, IDL docs).
 */
export function pumpChainState(chain: SolanaChain) {
  const rpc = () => chain.rpc();
  const accountData = async (account: Address): Promise<Uint8Array | undefined> => {
    recordRead(PUMP_SOURCE);
    const { value } = await rpc().getAccountInfo(account, { encoding: 'base64' }).send();
    return value ? new Uint8Array(getBase64Encoder().encode(value.data[0])) : undefined;
  };
  const curveOf = async (mint: string): Promise<PumpBondingCurve | undefined> => {
    const data = await accountData(await bondingCurveAddress(address(mint)));
    return data && decodeBondingCurve(data);
  };
  const globalOf = async (): Promise<PumpGlobal> => {
    const data = await accountData(await pumpGlobalAddress());
    if (!data) throw new ServiceError('upstream_error', 'The pump.fun Global account was not found on this cluster.');
    return decodeGlobal(data);
  };
  /** The protocol and creator fees at the curve's market cap: the fee program's tier, else Global's defaults. */
  const feesFor = async (
    curve: Pick<PumpBondingCurve, 'virtualSolReserves' | 'virtualTokenReserves' | 'tokenTotalSupply'>,
    global: PumpGlobal,
  ) => {
    const data = await accountData(await feeConfigAddress());
    const tier = data && feeTierAt(decodeFeeTiers(data), curveMarketCapLamports(curve));
    return tier
      ? { protocolFeeBps: tier.protocolFeeBps, creatorFeeBps: tier.creatorFeeBps }
      : { protocolFeeBps: global.feeBasisPoints, creatorFeeBps: global.creatorFeeBasisPoints };
  };
  /** The curve as curve math sees it: its virtual reserves as the launch constants over its real reserves. */
  const mathOf = async (curve: PumpBondingCurve, global: PumpGlobal): Promise<LiveCurve> => ({
    curve,
    params: {
      ...PUMP_CURVE,
      curveSupply: curve.realTokenReserves,
      virtualToken0: curve.virtualTokenReserves,
      virtualSol0: curve.virtualSolReserves - curve.realSolReserves,
      ...(await feesFor(curve, global)),
    },
    reserves: { realSol: curve.realSolReserves, realToken: curve.realTokenReserves },
  });
  /** The curve of `mint` while it trades: 404 without one, 409 once graduated, 400 for a coin not paired with SOL. */
  const onCurve = async (mint: string): Promise<LiveCurve> => {
    const curve = await curveOf(mint);
    if (!curve) throw new ServiceError('not_found', `${mint} has no pump.fun bonding curve.`);
    if (curve.complete)
      throw new ServiceError(
        'state_conflict',
        `${mint} graduated from its pump.fun curve: curveTradeQuote answers venue 'jupiter'; buy it with splBuyIntent. Nothing was sent.`,
      );
    if (curve.quoteMint)
      throw invalidField(
        'tokenAddress',
        'unsupported_quote',
        `${mint} trades against ${curve.quoteMint}, not SOL; the curve tools trade SOL-paired pump.fun coins only`,
      );
    return mathOf(curve, await globalOf());
  };
  /** A fresh curve with Global's launch constants: what a launch's developer buy trades against. */
  const freshCurve = async (global: PumpGlobal, creator: Address): Promise<LiveCurve> =>
    mathOf(
      {
        virtualTokenReserves: global.initialVirtualTokenReserves,
        virtualSolReserves: global.initialVirtualSolReserves,
        realTokenReserves: global.initialRealTokenReserves,
        realSolReserves: 0n,
        tokenTotalSupply: global.tokenTotalSupply,
        complete: false,
        creator,
        isMayhemMode: false,
        quoteMint: undefined,
      },
      global,
    );
  return { rpc, accountData, curveOf, globalOf, onCurve, freshCurve };
}

export type PumpChainState = ReturnType<typeof pumpChainState>;

/**
 * A buy spending exactly `lamports` (fees included), filled as buy_exact_quote_in_v2 fills it (the formulas the IDL
 * publishes with buy_exact_sol_in): net = floor(lamports·10⁴ / (10⁴ + fee bps)), fees rounded up on net, net reduced
 * when net + fees exceed the budget, tokens = floor((net − 1)·vToken / (vSol + net − 1)). A buy that would take the
 * curve's last tokens is quoted as the shared curve math caps it.
 */
export function programBuyQuote(live: LiveCurve, lamports: bigint): CurveBuyQuote {
  const { params, reserves } = live;
  const capped = quoteCurveBuy(params, reserves, lamports);
  if (capped.completes) return capped;
  const { vSol, vToken } = virtualReserves(params, reserves);
  const feesOn = (net: bigint) => ({
    protocolFee: ceilDiv(net * params.protocolFeeBps, BPS),
    creatorFee: ceilDiv(net * params.creatorFeeBps, BPS),
  });
  let net = (lamports * BPS) / (BPS + params.protocolFeeBps + params.creatorFeeBps);
  const first = feesOn(net);
  const over = net + first.protocolFee + first.creatorFee - lamports;
  if (over > 0n) net -= over;
  const fees = feesOn(net);
  const tokensOut = net > 1n ? ((net - 1n) * vToken) / (vSol + net - 1n) : 0n;
  return { lamportsIn: net + fees.protocolFee + fees.creatorFee, ...fees, tokensOut, completes: false };
}

/** A sale of `tokens` (the shared curve math: SOL out of the virtual reserves, fees rounded up); 409 past its SOL. */
export function programSellQuote(live: LiveCurve, tokens: bigint): CurveSellQuote {
  const quote = quoteCurveSell(live.params, live.reserves, tokens);
  if (!quote) throw new ServiceError('state_conflict', "The curve's SOL cannot pay for that many tokens.");
  return quote;
}
