/** A Solana mint's state on chain, as the sandbox ledger holds it: what riskcheckToken scores in sandbox mode. */
export interface SolanaMintState {
  readonly mint: string;
  readonly name: string | null;
  readonly symbol: string | null;
  /** Atomic units. */
  readonly supply: bigint;
  readonly decimals: number;
  readonly mintAuthority: string | null;
  readonly freezeAuthority: string | null;
  /** Every non-empty token account of the mint. */
  readonly holders: readonly { readonly owner: string; readonly amount: bigint }[];
}

/** A seeded mint's state with what the sandbox swap venue's pools say of it: what findSolanaGems lists in sandbox. */
export interface SolanaMintMarket extends SolanaMintState {
  /** Spot USD price on the venue (its USDC pool). */
  readonly priceUsd: number;
  /** USD value of both reserves of every venue pool that holds the mint. */
  readonly liquidityUsd: number;
  /** A tokenized stock (findSolanaGems' stocks category) or any other token. */
  readonly category: 'crypto' | 'stock';
}

/** Reads mints from the sandbox Solana ledger; undefined for an address that is no mint there. */
export interface SolanaMints {
  mintState(mint: string): Promise<SolanaMintState | undefined>;
  /** Every seeded SPL mint (native SOL has none) with its venue price and pool liquidity. */
  seededMarkets(): Promise<readonly SolanaMintMarket[]>;
}
