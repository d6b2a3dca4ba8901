/**
 * The Solana bonding-curve launchpads the launchpad tools use: `pump` (pump.fun), `pad` (Raydium LaunchLab) and `svc`
 * (the service's launchpad, with creator-fee sharing). In sandbox mode they are the sandbox chain's emulated
 * launchpads (packages/sandbox solana/launchpads); live, the programs' published instruction layouts over
 * SOLANA_RPC_URL (launchpads/live/).
 *
 * Transactions come back built and signed by everything but the user (the vault), who signs and hands them to
 * {@link SolanaLaunchpads.send}. Refusals are ServiceErrors (4xx) raised before anything is signed.
 */
import type { Transaction } from '@solana/kit';

export type SolanaLaunchpad = 'pump' | 'pad' | 'svc';

/** A launchpad token with the figures the discovery tools filter and sort on. */
export interface CurveToken {
  readonly launchpad: SolanaLaunchpad;
  readonly mint: string;
  readonly name: string;
  readonly symbol: string;
  readonly description: string | null;
  readonly imageUri: string | null;
  readonly website: string | null;
  readonly twitter: string | null;
  readonly telegram: string | null;
  readonly creator: string;
  /** Unix seconds. */
  readonly createdAt: number;
  readonly lastTradeAt: number;
  readonly decimals: number;
  /** Current supply, whole tokens. */
  readonly supply: number;
  readonly graduated: boolean;
  readonly graduatedAt: number | null;
  /** Percent of the curve's tokens sold (100 once graduated). */
  readonly curvePercent: number;
  /** SOL raised on the curve so far (0 once graduated: it moved to the pool). */
  readonly realSol: number;
  /** SOL the curve raises before it graduates. */
  readonly targetSol: number;
  readonly priceSol: number;
  readonly priceUsd: number;
  readonly marketCapUsd: number;
  readonly liquidityUsd: number;
  readonly volumeUsd: number;
  readonly devHoldPercent: number;
  readonly insiderHoldPercent: number;
  readonly holderCount: number;
  readonly buyCount: number;
  readonly sellCount: number;
  readonly sniperWalletCount: number;
  /** Fee-sharing recipients (svc), shares in percent. */
  readonly feeSharing: readonly { readonly address: string; readonly percentage: number }[] | null;
}

export interface CurveBuyQuote {
  /** Lamports the buyer pays in all (curve SOL plus fees). */
  readonly lamportsIn: bigint;
  readonly protocolFee: bigint;
  readonly creatorFee: bigint;
  /** Atomic tokens received. */
  readonly tokensOut: bigint;
  /** The buy takes the curve's last tokens: the token graduates with it. */
  readonly completes: boolean;
}

export interface CurveSellQuote {
  readonly tokensIn: bigint;
  readonly protocolFee: bigint;
  readonly creatorFee: bigint;
  /** Lamports the seller receives (after fees). */
  readonly lamportsOut: bigint;
}

export interface LaunchRequest {
  readonly launchpad: SolanaLaunchpad;
  readonly creator: string;
  readonly metadata: {
    readonly name: string;
    readonly symbol: string;
    readonly description?: string | null | undefined;
    readonly imageUri?: string | null | undefined;
    readonly website?: string | null | undefined;
    readonly twitter?: string | null | undefined;
    readonly telegram?: string | null | undefined;
  };
  readonly devBuyLamports: bigint;
  readonly minDevTokens?: bigint | undefined;
  /** pad: LaunchLab's curve parameters. */
  readonly padCurve?:
    { solRaised: number; bondingCurve: number; poolMigration: number; tokenSupply: string } | undefined;
  /** svc: recipients and their shares in basis points (summing to 10,000). */
  readonly feeSharing?: readonly { readonly address: string; readonly bps: number }[] | null | undefined;
  readonly sponsored?: boolean | undefined;
}

export interface SolanaLaunchpads {
  /** What answers name as their source. */
  readonly source: string;
  tokens(launchpad: SolanaLaunchpad): Promise<readonly CurveToken[]>;
  /** The token of `mint` on any launchpad; undefined when it is none of theirs. */
  token(mint: string): Promise<CurveToken | undefined>;
  /** Lamports a launch on `launchpad` costs before any developer buy (rent of the new accounts and fees). */
  launchCostLamports(launchpad: SolanaLaunchpad): Promise<bigint>;
  /** svc: sponsored launches `creator` has left. */
  sponsorQuotaLeft(creator: string): Promise<number>;
  quoteBuy(mint: string, lamports: bigint): Promise<CurveBuyQuote>;
  quoteSell(mint: string, tokens: bigint): Promise<CurveSellQuote>;
  launchTransaction(
    request: LaunchRequest,
  ): Promise<{ transaction: Transaction; mint: string; devBuy?: CurveBuyQuote }>;
  buyTransaction(
    mint: string,
    buyer: string,
    lamports: bigint,
    minTokens: bigint,
  ): Promise<{ transaction: Transaction; quote: CurveBuyQuote }>;
  sellTransaction(
    mint: string,
    seller: string,
    tokens: bigint,
    minLamports: bigint,
  ): Promise<{ transaction: Transaction; quote: CurveSellQuote }>;
  burnTransaction(mint: string, owner: string, tokens: bigint): Promise<Transaction>;
  /** pump: the creator fees `creator` may claim (lamports). */
  creatorFeesOf(creator: string): Promise<bigint>;
  claimCreatorFeesTransaction(creator: string): Promise<{ transaction: Transaction; lamports: bigint }>;
  claimSharedFeesTransaction(
    mint: string,
    recipient: string,
  ): Promise<{ transaction: Transaction; lamports: bigint; swept: bigint }>;
  /** Sends a transaction the user has signed; resolves with its signature once it landed. */
  send(transaction: Transaction): Promise<string>;
}
