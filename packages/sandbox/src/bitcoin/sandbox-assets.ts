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

/** Ordiscan's kinds of alkane. */
export type AlkaneType = 'TOKEN' | 'CONTRACT' | 'NFT_COLLECTION' | 'NFT_ITEM';

/**
 * The alkanes the sandbox faucet seeds (real mainnet alkanes' ids, names, symbols and mint terms as Ordiscan lists
 * them). The sandbox has no alkanes VM: nothing is deployed or minted by contract call; the faucet grants them as
 * protorune balances on an output, and transfers (protostone edicts, or the runes default) are what the tools do.
 */
export interface SandboxAlkane {
  /** "block:tx" of the alkane. */
  readonly id: string;
  readonly name: string;
  readonly symbol: string;
  readonly type: AlkaneType;
  /** Decimal places of its atomic units (alkane tokens use 8). */
  readonly divisibility: number;
  /** Atomic units one mint gives, and how many mints the contract allows; null where it sets no such term. */
  readonly amountPerMint: bigint | null;
  readonly mintCountCap: bigint | null;
}

export const SANDBOX_ALKANES: readonly SandboxAlkane[] = [
  // The genesis alkane: DIESEL is mined (each block's emission is shared by that block's mints), no per-mint amount or cap.
  {
    id: '2:0',
    name: 'DIESEL',
    symbol: 'DIESEL',
    type: 'TOKEN',
    divisibility: 8,
    amountPerMint: null,
    mintCountCap: null,
  },
  // Ordiscan SDK's example alkane (tests/mocks/alkane.ts): its mint terms as Ordiscan answers them.
  {
    id: '2:16',
    name: 'METHANE',
    symbol: 'CH4',
    type: 'TOKEN',
    divisibility: 8,
    amountPerMint: 1_000_000_000_000n,
    mintCountCap: 81_577n,
  },
  // SUBFROST's wrapped BTC, 1:1 with sats.
  {
    id: '32:0',
    name: 'frBTC',
    symbol: 'frBTC',
    type: 'TOKEN',
    divisibility: 8,
    amountPerMint: null,
    mintCountCap: null,
  },
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
