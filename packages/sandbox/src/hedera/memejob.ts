/**
 * A memejob-style bonding-curve launchpad in the sandbox Hedera ledger (memejob.fun launches HTS tokens on a curve
 * priced in HBAR). Each launch is an HTS token of 1,000,000,000 units (8 decimals) held by the launchpad contract
 * (SANDBOX_MEMEJOB_ID); 800,000,000 of them sell on a constant-product curve with virtual reserves (12,500 HBAR
 * against 1,000,000,000 tokens), so selling them all raises 50,000 HBAR, the promotion target. A 1% fee on buys and
 * sells stays with the contract. Once the target is raised the token is promoted and its curve closes.
 *
 * Unlike the venue's tokens, launchpad tokens are not auto-associated: an account must associate a token
 * (TokenAssociateTransaction) before it can receive it, as a buy from the curve does (the contract reverts with
 * TOKEN_NOT_ASSOCIATED_TO_ACCOUNT otherwise).
 */
import { parseAbi } from 'viem';

export const SANDBOX_MEMEJOB_ID = '0.0.5000200';

/** The launchpad contract's calls (ContractExecuteTransaction to SANDBOX_MEMEJOB_ID; buy carries HBAR as payable). */
export const MEMEJOB_ABI = parseAbi([
  'function buy(address token, uint256 minAmountOut) payable',
  'function sell(address token, uint256 amount, uint256 minHbarOut)',
]);

export const MEME_DECIMALS = 8;
const WHOLE = 10n ** BigInt(MEME_DECIMALS);
const TINYBAR = 100_000_000n;
export const MEME_SUPPLY = 1_000_000_000n * WHOLE;
export const MEME_CURVE_SUPPLY = 800_000_000n * WHOLE;
export const MEME_PROMOTION_TINYBARS = 50_000n * TINYBAR;
const VIRTUAL_TINYBARS = 12_500n * TINYBAR;
/** MEME_CURVE_SUPPLY × (VIRTUAL + PROMOTION) / PROMOTION. */
const VIRTUAL_UNITS = 1_000_000_000n * WHOLE;
export const MEME_FEE_BPS = 100n;
/** Gas a ContractExecuteTransaction to the launchpad sets. */
export const MEMEJOB_GAS = 300_000;

/** One launch: its token and its curve. */
export interface MemeCurve {
  readonly tokenId: string;
  readonly name: string;
  readonly symbol: string;
  readonly creator: string;
  readonly createdNs: bigint;
  readonly lastActivityNs: bigint;
  /** Tinybars raised on the curve (fees excluded). */
  readonly raised: bigint;
  /** Token units sold off the curve. */
  readonly sold: bigint;
  readonly promoted: boolean;
}

const ceilDiv = (a: bigint, b: bigint) => (a === 0n ? 0n : (a - 1n) / b + 1n);
const reserves = (curve: MemeCurve) => ({ x: VIRTUAL_TINYBARS + curve.raised, y: VIRTUAL_UNITS - curve.sold });

/** Units a buy of `tinybars` (fee included) gets, the tinybars it puts on the curve and its fee; capped at the target. */
export function quoteMemeBuy(curve: MemeCurve, tinybars: bigint): { out: bigint; net: bigint; fee: bigint } {
  if (curve.promoted || tinybars <= 0n) return { out: 0n, net: 0n, fee: 0n };
  let fee = (tinybars * MEME_FEE_BPS) / 10_000n;
  let net = tinybars - fee;
  if (curve.raised + net >= MEME_PROMOTION_TINYBARS) {
    net = MEME_PROMOTION_TINYBARS - curve.raised;
    fee = (net * MEME_FEE_BPS) / (10_000n - MEME_FEE_BPS);
    return { out: MEME_CURVE_SUPPLY - curve.sold, net, fee };
  }
  const { x, y } = reserves(curve);
  return { out: y - ceilDiv(x * y, x + net), net, fee };
}

/** Tinybars the curve pays for `units` before the fee, and the fee; zero when the curve cannot take them back. */
export function quoteMemeSell(curve: MemeCurve, units: bigint): { gross: bigint; fee: bigint } {
  if (curve.promoted || units <= 0n || units > curve.sold) return { gross: 0n, fee: 0n };
  const { x, y } = reserves(curve);
  const gross = x - ceilDiv(x * y, y + units);
  return { gross, fee: (gross * MEME_FEE_BPS) / 10_000n };
}

/** Spot price, tinybars per whole token. */
export function memePriceTinybars(curve: MemeCurve): bigint {
  const { x, y } = reserves(curve);
  return (x * WHOLE) / y;
}

/** The launches a new ledger starts with (the crowd's), each with what its curve has already raised. */
export const SANDBOX_MEME_SEEDS = [
  { tokenId: '0.0.5000301', name: 'Sandbox Hashie', symbol: 'SHASH', raisedHbar: 20_000n, ageSeconds: 7_200n },
  { tokenId: '0.0.5000302', name: 'Sandbox Hbar Frog', symbol: 'SFROG', raisedHbar: 4_000n, ageSeconds: 3_600n },
  { tokenId: '0.0.5000303', name: 'Sandbox Memejob Cat', symbol: 'SMCAT', raisedHbar: 45_000n, ageSeconds: 600n },
] as const;

/** A seed launch's curve after `raisedHbar` of buys (no fees counted), created `ageSeconds` before `nowNs`. */
export function seededMemeCurve(seed: (typeof SANDBOX_MEME_SEEDS)[number], creator: string, nowNs: bigint): MemeCurve {
  const fresh: MemeCurve = {
    tokenId: seed.tokenId,
    name: seed.name,
    symbol: seed.symbol,
    creator,
    createdNs: nowNs - seed.ageSeconds * 1_000_000_000n,
    lastActivityNs: nowNs - seed.ageSeconds * 500_000_000n,
    raised: 0n,
    sold: 0n,
    promoted: false,
  };
  const raised = seed.raisedHbar * TINYBAR;
  const { x, y } = reserves(fresh);
  return { ...fresh, raised, sold: y - ceilDiv(x * y, x + raised) };
}
