import { z } from 'zod';
import { body, emptyBody, POSDEC, SOLADDR, URI } from '../formats.js';
import { defineTool, MOVES_FUNDS } from '../types.js';

/**
 * splBuyIntent amount_text of the form 'N SYMBOL' whose SYMBOL is not SOL, not USD and not a k/m quantity suffix,
 * i.e. a text that spends N of some other token. Such a text needs a matching spend_token, so it cannot be used
 * with spend_token SOL (the default). One regex, used by superRefine and emitted as the JSON Schema pattern.
 */
const SPENDS_OTHER_SYMBOL = /^\s*(?:\d+(?:\.\d+)?|\.\d+)\s+(?!(?:[Ss][Oo][Ll]|[Uu][Ss][Dd]|[KkMm])\s*$)[^\s\d$]\S*\s*$/;
const SOL_SYMBOL = /^[Ss][Oo][Ll]$/;

/** One percentage-sum check with a tolerance for binary floating point (0.01 steps). */
const PERCENT_EPSILON = 1e-6;

/** getCurveTokens range filter: an optional number (some have spec defaults). */
const range = () => z.number().optional();

/** curveBuyToken, curveSellToken and the two burns: a token mint and an amount (positive decimal string). */
const TOKEN_AMOUNT_BODY = body({ tokenAddress: SOLADDR, amount: POSDEC });

/** A creator-only burn (service launchpad or bonding curve): the same body, rule and price on both launchpads. */
const burnTool = <const Name extends string>(name: Name, summary: string) =>
  defineTool({
    name,
    group: 'Solana',
    summary,
    description:
      'amount is a positive decimal string in human units, passed exactly (not rounded). The burn is permanent.',
    input: TOKEN_AMOUNT_BODY,
    price: '0.0120',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  });

export const solanaTools = [
  defineTool({
    name: 'solanaBalances',
    group: 'Solana',
    summary: "List the connected wallet's Solana balances: native SOL and every SPL token.",
    description:
      'Native SOL and Wrapped SOL (WSOL, mint So11111111111111111111111111111111111111112) are reported as separate balances.',
    input: emptyBody(),
    price: '0.0012',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'solanaTransfer',
    group: 'Solana',
    summary: 'Send native SOL or an SPL token from the connected wallet to another Solana wallet.',
    description:
      "amount is a positive number in human (whole-token) units; there is no 'max'. tokenAddress is exactly 'SOL' for native SOL, " +
      'otherwise the SPL mint; the mint So11111111111111111111111111111111111111112 sends Wrapped SOL, a separate token. ' +
      'toWalletAddress is a non-empty string (the spec types it only as string; the handler resolves and validates the recipient).',
    input: body({
      toWalletAddress: z.string().min(1),
      amount: z.number().positive(),
      tokenAddress: z.union([z.literal('SOL'), SOLADDR]),
    }),
    price: '0.0012',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'findSolanaSwapToken',
    group: 'Solana',
    summary: 'Find a Solana token (mint, symbol, name) by name or symbol before swapping it.',
    input: body({ tokenName: z.string().min(1) }),
    price: '0.0926',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'splBuyIntent',
    group: 'Solana',
    summary: 'Quote (mode quote) or execute (mode swap) a Solana token buy through the aggregator.',
    description:
      'Effect is write because mode swap executes the trade; mode quote is read-only and moves no funds. ' +
      'token is the name, symbol or mint of the token to BUY. amount_text: a bare number, optionally with a k/m suffix ' +
      "('1.5k'), is the quantity of the BUY token to receive; 'N sol' spends N SOL; '$N' spends N USD; 'N SYMBOL' spends N of " +
      'spend_token, and SYMBOL must match spend_token (so a text spending another token cannot be used with spend_token SOL, the ' +
      'default; the schema rejects that case, the handler checks the rest). When quoting a sale for a conditional exit, include the ' +
      'symbol of the token sold and pass it as spend_token. spend_token (name, symbol or mint) defaults to SOL and is required for ' +
      'token-to-token buys. For conditional orders copy quote.conditionalOrderHandoff and use quote.outputUsdPrice; never derive the ' +
      'USD price from the input/output ratio.',
    input: body({
      mode: z.enum(['quote', 'swap']),
      token: z.string().min(1),
      amount_text: z.string().min(1),
      spend_token: z.string().min(1).default('SOL'),
    })
      .superRefine((value, ctx) => {
        if (typeof value.amount_text !== 'string' || typeof value.spend_token !== 'string') return;
        if (SOL_SYMBOL.test(value.spend_token) && SPENDS_OTHER_SYMBOL.test(value.amount_text)) {
          ctx.addIssue({
            code: 'custom',
            path: ['amount_text'],
            message:
              "an amount_text of the form 'N SYMBOL' spends spend_token, so SYMBOL must match spend_token; give spend_token for a token-to-token buy (it defaults to SOL)",
          });
        }
      })
      .meta({
        allOf: [
          {
            if: {
              anyOf: [
                { not: { required: ['spend_token'] } },
                { required: ['spend_token'], properties: { spend_token: { pattern: SOL_SYMBOL.source } } },
              ],
            },
            then: { properties: { amount_text: { not: { pattern: SPENDS_OTHER_SYMBOL.source } } } },
          },
        ],
      }),
    price: '0.0012',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'solanaGetTokenPairPrice',
    group: 'Solana',
    summary: 'Rate of one SPL token denominated in another, plus the swap route.',
    input: body({ inputMint: SOLADDR, outputMint: SOLADDR }),
    price: '0.0238',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'solanaGetTokenPrices',
    group: 'Solana',
    summary: 'USD price and confidence for 1 to 100 Solana token mints.',
    input: body({ tokenMints: z.array(SOLADDR).min(1).max(100) }),
    price: '0.0876',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'riskcheckToken',
    group: 'Solana',
    summary: 'Risk report for a Solana token mint (score_normalised: 0 = safe, 100 = risky).',
    input: body({ tokenMint: SOLADDR }),
    price: '0.1006',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'getCurveTokens',
    group: 'Solana',
    summary: 'List bonding-curve launchpad tokens: newly created, about to graduate, or graduated.',
    description:
      'Range filters take a _gte (at least) and a _lte (at most) number per metric. Defaults apply even when omitted: ' +
      'marketCap_gte 30000, volume_gte 5000, holderCount_gte 30; lower them explicitly to widen the search. ' +
      "A graduated token no longer trades on its curve (curveTradeQuote answers venue 'jupiter'; use splBuyIntent).",
    input: body({
      type: z.enum(['newly_created', 'about_to_graduate', 'graduated']),
      orderBy: z.enum(['curvePercent+desc', 'createdAt+desc']).optional(),
      chain: z.enum(['sol']).default('sol'),
      context: z.enum(['meme']).default('meme'),
      limit: z.number().default(5),
      marketCap_gte: z.number().default(30000),
      marketCap_lte: range(),
      liquidUsd_gte: range(),
      liquidUsd_lte: range(),
      volume_gte: z.number().default(5000),
      volume_lte: range(),
      devHoldPercent_gte: range(),
      devHoldPercent_lte: range(),
      insiderHoldPercent_gte: range(),
      insiderHoldPercent_lte: range(),
      holderCount_gte: z.number().default(30),
      holderCount_lte: range(),
      buyCount_gte: range(),
      buyCount_lte: range(),
      sellCount_gte: range(),
      sellCount_lte: range(),
      tradeCount_gte: range(),
      tradeCount_lte: range(),
      sniperWalletCount_gte: range(),
      sniperWalletCount_lte: range(),
    }),
    price: '0.0813',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'launchToken',
    group: 'Solana',
    summary: "Launch a new Solana token on the service's launchpad, optionally with a developer buy and fee sharing.",
    description:
      'name and symbol must be non-empty. file is the image as a base64 / data-URL string (JSON cannot carry a blob), or null; ' +
      'fileUrl is an image URL. feeSharingRecipients: null or a list of {address, percentage 0.01..100}; when given, the ' +
      'percentages must sum to 100 (checked by the server; a sum cannot be expressed in JSON Schema); when omitted the connected ' +
      'wallet receives 100%. A launch without developer buy may be sponsored automatically (decided server-side) when the vault ' +
      'cannot self-fund and has quota left; any positive initialBuyInSol disables sponsorship and the connected vault pays all costs.',
    input: body({
      name: z.string().min(1),
      symbol: z.string().min(1),
      description: z.string().nullable().optional(),
      twitter: z.string().nullable().optional(),
      telegram: z.string().nullable().optional(),
      website: z.string().nullable().optional(),
      fileUrl: z.string().nullable().optional(),
      file: z.string().nullable().optional(),
      initialBuyInSol: z.number().min(0).optional(),
      feeSharingRecipients: z
        .array(z.strictObject({ address: z.string().min(1), percentage: z.number().min(0.01).max(100) }))
        .min(1)
        .nullable()
        .optional()
        .meta({
          description:
            'null, or recipients whose percentages (0.01..100 each) sum to 100; the sum rule is not expressible in JSON Schema and is checked by the server. Omitted: the connected wallet receives 100%.',
        }),
    }).superRefine((value, ctx) => {
      const recipients = value.feeSharingRecipients;
      if (!Array.isArray(recipients) || recipients.length === 0) return;
      const sum = recipients.reduce((total, r) => total + (typeof r?.percentage === 'number' ? r.percentage : 0), 0);
      if (Math.abs(sum - 100) > PERCENT_EPSILON) {
        ctx.addIssue({
          code: 'custom',
          path: ['feeSharingRecipients'],
          message: `the percentages of feeSharingRecipients must sum to 100 (got ${Number(sum.toFixed(6))})`,
        });
      }
    }),
    price: '0.0012',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'claimSvcLaunchpadFees',
    group: 'Solana',
    summary: "Claim the wallet's share of creator fees for a token launched on the service's launchpad.",
    description:
      "Sweeps the token's pending creator fees into its fee-sharing vault, then claims the connected wallet's share.",
    input: body({ tokenAddress: SOLADDR }),
    price: '0.0012',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'claimCurveFees',
    group: 'Solana',
    summary: "Claim the connected wallet's accumulated creator fees on the bonding-curve launchpad.",
    description: 'Returns a transaction signature, or an error when no fees are available to claim.',
    input: emptyBody(),
    price: '0.0012',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'curveLaunchToken',
    group: 'Solana',
    summary: 'Create a token on the bonding-curve launchpad, optionally with a developer buy in SOL. Irreversible.',
    input: body({
      name: z.string().min(1),
      symbol: z.string().min(1),
      logoUrl: URI.optional(),
      description: z.string().optional(),
      website: URI.optional(),
      twitter: URI.optional(),
      telegram: URI.optional(),
      devBuySol: z.number().min(0).optional(),
    }),
    price: '0.0120',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'curveTradeQuote',
    group: 'Solana',
    summary: 'Quote a buy or sell of a bonding-curve token; call before curveBuyToken / curveSellToken.',
    description:
      "amount is a positive decimal string: SOL to spend for side buy, token units for side sell. A response with venue 'jupiter' " +
      'means the token has graduated from its curve; trade it with splBuyIntent instead.',
    input: body({ tokenAddress: SOLADDR, side: z.enum(['buy', 'sell']), amount: POSDEC }),
    price: '0.0120',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'curveBuyToken',
    group: 'Solana',
    summary: 'Buy a bonding-curve token with SOL (quote first with curveTradeQuote).',
    description:
      "amount is the SOL to spend as a positive decimal string. If the quote says venue 'jupiter', use splBuyIntent.",
    input: TOKEN_AMOUNT_BODY,
    price: '0.0120',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'curveSellToken',
    group: 'Solana',
    summary: 'Sell a bonding-curve token for SOL (quote first with curveTradeQuote).',
    description:
      "amount is the number of tokens to sell as a positive decimal string. If the quote says venue 'jupiter', use splBuyIntent.",
    input: TOKEN_AMOUNT_BODY,
    price: '0.0120',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  burnTool(
    'burnSvcLaunchpadToken',
    "Permanently burn tokens of a token you created on the service's launchpad (creator only).",
  ),
  burnTool('burnCurveToken', 'Permanently burn tokens of a bonding-curve token you created (creator only).'),
  defineTool({
    name: 'createPadToken',
    group: 'Solana',
    summary: 'Create a token on the second Solana launchpad with its curve parameters.',
    description:
      'solRaised (SOL raised before migration) >= 35, default 85; bondingCurve 51..80 (percent of supply sold on the curve), ' +
      'default 80; poolMigration 20..49 (percent moved to the pool), default 20; tokenSupply one of 100000000, 1000000000 ' +
      '(default), 10000000000 as a string. name and symbol must be non-empty. file is an image (base64 / data-URL string); ' +
      'fileUrl an image URL.',
    input: body({
      name: z.string().min(1),
      symbol: z.string().min(1),
      description: z.string(),
      twitter: z.string().default(''),
      website: z.string().default(''),
      telegram: z.string().default(''),
      file: z.string().optional(),
      fileUrl: z.string().optional(),
      solRaised: z.number().min(35).default(85),
      bondingCurve: z.number().min(51).max(80).default(80),
      poolMigration: z.number().min(20).max(49).default(20),
      tokenSupply: z.enum(['100000000', '1000000000', '10000000000']).default('1000000000'),
    }),
    price: '0.0012',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'discoverPadTokens',
    group: 'Solana',
    summary: 'Discover tokens on the second Solana launchpad by market cap, newest or last trade.',
    description: 'Pass the nextPageId of a response to get the next page.',
    input: body({
      sort: z.enum(['marketCap', 'new', 'lastTrade']),
      size: z.number().default(5),
      mintType: z.enum(['default']).default('default'),
      includeNsfw: z.boolean().default(true),
      platformId: z.string().default('PlatformWhiteList'),
      nextPageId: z.string().optional(),
    }),
    price: '0.0799',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'findSolanaGems',
    group: 'Solana',
    summary:
      'Find promising Solana tokens or tokenized stocks by trend, popularity, volume or age, with metric filters.',
    description:
      'sortBy applies to category tokens only and is ignored for stocks. limit 1..20, default 5. The min*/max* filters bound ' +
      'liquidity, market cap, volume, net volume, net buyers and holders.',
    input: body({
      category: z.enum(['tokens', 'stocks']),
      sortBy: z.enum(['trending', 'popular', 'topTraded', 'organic', 'new']).default('trending'),
      timeframe: z.enum(['5m', '1h', '6h', '24h']).default('24h'),
      limit: z.number().min(1).max(20).default(5),
      minLiquidity: z.number().optional(),
      maxLiquidity: z.number().optional(),
      minMcap: z.number().optional(),
      maxMcap: z.number().optional(),
      minVolume: z.number().optional(),
      maxVolume: z.number().optional(),
      minNetVolume: z.number().optional(),
      maxNetVolume: z.number().optional(),
      minNumNetBuyers: z.number().optional(),
      maxNumNetBuyers: z.number().optional(),
      minHolderCount: z.number().optional(),
      maxHolderCount: z.number().optional(),
    }),
    price: '0.1069',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
];
