/**
 * The runes the sandbox faucet seeds (real mainnet runes' names, ids, divisibility and symbols). The faucet grants
 * them directly in its coinbase-shaped transactions instead of etching and minting: transfers are what the tools do.
 */
export interface SandboxRune {
  /** "block:tx" of the etching. */
  readonly id: string;
  /** The name without spacers, upper case. */
  readonly name: string;
  readonly spacedName: string;
  readonly divisibility: number;
  readonly symbol: string;
}

export const SANDBOX_RUNES: readonly SandboxRune[] = [
  { id: '840000:3', name: 'DOGGOTOTHEMOON', spacedName: 'DOG•GO•TO•THE•MOON', divisibility: 5, symbol: '🐕' },
  { id: '1:0', name: 'UNCOMMONGOODS', spacedName: 'UNCOMMON•GOODS', divisibility: 0, symbol: '⧉' },
];

/** ord's default postage: the sats an output carrying runes or an inscription holds. */
export const POSTAGE_SATS = 10_000n;

/**
 * The Counterparty assets the sandbox faucet grants (real mainnet names and divisibility): divisible assets count
 * in 10^-8 units, indivisible ones in whole units. The faucet credits them directly (no issuance): sends are what the
 * tools do.
 */
export interface SandboxCounterpartyAsset {
  readonly asset: string;
  readonly divisible: boolean;
  readonly description: string;
}

export const SANDBOX_COUNTERPARTY_ASSETS: readonly SandboxCounterpartyAsset[] = [
  { asset: 'XCP', divisible: true, description: "The Counterparty protocol's native currency" },
  { asset: 'PEPECASH', divisible: true, description: 'Rare Pepe currency' },
  { asset: 'RAREPEPE', divisible: false, description: 'The first Rare Pepe card' },
];
