import { z } from 'zod';
import { DIRECTION, ETH_NATIVE, EVMADDR, NETWORK5, POSDEC, SOLADDR, SOL_NATIVE, body } from '../formats.js';
import { type ToolGroup, defineTool, MOVES_FUNDS } from '../types.js';

/*
 * Conditional orders: the ten per-chain create tools (built by one factory per body kind), the position tools of
 * the spec's Core table, and the price helper calculateAdjustedPrice that feeds their USD price fields.
 */

/** Status of a conditional position (spec "States and transitions"). */
export const POSITION_STATUS = z.enum(['OPEN', 'CLOSED', 'CANCELLED', 'FAILED']);
export const ENTRY_TYPE = z.enum(['MARKET', 'LIMIT', 'STOP_MARKET']);
export const EXIT_TYPE = z.enum(['LIMIT', 'STOP_MARKET']);

/** A JSON Schema rule: when `price` is present and not null, `direction` must be present and not null. */
function directionRequiredWithPrice(price: string, direction: string) {
  return {
    if: { properties: { [price]: { type: 'string' } }, required: [price] },
    then: { properties: { [direction]: { type: 'string' } }, required: [direction] },
  };
}

/** Adds the issue "direction is required" when a non-null price is given without a non-null direction. */
function requireDirectionWithPrice(
  ctx: z.core.$RefinementCtx,
  price: string | null | undefined,
  direction: string | null | undefined,
  priceField: string,
  directionField: string,
): void {
  if (price != null && direction == null) {
    ctx.addIssue({
      code: 'custom',
      path: [directionField],
      message: `${directionField} (ABOVE or BELOW) is required when ${priceField} is set to a price`,
    });
  }
}

// ----------------------------------------------------------------------------------------------------------------
// Create tools: one factory per body kind, parameterised by the chain's token-address format.

type OrderChainKey = 'Solana' | 'Ethereum' | 'Bsc' | 'Polygon' | 'Base';

interface OrderChain<Key extends OrderChainKey> {
  /** The chain's part of the tool name (createXConditionalEntry). */
  readonly key: Key;
  readonly group: ToolGroup;
  /** Token-address format of the chain's token fields. */
  readonly address: z.ZodString;
  /** How the token fields are written on this chain, incl. the native-coin constant. */
  readonly tokenNote: string;
  /** The quote tool whose conditionalOrderHandoff the create call copies. */
  readonly quoteTool: string;
}

const SOLANA: OrderChain<'Solana'> = {
  key: 'Solana',
  group: 'Solana',
  address: SOLADDR,
  tokenNote: `Token fields are Solana mints (base58, 32 to 44 characters); native SOL is ${SOL_NATIVE}.`,
  quoteTool: "splBuyIntent (mode 'quote'; use quote.conditionalOrderHandoff and quote.outputUsdPrice)",
};
const evmChain = <Key extends OrderChainKey>(
  key: Key,
  group: ToolGroup,
  coin: string,
  quoteTool: string,
): OrderChain<Key> => ({
  key,
  group,
  address: EVMADDR,
  tokenNote: `Token fields are EVM addresses (0x + 40 hex digits); the native coin (${coin}) is ${ETH_NATIVE}.`,
  quoteTool,
});
const ETHEREUM = evmChain('Ethereum', 'Ethereum', 'ETH', 'ethSwapQuote');
const BSC = evmChain('Bsc', 'BSC', 'BNB', 'bscSwapQuote');
const POLYGON = evmChain('Polygon', 'Polygon', 'POL', 'polygonSwapQuote');
const BASE = evmChain('Base', 'Base', 'ETH', 'baseSwapQuote');

/** JSON Schema form of the entry body's cross-field rules (mirrors the superRefine below). */
const ENTRY_RULES = {
  allOf: [
    { oneOf: [{ required: ['targetQuantity'] }, { required: ['fundingQuantity'] }] },
    {
      if: { properties: { entryType: { const: 'MARKET' } }, required: ['entryType'] },
      then: { not: { anyOf: [{ required: ['entryPriceUsd'] }, { required: ['entryDirection'] }] } },
      else: { required: ['entryPriceUsd', 'entryDirection'] },
    },
    directionRequiredWithPrice('stopLossPriceUsd', 'stopLossDirection'),
    directionRequiredWithPrice('takeProfitPriceUsd', 'takeProfitDirection'),
  ],
};

/** The entry body with token fields in the given address format. */
export function conditionalEntryBody(address: z.ZodString) {
  return body({
    targetToken: address.describe('token to acquire (copy conditionalOrderHandoff.receiveToken)'),
    fundingToken: address.describe('token to spend (copy conditionalOrderHandoff.spendToken)'),
    targetQuantity: z
      .number()
      .positive()
      .optional()
      .describe(
        'exact quantity of targetToken to receive, never USD; exactly one of targetQuantity and fundingQuantity',
      ),
    fundingQuantity: z
      .number()
      .positive()
      .optional()
      .describe(
        'exact quantity of fundingToken to spend, never USD (copy conditionalOrderHandoff.spendQuantity); exactly one of targetQuantity and fundingQuantity',
      ),
    entryType: ENTRY_TYPE,
    entryPriceUsd: POSDEC.optional().describe(
      'USD per 1 targetToken; required for LIMIT and STOP_MARKET, omitted for MARKET',
    ),
    entryDirection: DIRECTION.optional().describe(
      'required for LIMIT and STOP_MARKET, omitted for MARKET: ABOVE fires when the price rises through entryPriceUsd, BELOW when it falls through',
    ),
    stopLossPriceUsd: POSDEC.nullable().optional().describe('USD per 1 targetToken'),
    stopLossDirection: DIRECTION.nullable().optional().describe('required with a stopLossPriceUsd; normally BELOW'),
    takeProfitPriceUsd: POSDEC.nullable().optional().describe('USD per 1 targetToken'),
    takeProfitDirection: DIRECTION.nullable().optional().describe('required with a takeProfitPriceUsd; normally ABOVE'),
  })
    .superRefine((entry, ctx) => {
      const hasTarget = entry.targetQuantity !== undefined;
      const hasFunding = entry.fundingQuantity !== undefined;
      if (hasTarget && hasFunding) {
        ctx.addIssue({
          code: 'custom',
          path: ['fundingQuantity'],
          message: 'targetQuantity and fundingQuantity are mutually exclusive: give exactly one',
        });
      } else if (!hasTarget && !hasFunding) {
        ctx.addIssue({
          code: 'custom',
          path: ['fundingQuantity'],
          message: 'exactly one of targetQuantity and fundingQuantity is required',
        });
      }
      if (entry.entryType === 'MARKET') {
        for (const field of ['entryPriceUsd', 'entryDirection'] as const) {
          if (entry[field] !== undefined) {
            ctx.addIssue({ code: 'custom', path: [field], message: `${field} must be omitted for entryType MARKET` });
          }
        }
      } else {
        for (const field of ['entryPriceUsd', 'entryDirection'] as const) {
          if (entry[field] === undefined) {
            ctx.addIssue({
              code: 'custom',
              path: [field],
              message: `${field} is required for entryType ${entry.entryType}`,
            });
          }
        }
      }
      requireDirectionWithPrice(
        ctx,
        entry.stopLossPriceUsd,
        entry.stopLossDirection,
        'stopLossPriceUsd',
        'stopLossDirection',
      );
      requireDirectionWithPrice(
        ctx,
        entry.takeProfitPriceUsd,
        entry.takeProfitDirection,
        'takeProfitPriceUsd',
        'takeProfitDirection',
      );
    })
    .meta(ENTRY_RULES);
}

/** The exit body with token fields in the given address format; every field is required. */
export function conditionalExitBody(address: z.ZodString) {
  return body({
    assetToSell: address.describe(
      "asset already held; the trigger watches this asset's USD price (copy conditionalOrderHandoff.spendToken)",
    ),
    receiveToken: address.describe('token received (copy conditionalOrderHandoff.receiveToken)'),
    sellQuantity: z
      .number()
      .positive()
      .describe('quantity of assetToSell; copy conditionalOrderHandoff.spendQuantity, never a USD budget'),
    exitType: EXIT_TYPE.describe(
      'LIMIT sells at an ABOVE trigger or better; STOP_MARKET sells on the cross without price guarantee (BELOW stop-loss)',
    ),
    triggerPriceUsd: POSDEC.describe('USD per 1 assetToSell (copy conditionalOrderHandoff.spendTokenPriceUsd)'),
    triggerDirection: DIRECTION.describe('ABOVE take-profit style, BELOW stop-loss style'),
  });
}

const CREATE_NOTE = 'A successful response means the order is placed, not filled.';

/** Factory for createXConditionalEntry. */
function conditionalEntryTool<const Key extends OrderChainKey>(chain: OrderChain<Key>) {
  return defineTool({
    name: `create${chain.key}ConditionalEntry` as const,
    group: chain.group,
    summary: `Open a new ${chain.group} position with one conditional entry (MARKET, LIMIT or STOP_MARKET) and optional stop-loss / take-profit.`,
    description:
      `${chain.tokenNote} Exactly one entry call creates a new position including all its TP/SL: no standalone swap ` +
      'first and no updatePosition right after. Quote first with ' +
      `${chain.quoteTool}: copy receiveToken to targetToken, spendToken to fundingToken, spendQuantity to fundingQuantity, ` +
      'and receiveTokenPriceUsd through calculateAdjustedPrice to the price fields. Give exactly one of targetQuantity and ' +
      'fundingQuantity (token quantities, never USD). MARKET is entered as soon as processed and takes no entryPriceUsd / ' +
      'entryDirection; LIMIT and STOP_MARKET require both and wait for the USD price of targetToken to cross entryPriceUsd ' +
      'in entryDirection. A stopLossPriceUsd / takeProfitPriceUsd needs its direction (normally BELOW / ABOVE); null or ' +
      `omitted means no such exit. ${CREATE_NOTE}`,
    input: conditionalEntryBody(chain.address),
    price: 'conditional-orders',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  });
}

/** Factory for createXConditionalExit. */
function conditionalExitTool<const Key extends OrderChainKey>(chain: OrderChain<Key>) {
  return defineTool({
    name: `create${chain.key}ConditionalExit` as const,
    group: chain.group,
    summary: `Place a conditional exit (LIMIT take-profit or STOP_MARKET stop-loss) that sells a held ${chain.group} asset when its USD price crosses a trigger.`,
    description:
      `${chain.tokenNote} All fields are required. Quote first with ${chain.quoteTool}, with the asset to sell as the ` +
      'spend token: copy spendToken to assetToSell, receiveToken to receiveToken, spendQuantity to sellQuantity and ' +
      'spendTokenPriceUsd to triggerPriceUsd. LIMIT sells at an ABOVE trigger or better; STOP_MARKET sells on the cross ' +
      `without price guarantee (BELOW stop-loss). ${CREATE_NOTE}`,
    input: conditionalExitBody(chain.address),
    price: 'conditional-orders',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  });
}

// ----------------------------------------------------------------------------------------------------------------
// Position tools (spec Core table).

const POSITION_ID = z.string().min(1);

export const updatePositionBody = body({
  positionId: POSITION_ID,
  network: NETWORK5.optional().describe('hint only'),
  entryPrice: POSDEC.optional().describe('new entry price, USD per buy token; valid only for a pending LIMIT entry'),
  stopLossPrice: POSDEC.nullable()
    .optional()
    .describe('a price adds or replaces the stop-loss; null removes it; omitted leaves it unchanged'),
  stopLossDirection: DIRECTION.optional().describe('required when setting a non-null stopLossPrice'),
  takeProfitPrice: POSDEC.nullable()
    .optional()
    .describe('a price adds or replaces the take-profit; null removes it; omitted leaves it unchanged'),
  takeProfitDirection: DIRECTION.optional().describe('required when setting a non-null takeProfitPrice'),
})
  .superRefine((update, ctx) => {
    requireDirectionWithPrice(
      ctx,
      update.stopLossPrice,
      update.stopLossDirection,
      'stopLossPrice',
      'stopLossDirection',
    );
    requireDirectionWithPrice(
      ctx,
      update.takeProfitPrice,
      update.takeProfitDirection,
      'takeProfitPrice',
      'takeProfitDirection',
    );
  })
  .meta({
    allOf: [
      directionRequiredWithPrice('stopLossPrice', 'stopLossDirection'),
      directionRequiredWithPrice('takeProfitPrice', 'takeProfitDirection'),
    ],
  });

// ----------------------------------------------------------------------------------------------------------------
// Price helper.

export const calculateAdjustedPriceBody = body({
  priceUsd: z
    .union([z.number().positive(), POSDEC])
    .describe(
      'current USD price of 1 token, a number > 0 or a decimal string (e.g. conditionalOrderHandoff.receiveTokenPriceUsd)',
    ),
  adjustPercent: z
    .number()
    .min(-99.99)
    .max(1000)
    .default(0)
    .describe('signed percent applied as priceUsd * (1 + adjustPercent / 100); -99.99 to 1000, default 0'),
  direction: DIRECTION.optional().describe(
    'trigger direction the price is meant for; ABOVE needs adjustPercent >= 0, BELOW needs adjustPercent <= 0',
  ),
  significantDigits: z
    .number()
    .int()
    .min(1)
    .max(15)
    .default(6)
    .describe('significant digits kept in priceFormatted; 1 to 15, default 6'),
})
  .superRefine((input, ctx) => {
    if (input.direction === 'ABOVE' && input.adjustPercent < 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['adjustPercent'],
        message: 'adjustPercent must be >= 0 with direction ABOVE (an ABOVE trigger lies above the current price)',
      });
    }
    if (input.direction === 'BELOW' && input.adjustPercent > 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['adjustPercent'],
        message: 'adjustPercent must be <= 0 with direction BELOW (a BELOW trigger lies below the current price)',
      });
    }
  })
  .meta({
    allOf: [
      {
        if: { properties: { direction: { const: 'ABOVE' } }, required: ['direction'] },
        then: { properties: { adjustPercent: { minimum: 0 } } },
      },
      {
        if: { properties: { direction: { const: 'BELOW' } }, required: ['direction'] },
        then: { properties: { adjustPercent: { maximum: 0 } } },
      },
    ],
  });

export const conditionalOrderTools = [
  conditionalEntryTool(SOLANA),
  conditionalExitTool(SOLANA),
  conditionalEntryTool(ETHEREUM),
  conditionalExitTool(ETHEREUM),
  conditionalEntryTool(BSC),
  conditionalExitTool(BSC),
  conditionalEntryTool(POLYGON),
  conditionalExitTool(POLYGON),
  conditionalEntryTool(BASE),
  conditionalExitTool(BASE),
  defineTool({
    name: 'findPositionById',
    group: 'Core',
    summary: 'Find one conditional position by positionId, searching all networks.',
    description: 'positionId must be non-empty.',
    input: body({ positionId: POSITION_ID }),
    price: '0.0012',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'getAllPositions',
    group: 'Core',
    summary: 'List conditional positions with their orders on all networks in one call, optionally by status.',
    description:
      'Each position carries its orders with orderId; PENDING orders can be cancelled or executed early with deleteConditionalOrder.',
    input: body({ status: POSITION_STATUS.optional() }),
    price: '0.0012',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'cancelPosition',
    group: 'Core',
    summary: 'Cancel one conditional position.',
    description: 'network is auto-detected by a cross-chain lookup when omitted. positionId must be non-empty.',
    input: body({
      positionId: POSITION_ID,
      network: NETWORK5.optional(),
    }),
    price: '0.0012',
    identity: true,
    effect: 'write',
    settlement: 'before-run',
    change: { destructive: true, idempotent: true },
  }),
  defineTool({
    name: 'updatePosition',
    group: 'Core',
    summary: 'Change the entry price, stop-loss or take-profit of an existing conditional position.',
    description:
      'Only for positions that existed before the current request; a new position gets its TP/SL in its single create ' +
      'call. entryPrice (USD per buy token) replaces the price of a pending LIMIT entry only. stopLossPrice / ' +
      'takeProfitPrice: a POSDEC adds or replaces that exit and then needs stopLossDirection / takeProfitDirection; null ' +
      'removes the exit; an omitted field stays unchanged. network is a hint only.',
    input: updatePositionBody,
    price: '0.0012',
    identity: true,
    effect: 'write',
    settlement: 'before-run',
    change: { destructive: true, idempotent: true },
  }),
  defineTool({
    name: 'deleteConditionalOrder',
    group: 'Core',
    summary: 'Cancel a PENDING conditional order, or execute it early at the current market price.',
    description:
      'Acts only on PENDING orders (orderId from the orders of a position returned by getAllPositions); executed or ' +
      'other non-PENDING orders are rejected. executeEarly false (default) cancels permanently; true executes ' +
      'immediately at the current market price. network is auto-detected when omitted.',
    input: body({
      orderId: z.string().min(1),
      network: NETWORK5.optional(),
      executeEarly: z.boolean().default(false),
    }),
    price: '0.0012',
    identity: true,
    effect: 'write',
    settlement: 'before-run',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'listPositions',
    group: 'Core',
    summary: 'List conditional positions on one network (all networks if omitted), optionally by status.',
    input: body({
      network: NETWORK5.optional(),
      status: POSITION_STATUS.optional(),
    }),
    price: '0.0012',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'closeAllPositions',
    group: 'Core',
    summary: 'Cancel all conditional positions on one network.',
    description: 'network is required so that positions on all networks are never closed by accident.',
    input: body({ network: NETWORK5 }),
    price: '0.0012',
    identity: true,
    effect: 'write',
    settlement: 'before-run',
    change: { destructive: true, idempotent: true },
  }),
  defineTool({
    name: 'calculateAdjustedPrice',
    group: 'Core',
    summary:
      'Turn a quoted USD price into a conditional-order price field (optionally shifted by a percent): returns priceFormatted.',
    description:
      'Pure price helper for conditional orders: pass conditionalOrderHandoff.receiveTokenPriceUsd (or spendTokenPriceUsd ' +
      'for exits) as priceUsd; the result priceFormatted = priceUsd * (1 + adjustPercent / 100), rounded to ' +
      'significantDigits significant digits and written as a POSDEC (plain positive decimal, no exponent, never zero), ' +
      'ready for entryPriceUsd / stopLossPriceUsd / takeProfitPriceUsd / triggerPriceUsd. Design (the spec names only ' +
      'the tool and its output): adjustPercent is signed, -99.99 to 1000 (default 0, so the price is only reformatted); ' +
      'the optional direction states the trigger direction the price is meant for and must agree with the sign of ' +
      'adjustPercent (ABOVE >= 0, BELOW <= 0), catching a stop-loss placed above the market or a take-profit below it; ' +
      'significantDigits is an integer 1 to 15, default 6. No funds move.',
    input: calculateAdjustedPriceBody,
    price: 'price-helper',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
];
