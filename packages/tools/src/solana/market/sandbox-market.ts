import { type SandboxSolana, type SolanaAssetId, VenueError, type VenueQuote } from '@svc/sandbox';
import { address, type Transaction } from '@solana/kit';
import {
  recordRead,
  type SolanaMarket,
  type SolanaSwapQuote,
  type SolanaTokenInfo,
  SwapUnavailable,
  WSOL_MINT,
} from '@svc/providers';

/** What answers built from the sandbox venue name as their source. */
const SOURCE = 'Sandbox Solana swap venue';

/**
 * The sandbox market: the seeded tokens and the sandbox swap venue's pools (packages/sandbox swap-venue.ts). Prices
 * are the venue's spot prices (confidence 'high': they are what a swap fills at, before price impact).
 */
export function sandboxSolanaMarket(solana: SandboxSolana): SolanaMarket {
  const infoOf = (token: SandboxSolana['tokens'][number]): SolanaTokenInfo => ({
    asset: token.mint ?? 'SOL',
    symbol: token.symbol,
    name: token.name,
    decimals: token.decimals,
  });
  const seeded = solana.tokens.map(infoOf);
  // The seeded tokens, then the launchpad tokens that graduated to the venue (listed as they graduate).
  const tradable = () => [...seeded, ...solana.venue.listedTokens().map(infoOf)];
  const known = (asset: string) => tradable().find((token) => token.asset === asset);
  const venueCall = async <T>(call: () => Promise<T>): Promise<T> => {
    try {
      return await call();
    } catch (error) {
      if (error instanceof VenueError) throw new SwapUnavailable(error.reason, error.message);
      throw error;
    }
  };
  const quoteOf = (venueQuote: VenueQuote): SolanaSwapQuote => ({
    inputAsset: venueQuote.inputAsset,
    outputAsset: venueQuote.outputAsset,
    inAmount: venueQuote.inAmount,
    outAmount: venueQuote.outAmount,
    route: venueQuote.legs.map((leg) => ({
      venue: `sandbox ${leg.pool.id}`,
      poolAddress: leg.pool.address,
      inputAsset: leg.inputAsset,
      outputAsset: leg.outputAsset,
      inAmount: leg.inAmount,
      outAmount: leg.outAmount,
    })),
    providerQuote: venueQuote,
  });
  return {
    async findTokens(query) {
      recordRead(SOURCE);
      const wanted = query.trim().toLowerCase();
      const tokens = tradable();
      const exact = tokens.filter(
        (token) => token.symbol.toLowerCase() === wanted || token.asset.toLowerCase() === wanted,
      );
      const partial = tokens.filter(
        (token) =>
          !exact.includes(token) &&
          (token.symbol.toLowerCase().includes(wanted) || token.name.toLowerCase().includes(wanted)),
      );
      return [...exact, ...partial];
    },
    async tokensByMint(mints) {
      recordRead(SOURCE);
      return new Map(mints.flatMap((mint) => (known(mint) ? [[mint, known(mint) as SolanaTokenInfo] as const] : [])));
    },
    async pricesUsd(mints) {
      recordRead(SOURCE);
      const prices = await Promise.all(
        mints.map(async (mint) =>
          known(mint)
            ? ([
                mint,
                {
                  priceUsd: await solana.tokenPriceUsd(mint === WSOL_MINT ? 'SOL' : mint),
                  confidence: 'high' as const,
                },
              ] as const)
            : undefined,
        ),
      );
      return new Map(prices.filter((price) => price !== undefined));
    },
    async quote({ inputAsset, outputAsset, amount, swapMode }) {
      recordRead(SOURCE);
      const [input, output] = [inputAsset as SolanaAssetId, outputAsset as SolanaAssetId];
      return quoteOf(
        await venueCall(() =>
          swapMode === 'ExactIn'
            ? solana.venue.quoteExactIn(input, output, amount)
            : solana.venue.quoteExactOut(input, output, amount),
        ),
      );
    },
    async swapTransaction(quote, user, minOut): Promise<Transaction> {
      const { transaction } = await venueCall(() =>
        solana.venue.swapTransaction(quote.providerQuote as VenueQuote, address(user), minOut),
      );
      return transaction;
    },
  };
}
