import type { SolanaRouteStep } from '../../ports/solana-market.js';

/** A route as the tools answer it: mints, and atomic amounts as decimal strings. */
export const routeView = (route: readonly SolanaRouteStep[]) =>
  route.map((step) => ({
    venue: step.venue,
    poolAddress: step.poolAddress,
    inputMint: step.inputAsset,
    outputMint: step.outputAsset,
    inAmountAtomic: step.inAmount.toString(),
    outAmountAtomic: step.outAmount.toString(),
  }));
