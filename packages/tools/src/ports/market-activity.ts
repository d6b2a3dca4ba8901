/**
 * What the sandbox market indexer knows: the sandbox chains' tokens, pools, swaps and holders, and the labels of the
 * simulated wallets that trade there. The market-data, coin and analytics tools answer from it in sandbox mode; every
 * figure is derived from transactions on the sandbox chains (the simulator's and the callers' alike), never invented.
 *
 * Every read first brings the index up to the chain head, so a swap that has landed is in the next answer.
 */

/** The chains the sandbox market runs: the five sandbox EVM chains (by the catalog's names) and Solana. */
export type MarketChain = 'ethereum' | 'base' | 'bsc' | 'polygon' | 'altchain' | 'solana';

/** What a simulated wallet is: the analytics tools' labels (Nansen's label families). */
export type WalletLabelKind = 'smart_money' | 'fund' | 'market_maker' | 'retail' | 'fresh_wallet';

export interface WalletLabel {
  readonly kind: WalletLabelKind;
  /** A display label as Nansen words its own, e.g. "Smart Trader", "Fund", "Market Maker", "Fresh Wallet". */
  readonly name: string;
}

/** A fungible token of the sandbox market on one chain, as its pools price it now. */
export interface MarketToken {
  readonly chain: MarketChain;
  /** ERC-20 contract (checksummed) or SPL mint; the native coin: 0xEeee…EeE on EVM, the wrapped-SOL mint on Solana. */
  readonly address: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  /** Spot USD price from its USDC pool (USDC: 1). */
  readonly priceUsd: number;
  /** USD value of both reserves of every pool that holds the token. */
  readonly liquidityUsd: number;
  /** Total supply in whole tokens (decimals applied); null for the native coin. */
  readonly supply: number | null;
}

/** One side of a swap. */
export interface TradeLeg {
  readonly address: string;
  readonly symbol: string;
  /** Whole tokens (decimals applied). */
  readonly amount: number;
}

/** A swap that landed on a sandbox chain (a pool's Swap event on EVM, a venue settlement on Solana). */
export interface MarketTrade {
  readonly chain: MarketChain;
  readonly transactionHash: string;
  readonly blockNumber: number;
  /** The block's time, ISO 8601. */
  readonly timestamp: string;
  /** The wallet that traded: the transaction's signer (EVM `from`, Solana fee payer / owner of the input). */
  readonly trader: string;
  /** null for a wallet the simulator does not run (a caller's vault, for one). */
  readonly traderLabel: WalletLabel | null;
  readonly pool: string;
  readonly sold: TradeLeg;
  readonly bought: TradeLeg;
  /** USD value of the trade at its time (the sold side at the pools' prices then). */
  readonly valueUsd: number;
}

export interface TradeQuery {
  /** Inclusive bounds on the block time; unset: from the first / to the head. */
  readonly from?: Date | undefined;
  readonly to?: Date | undefined;
  /** Only trades that sold or bought this token (address, any case). */
  readonly token?: string | undefined;
  /** Only trades by this wallet. */
  readonly trader?: string | undefined;
}

/** A wallet's balance of one token. */
export interface MarketHolder {
  readonly address: string;
  readonly label: WalletLabel | null;
  /** Whole tokens (decimals applied). */
  readonly balance: number;
}

export interface MarketActivity {
  /** The chains the sandbox market runs, in the catalog's names. */
  readonly chains: readonly MarketChain[];
  /** Every token of the market on `chain`, with current price and liquidity. */
  tokens(chain: MarketChain): Promise<readonly MarketToken[]>;
  /** The token at `address` (any case) on `chain`; undefined when the market has none there. */
  token(chain: MarketChain, address: string): Promise<MarketToken | undefined>;
  /** Swaps on `chain`, oldest first. */
  trades(chain: MarketChain, query?: TradeQuery): Promise<readonly MarketTrade[]>;
  /** Every non-zero holder of `token` on `chain`, largest first (pool reserves included, labelled null). */
  holders(chain: MarketChain, token: string): Promise<readonly MarketHolder[]>;
  /** The token's USD price at `at` (the last swap or re-pricing before it, else its seeded price). */
  priceUsdAt(chain: MarketChain, token: string, at: Date): Promise<number | undefined>;
  /** Every token balance a wallet holds on `chain` (native coin included), largest USD value first. */
  balances(chain: MarketChain, wallet: string): Promise<readonly (MarketHolder & { readonly token: MarketToken })[]>;
  /** The simulated wallet's label; undefined for a wallet the simulator does not run. */
  labelOf(chain: MarketChain, wallet: string): WalletLabel | undefined;
  /** The simulated wallets on `chain` with their labels. */
  labelledWallets(chain: MarketChain): readonly { readonly address: string; readonly label: WalletLabel }[];
}
