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

/** Reads mints from the sandbox Solana ledger; undefined for an address that is no mint there. */
export interface SolanaMints {
  mintState(mint: string): Promise<SolanaMintState | undefined>;
}
