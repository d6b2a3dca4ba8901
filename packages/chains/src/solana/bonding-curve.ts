/**
 * Bonding-curve math of the Solana launchpads (the sandbox's emulated ones and the live pump.fun quotes): a constant-product curve over VIRTUAL reserves, as pump.fun
 * publishes it (and Raydium LaunchLab's constant-product curve, and the service launchpad's): price = vSol / vToken,
 * vSol · vToken = k, where vSol = virtualSol0 + real SOL raised and vToken = the virtual token reserve less what was
 * sold. A buy of exactly the curve's remaining real tokens completes it (graduation); the migration supply and the
 * real SOL then open a pool whose price equals the curve's final price (see {@link curveFromTargets}).
 *
 * Amounts are atomic (lamports, token base units); fees are basis points on the SOL side, rounded up (as pump.fun's
 * program does), split into a protocol fee and a creator fee.
 */

export interface CurveParams {
  readonly decimals: number;
  /** Every token ever minted (atomic). */
  readonly totalSupply: bigint;
  /** Sold on the curve: the real token reserve at launch. */
  readonly curveSupply: bigint;
  /** Moved with the raised SOL to the pool at graduation. */
  readonly migrationSupply: bigint;
  /** Virtual SOL reserve at launch (lamports). */
  readonly virtualSol0: bigint;
  /** Virtual token reserve at launch (atomic). */
  readonly virtualToken0: bigint;
  readonly protocolFeeBps: bigint;
  readonly creatorFeeBps: bigint;
}

/** The curve's real reserves: SOL raised (lamports) and tokens still for sale (atomic). */
export interface CurveReserves {
  readonly realSol: bigint;
  readonly realToken: bigint;
}

const BPS = 10_000n;
const TOKEN_DECIMALS = 6;
const UNIT = 10n ** BigInt(TOKEN_DECIMALS);
const LAMPORTS_PER_SOL = 1_000_000_000n;

/**
 * pump.fun's published launch constants (its Global account): 1 billion tokens of 6 decimals, 793.1 million sold on
 * the curve, 206.9 million kept for the pool, virtual reserves 30 SOL / 1.073 billion tokens (so the curve completes
 * at about 85 SOL raised); fees 0.95% protocol and 0.05% creator.
 */
export const PUMP_CURVE: CurveParams = {
  decimals: TOKEN_DECIMALS,
  totalSupply: 1_000_000_000n * UNIT,
  curveSupply: 793_100_000n * UNIT,
  migrationSupply: 206_900_000n * UNIT,
  virtualSol0: 30n * LAMPORTS_PER_SOL,
  virtualToken0: 1_073_000_000n * UNIT,
  protocolFeeBps: 95n,
  creatorFeeBps: 5n,
};

/**
 * The virtual reserves that make a curve raise `targetSol` by selling `curvePercent` of `tokenSupply`, and end at
 * the price of a pool opened with the raised SOL and `migrationPercent` of the supply (so graduation does not move
 * the price). With S the supply, b and m the two fractions and R the SOL raised:
 * vToken0 = b·S + u, vSol0 = R·m/(b−m), where u = m·b·S/(b−m) (solving vSol0·vToken0 = (vSol0+R)(vToken0−b·S) and
 * (vSol0+R)/(vToken0−b·S) = R/(m·S)). pump.fun's constants are this curve for b = 79.31%, m = 20.69%, R ≈ 85 SOL.
 * Whatever b and m leave of the supply goes to the creator at launch.
 */
export function curveFromTargets(targets: {
  readonly tokenSupply: bigint;
  readonly targetSol: number;
  readonly curvePercent: number;
  readonly migrationPercent: number;
  readonly protocolFeeBps: bigint;
  readonly creatorFeeBps: bigint;
}): CurveParams {
  const supply = targets.tokenSupply * UNIT;
  const b = BigInt(Math.round(targets.curvePercent * 100));
  const m = BigInt(Math.round(targets.migrationPercent * 100));
  if (b <= m || b + m > BPS) throw new RangeError('the curve must sell more than it migrates, and both fit the supply');
  const raised = BigInt(Math.round(targets.targetSol * 1e9));
  const curveSupply = (supply * b) / BPS;
  return {
    decimals: TOKEN_DECIMALS,
    totalSupply: supply,
    curveSupply,
    migrationSupply: (supply * m) / BPS,
    virtualSol0: (raised * m) / (b - m),
    virtualToken0: curveSupply + (supply * m * b) / (BPS * (b - m)),
    protocolFeeBps: targets.protocolFeeBps,
    creatorFeeBps: targets.creatorFeeBps,
  };
}

export function virtualReserves(params: CurveParams, reserves: CurveReserves): { vSol: bigint; vToken: bigint } {
  return {
    vSol: params.virtualSol0 + reserves.realSol,
    vToken: params.virtualToken0 - params.curveSupply + reserves.realToken,
  };
}

const ceilDiv = (a: bigint, b: bigint) => (a + b - 1n) / b;
const feesOn = (params: CurveParams, lamports: bigint) => ({
  protocolFee: ceilDiv(lamports * params.protocolFeeBps, BPS),
  creatorFee: ceilDiv(lamports * params.creatorFeeBps, BPS),
});

export interface BuyQuote {
  /** What the buyer pays in all: `net` plus both fees (at most the SOL offered). */
  readonly lamportsIn: bigint;
  /** SOL that goes into the curve. */
  readonly net: bigint;
  readonly protocolFee: bigint;
  readonly creatorFee: bigint;
  readonly tokensOut: bigint;
  /** This buy takes the last real tokens: the curve completes (graduates). */
  readonly completes: boolean;
}

/** A buy offering `lamports`: the fees come out of it, the rest buys; capped at the tokens left (then it pays less). */
export function quoteBuy(params: CurveParams, reserves: CurveReserves, lamports: bigint): BuyQuote {
  const { vSol, vToken } = virtualReserves(params, reserves);
  let net = (lamports * BPS) / (BPS + params.protocolFeeBps + params.creatorFeeBps);
  let tokensOut = (net * vToken) / (vSol + net);
  const completes = tokensOut >= reserves.realToken;
  if (completes) {
    tokensOut = reserves.realToken;
    net = ceilDiv(tokensOut * vSol, vToken - tokensOut);
  }
  const fees = feesOn(params, net);
  return { lamportsIn: net + fees.protocolFee + fees.creatorFee, net, ...fees, tokensOut, completes };
}

export interface SellQuote {
  readonly tokensIn: bigint;
  /** SOL leaving the curve: the seller's `lamportsOut` plus both fees. */
  readonly gross: bigint;
  readonly protocolFee: bigint;
  readonly creatorFee: bigint;
  readonly lamportsOut: bigint;
}

/** A sale of `tokens` back into the curve (undefined when the curve's real SOL cannot pay it). */
export function quoteSell(params: CurveParams, reserves: CurveReserves, tokens: bigint): SellQuote | undefined {
  const { vSol, vToken } = virtualReserves(params, reserves);
  const gross = (tokens * vSol) / (vToken + tokens);
  if (gross > reserves.realSol) return undefined;
  const fees = feesOn(params, gross);
  const lamportsOut = gross - fees.protocolFee - fees.creatorFee;
  return { tokensIn: tokens, gross, ...fees, lamportsOut: lamportsOut > 0n ? lamportsOut : 0n };
}

/** Spot price in SOL per whole token. */
export function spotPriceSol(params: CurveParams, reserves: CurveReserves): number {
  const { vSol, vToken } = virtualReserves(params, reserves);
  return Number(vSol) / 1e9 / (Number(vToken) / 10 ** params.decimals);
}

/** Percent of the curve's tokens sold, 0 to 100 (pump.fun's "bonding curve progress"). */
export function curvePercent(params: CurveParams, reserves: CurveReserves): number {
  return (Number(params.curveSupply - reserves.realToken) / Number(params.curveSupply)) * 100;
}
