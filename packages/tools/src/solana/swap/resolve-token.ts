import { invalidField } from '@svc/contracts';
import { isAddress } from '@solana/kit';
import { NATIVE_SOL, type SolanaMarket, type SolanaTokenInfo } from '@svc/providers';

export const NATIVE_SOL_INFO: SolanaTokenInfo = { asset: NATIVE_SOL, symbol: 'SOL', name: 'Solana', decimals: 9 };

/**
 * The token a name, symbol or mint names: 'SOL' (any case) is native SOL; a mint must be known to the market; a
 * symbol or name must match one exactly (case-insensitive, symbol first). Anything else is a 400 unknown_token.
 */
export async function resolveSolanaToken(market: SolanaMarket, text: string, field: string): Promise<SolanaTokenInfo> {
  const wanted = text.trim();
  if (wanted.toUpperCase() === NATIVE_SOL) return NATIVE_SOL_INFO;
  if (isAddress(wanted)) {
    const token = (await market.tokensByMint([wanted])).get(wanted);
    if (!token) throw invalidField(field, 'unknown_token', `no tradable token with mint ${wanted}`);
    return token;
  }
  const lower = wanted.toLowerCase();
  const found = await market.findTokens(wanted);
  const token =
    found.find((candidate) => candidate.symbol.toLowerCase() === lower) ??
    found.find((candidate) => candidate.name.toLowerCase() === lower);
  if (!token)
    throw invalidField(
      field,
      'unknown_token',
      `no tradable token named "${wanted}" (try findSolanaSwapToken, or pass the mint)`,
    );
  return token;
}
