import { z } from 'zod';
import { body } from '../formats.js';
import { defineTool, MOVES_FUNDS } from '../types.js';

/**
 * Cross-chain swap tools: the bridge family (custodial exchange: send funds to a pay-in address) and the router
 * family (intent/relay style, currency descriptors). Group: 'Core' — the spec's groups have no cross-chain or
 * swap tag; cross-chain swaps span several chains so no single chain group fits, and Core is the group of the
 * service's general wallet actions (the research group would mislabel fund-moving tools).
 */

/** Bridge network codes. */
const BNET7 = z.enum(['sol', 'eth', 'bsc', 'matic', 'base', 'hbar', 'btc']);
/** Router network codes ('alt' is the altchain, chain ID 4663). */
const RNET7 = z.enum(['sol', 'eth', 'bsc', 'matic', 'base', 'alt', 'btc']);

/**
 * Router currency descriptor (spec Resources item 8): every field required, no other properties. Copy it
 * unchanged from a getRouterSupportedCurrencies result.
 */
const ROUTER_CURRENCY = z
  .strictObject({
    ticker: z.string(),
    name: z.string(),
    network: RNET7,
    chainId: z.number(),
    address: z.string(),
    decimals: z.number().int().min(0),
    tokenContract: z.string().nullable(),
  })
  .meta({
    description: 'Currency descriptor exactly as returned by getRouterSupportedCurrencies; no other properties.',
  });

const routerSwapBody = () =>
  body({
    fromCurrency: ROUTER_CURRENCY,
    toCurrency: ROUTER_CURRENCY,
    fromAmount: z.number().positive(),
  });

export const crossChainTools = [
  defineTool({
    name: 'getBridgeSupportedCurrencies',
    group: 'Core',
    summary: 'List the currencies the first cross-chain swap provider (bridge) supports on the given networks.',
    description: 'networks: bridge codes sol, eth, bsc, matic, base, hbar, btc. query filters by ticker or name.',
    input: body({ networks: z.array(BNET7), query: z.string().optional() }),
    price: 'cross-chain',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'getBridgeSwapQuote',
    group: 'Core',
    summary: 'Estimate a bridge cross-chain swap: how much toTicker you get for fromAmount of fromTicker.',
    description:
      'fromTicker and toTicker are tickers from getBridgeSupportedCurrencies (non-empty). fromAmount is in whole units of fromTicker.',
    input: body({ fromTicker: z.string().min(1), toTicker: z.string().min(1), fromAmount: z.number() }),
    price: 'cross-chain',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'swapUsingBridge',
    group: 'Core',
    summary: 'Start a bridge cross-chain swap: sends fromAmount from the connected wallet and starts the exchange.',
    description:
      'fromCurrency / toCurrency are tickers (non-empty), fromNetwork / toNetwork bridge network codes. ' +
      'fromCurrencyTokenContract is required: the token contract of the sent currency, or null for a native coin. ' +
      'Track the exchange with getBridgeTransactionStatus.',
    input: body({
      fromCurrency: z.string().min(1),
      toCurrency: z.string().min(1),
      fromNetwork: BNET7,
      toNetwork: BNET7,
      fromAmount: z.number(),
      fromCurrencyTokenContract: z.string().nullable(),
    }),
    price: 'cross-chain',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'getBridgeTransactionStatus',
    group: 'Core',
    summary: 'Status of a bridge cross-chain swap by its transaction id.',
    input: body({ transactionId: z.string().min(1) }),
    price: 'cross-chain',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'getRouterSupportedCurrencies',
    group: 'Core',
    summary: 'List currency descriptors the second cross-chain swap provider (router) supports, optionally by network.',
    description:
      'networks: router codes sol, eth, bsc, matic, base, alt (altchain), btc; all networks if omitted. Pass the returned descriptors unchanged to getRouterSwapQuote / swapUsingRouter.',
    input: body({ networks: z.array(RNET7).optional(), query: z.string().optional() }),
    price: '0.0934',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'getRouterSwapQuote',
    group: 'Core',
    summary: 'Indicative router quote for a cross-chain swap between two currency descriptors.',
    description:
      'fromCurrency / toCurrency are descriptors from getRouterSupportedCurrencies (ticker, name, network, chainId, address, ' +
      'decimals, tokenContract; all required, no other keys). fromAmount > 0 in whole units of fromCurrency.',
    input: routerSwapBody(),
    price: '0.1313',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'swapUsingRouter',
    group: 'Core',
    summary: 'Create and fund a router cross-chain swap from the connected wallet (same body as the quote).',
    description:
      'Body as getRouterSwapQuote. Track the swap with getRouterTransactionStatus using the returned requestId.',
    input: routerSwapBody(),
    price: '0.1189',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'getRouterTransactionStatus',
    group: 'Core',
    summary: 'Status of a router cross-chain swap by its request id.',
    input: body({ requestId: z.string().min(1) }),
    price: '0.1265',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
];
