import { z } from 'zod';
import { DECIMAL } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

/**
 * The Solana launchpad tools' answers (pump-style curve, the service's launchpad, the LaunchLab-style pad): a token's
 * figures as the discovery tools list them, and what each launch, trade, burn and claim did (its signature and the
 * amounts moved, SOL and tokens in human units).
 */

const curveToken = z.object({
  mint: z.string(),
  name: z.string(),
  symbol: z.string(),
  creator: z.string(),
  createdAt: z.string(),
  decimals: z.number().int(),
  supply: z.number(),
  graduated: z.boolean(),
  curvePercent: z.number(),
  priceSol: z.number(),
  priceUsd: z.number(),
  marketCapUsd: z.number(),
  // null: the source does not tell (a graduated coin's pool depth in pump.fun's live lists).
  liquidityUsd: z.number().nullable(),
  volumeUsd: z.number(),
  devHoldPercent: z.number(),
  insiderHoldPercent: z.number(),
  holderCount: z.number().int(),
  buyCount: z.number().int(),
  sellCount: z.number().int(),
  tradeCount: z.number().int(),
  sniperWalletCount: z.number().int(),
});

const launched = z.object({
  launchpad: z.enum(['pump', 'pad', 'svc']),
  mint: z.string(),
  signature: z.string(),
  name: z.string(),
  symbol: z.string(),
  creator: z.string(),
  sponsored: z.boolean(),
  devBuy: z.object({ solSpent: DECIMAL, tokensReceived: DECIMAL }).nullable(),
});

const burned = z.object({ signature: z.string(), tokenAddress: z.string(), burned: DECIMAL });

export const LAUNCHPADS_SOLANA_OUTPUTS: ToolOutputs = {
  getCurveTokens: z.object({
    type: z.enum(['newly_created', 'about_to_graduate', 'graduated']),
    chain: z.literal('sol'),
    count: z.number().int(),
    tokens: z.array(curveToken.extend({ venue: z.enum(['pump', 'jupiter']) })),
  }),
  curveLaunchToken: launched,
  launchToken: launched.extend({
    feeSharingRecipients: z.array(z.object({ address: z.string(), percentage: z.number() })),
  }),
  createPadToken: launched.extend({
    solRaised: z.number(),
    bondingCurve: z.number(),
    poolMigration: z.number(),
    tokenSupply: z.string(),
  }),
  // venue 'jupiter': graduated, trade with splBuyIntent; venue 'pump': the curve's quote for the side asked.
  curveTradeQuote: z.object({
    venue: z.enum(['pump', 'jupiter']),
    graduated: z.boolean(),
    tokenAddress: z.string(),
  }),
  curveBuyToken: z.object({
    signature: z.string(),
    tokenAddress: z.string(),
    solSpent: DECIMAL,
    tokensReceived: DECIMAL,
    graduated: z.boolean(),
  }),
  curveSellToken: z.object({
    signature: z.string(),
    tokenAddress: z.string(),
    tokensSold: DECIMAL,
    solReceived: DECIMAL,
  }),
  burnCurveToken: burned,
  burnSvcLaunchpadToken: burned,
  claimCurveFees: z.object({ signature: z.string(), claimedSol: DECIMAL }),
  claimSvcLaunchpadFees: z.object({
    signature: z.string(),
    tokenAddress: z.string(),
    sweptSol: DECIMAL,
    claimedSol: DECIMAL,
  }),
  discoverPadTokens: z.object({
    count: z.number().int(),
    rows: z.array(curveToken.extend({ finishingRate: z.number(), mintB: z.string() })),
    nextPageId: z.string().nullable(),
  }),
};
