/**
 * The assets seeded on the sandbox Solana chain, at their mainnet mint addresses so tools and clients name them as
 * on mainnet. Native SOL has no mint (`mint: null`); Wrapped SOL (WSOL, the native mint So111…112) is a separate SPL
 * token. `priceUsd` is the USD price the sandbox swap venue opens its pools at (see swap-venue.ts); it moves with
 * trades and with the venue's price control.
 *
 * Two tokenized stocks (xStocks' TSLAx and NVDAx, at their mainnet mint addresses) stand for findSolanaGems' `stocks`
 * category. On mainnet they are Token-2022 mints; the sandbox ledger seeds them as classic SPL Token mints, like the
 * other tokens.
 *
 * TFEE is a sandbox-only Token-2022 mint with the transfer-fee extension (1%, at most 5,000 TFEE per transfer), so the
 * tools' Token-2022 paths (balances, TransferCheckedWithFee, swaps net of the withheld fee) run on real Token-2022
 * program accounts. Its address is the base58 of sha256("svc.sandbox.solana.token-2022-mint:TFEE"): no key signs
 * for it; the ledger writes the mint account, as it does the mainnet mints.
 */
import { type Address, address } from '@solana/kit';
import type { TransferFeeSchedule } from '@svc/chains';

export interface SandboxSolanaToken {
  readonly symbol: string;
  readonly name: string;
  /** SPL mint; null for native SOL. */
  readonly mint: Address | null;
  readonly decimals: number;
  /** USD price the venue's pools are seeded at. */
  readonly priceUsd: number;
  /** 'stock' for a tokenized stock (findSolanaGems' stocks category); 'crypto' for the rest. */
  readonly category: 'crypto' | 'stock';
  /** Token-2022 mints only: the mint's transfer-fee extension (absent for a plain Token-2022 mint). */
  readonly token2022?: { readonly transferFee?: TransferFeeSchedule };
}

/** Wrapped SOL: the SPL Token program's native mint. */
export const SOLANA_WSOL_MINT: Address = address('So11111111111111111111111111111111111111112');
export const SOLANA_BONK_MINT: Address = address('DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263');
export const SOLANA_JUP_MINT: Address = address('JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN');
/** Native USDC on Solana mainnet; the sandbox USDC mint lives at this address. */
export const SOLANA_USDC_MINT: Address = address('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
export const SOLANA_USDC_DECIMALS = 6;
export const SOLANA_TSLAX_MINT: Address = address('XsDoVfqeBukxuZHWhdvWHBhgEHjGNst4MLodqsJHzoB');
export const SOLANA_NVDAX_MINT: Address = address('Xsc9qvGR1efVDFGLrVsmkzv3qi45LTBjeUKSPmx9qEh');
/** The sandbox Token-2022 mint with a 1% transfer fee (see the module comment). */
export const SOLANA_TFEE_MINT: Address = address('8NRu7W3SM4aDGsqULrA8PxbeztTcBfzDin6SpSuwsCo5');

export const SANDBOX_SOLANA_TOKENS: readonly SandboxSolanaToken[] = [
  { symbol: 'SOL', name: 'Solana', mint: null, decimals: 9, priceUsd: 150, category: 'crypto' },
  { symbol: 'WSOL', name: 'Wrapped SOL', mint: SOLANA_WSOL_MINT, decimals: 9, priceUsd: 150, category: 'crypto' },
  {
    symbol: 'USDC',
    name: 'USD Coin',
    mint: SOLANA_USDC_MINT,
    decimals: SOLANA_USDC_DECIMALS,
    priceUsd: 1,
    category: 'crypto',
  },
  { symbol: 'BONK', name: 'Bonk', mint: SOLANA_BONK_MINT, decimals: 5, priceUsd: 0.00002, category: 'crypto' },
  { symbol: 'JUP', name: 'Jupiter', mint: SOLANA_JUP_MINT, decimals: 6, priceUsd: 0.8, category: 'crypto' },
  { symbol: 'TSLAx', name: 'Tesla xStock', mint: SOLANA_TSLAX_MINT, decimals: 8, priceUsd: 410, category: 'stock' },
  { symbol: 'NVDAx', name: 'NVIDIA xStock', mint: SOLANA_NVDAX_MINT, decimals: 8, priceUsd: 180, category: 'stock' },
  {
    symbol: 'TFEE',
    name: 'Sandbox Fee Token (Token-2022)',
    mint: SOLANA_TFEE_MINT,
    decimals: 6,
    priceUsd: 2,
    category: 'crypto',
    token2022: { transferFee: { epoch: 0n, transferFeeBasisPoints: 100, maximumFee: 5_000_000_000n } },
  },
];

/** The key an asset goes by in the venue and the ledger: its mint, or 'SOL' for native SOL. */
export type SolanaAssetId = Address | 'SOL';

export const assetIdOf = (token: SandboxSolanaToken): SolanaAssetId => token.mint ?? 'SOL';

/** The seeded token with this asset id (a mint, or 'SOL'), if any. */
export function sandboxSolanaToken(asset: string): SandboxSolanaToken | undefined {
  return SANDBOX_SOLANA_TOKENS.find((token) => assetIdOf(token) === asset);
}
