import { z } from 'zod';
import { BALANCE_ADDRESS, CHAIN11, CHAINID5, EVMADDR, HEDERA_ID, SOLADDR, body, emptyBody } from '../formats.js';
import { defineTool, PAID_UPSTREAM_READ } from '../types.js';

/*
 * The spec's "Core tools" table without the position tools (those live in conditional-orders.ts beside the
 * conditional-order create tools and the price helper).
 */

/** Memory category: 1 to 128 characters (spec Limits). */
export const MEMORY_CATEGORY = z.string().min(1).max(128);
/** Memory content: 1 to 16384 characters (spec Limits). */
export const MEMORY_CONTENT = z.string().min(1).max(16384);

/** Chains a tracked wallet can be watched on (spec resource 6). */
export const TRACKED_WALLET_CHAINS = ['eth', 'base', 'bsc', 'polygon', 'solana'] as const;
export const TRACKED_WALLET_CHAIN = z.enum(TRACKED_WALLET_CHAINS);

/** An EVM (0x + 40 hex) or Solana (base58, 32 to 44 chars) address: the two kinds a tracked wallet may have. */
const EVM_OR_SOLANA_ADDRESS = z
  .string()
  .min(1)
  .regex(
    /^(?:0x[0-9a-fA-F]{40}|[1-9A-HJ-NP-Za-km-z]{32,44})$/,
    'must be an EVM address (0x + 40 hex digits) or a Solana address (base58, 32 to 44 characters)',
  );

/** A slippage tolerance in percent (setSlippageSettings): 0.01 % to 50 %. */
export const SLIPPAGE_PERCENT = z.number().min(0.01).max(50);

/** Token decimals, an integer >= 0 (as in the spec's currency descriptor, resource 8). */
const DECIMALS = z.number().int().min(0);

/** Recommended-token record, Solana (spec resource 9): all fields required, no others. */
export const SOLANA_RECOMMENDED_TOKEN = z.strictObject({
  address: SOLADDR,
  decimals: DECIMALS,
  name: z.string(),
  symbol: z.string(),
  marketcap: z.number(),
});

/** Recommended-token record, EVM (spec resource 9): marketcap in USD; all fields required, no others. */
export const EVM_RECOMMENDED_TOKEN = z.strictObject({
  address: EVMADDR,
  decimals: DECIMALS,
  name: z.string(),
  symbol: z.string(),
  marketcap: z.number().describe('market capitalisation in USD'),
});

/** Recommended-token record, Hedera (spec resource 9): tokenId in 0.0.x form; all fields required, no others. */
export const HEDERA_RECOMMENDED_TOKEN = z.strictObject({
  tokenId: HEDERA_ID,
  decimals: DECIMALS,
  name: z.string(),
  symbol: z.string(),
  marketcap: z.number().describe('market capitalisation in USD'),
});

const RECORD_NOTE =
  "Each record has exactly the fields shown, all required; decimals is an integer >= 0 (as in the spec's currency descriptor).";

export const coreTools = [
  defineTool({
    name: 'wallet',
    group: 'Core',
    summary: 'Show the connected wallet and vault info across all networks.',
    input: emptyBody(),
    price: '0.0012',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'getAllBalances',
    group: 'Core',
    summary: 'Get balances on every supported network in one call, for the connected wallet or a given address.',
    description:
      'Without address (omitted or null) the connected addresses are used. With address: an EVM 0x address fans out to ' +
      'ethereum, bsc, polygon, base, altchain and hedera; a Solana base58 address goes to solana; a Bitcoin 33-byte ' +
      'compressed public key (66 hex characters starting 02 or 03) goes to bitcoin. Plain Bitcoin addresses are not ' +
      "accepted here. Each chain whose format does not match answers {error:'address type mismatch'} while the call " +
      'still returns the other per-network results (an address of none of the three formats is a 400). ' +
      'The response has per-network results, a resolvedFrom source per chain and a requestedAt timestamp.',
    input: body({
      address: BALANCE_ADDRESS.nullable().optional(),
    }),
    price: '0.0012',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'mktdataTradeData',
    group: 'Core',
    summary: 'Get trade data (volume, trades, price change) for one token from the market-data provider.',
    description: 'chain defaults to solana; hedera is not supported. address must be non-empty.',
    input: body({
      chain: CHAIN11.default('solana'),
      address: z.string().min(1),
    }),
    price: '0.0924',
    identity: false,
    effect: 'read',
    ...PAID_UPSTREAM_READ,
  }),
  defineTool({
    name: 'mktdataTrendingTokens',
    group: 'Core',
    summary: 'List trending tokens on a chain from the market-data provider (at most 5 per call).',
    input: body({
      chain: CHAIN11.optional(),
      sortBy: z.enum(['rank']).optional(),
      sortType: z.enum(['asc', 'desc']).optional(),
      offset: z.number().min(0).optional(),
      limit: z.number().min(1).max(5).optional(),
    }),
    price: '0.0904',
    identity: false,
    effect: 'read',
    ...PAID_UPSTREAM_READ,
  }),
  defineTool({
    name: 'searchEvmTokensMktdata',
    group: 'Core',
    summary: 'Search EVM tokens by name, symbol or address on one chain via the market-data provider.',
    description: 'chainId: 1 Ethereum, 56 BSC, 137 Polygon, 8453 Base, 4663 altchain. query must be non-empty.',
    input: body({
      chainId: CHAINID5,
      query: z.string().min(1),
    }),
    price: '0.0512',
    identity: false,
    effect: 'read',
    ...PAID_UPSTREAM_READ,
  }),
  defineTool({
    name: 'getLeaderboard',
    group: 'Core',
    summary: "Get the service's trader leaderboard, ranked by volume, transactions, referrals, aura or pnl.",
    input: body({
      page: z.number().int().min(1).default(1),
      // An unbounded page would be an unbounded query: the handler enforces 100, and the published schema says so.
      pageSize: z.number().int().min(1).max(100).default(20),
      orderBy: z.enum(['volume', 'transactions', 'referrals', 'aura', 'pnl']).default('volume'),
      query: z.string().optional(),
    }),
    price: '0.0012',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'tokenMetadataInfo',
    group: 'Core',
    summary: 'Get metadata (name, symbol, decimals, links) of a token by address on a given network.',
    description: 'address must be non-empty.',
    input: body({
      address: z.string().min(1),
      network: CHAIN11,
    }),
    price: '0.0404',
    identity: false,
    effect: 'read',
    ...PAID_UPSTREAM_READ,
  }),
  defineTool({
    name: 'createMemory',
    group: 'Core',
    summary: "Store a memory (a piece of content under a category) for the caller's identity.",
    description: 'category 1 to 128 characters, content 1 to 16384 characters. Moves no funds.',
    input: body({
      category: MEMORY_CATEGORY,
      content: MEMORY_CONTENT,
    }),
    price: '0.0012',
    identity: true,
    effect: 'read',
    settlement: 'commit-point',
    change: { destructive: false, idempotent: false },
  }),
  defineTool({
    name: 'getUserMemoryCategories',
    group: 'Core',
    summary: "List the categories of the caller's stored memories.",
    input: emptyBody(),
    price: '0.0012',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'getUserMemoriesByCategory',
    group: 'Core',
    summary: "List the caller's stored memories in one category.",
    input: body({
      category: MEMORY_CATEGORY,
    }),
    price: '0.0012',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'updateMemory',
    group: 'Core',
    summary: 'Replace the content and category of one stored memory.',
    description: 'memoryId must be non-empty; category 1 to 128 characters, content 1 to 16384 characters.',
    input: body({
      memoryId: z.string().min(1),
      content: MEMORY_CONTENT,
      category: MEMORY_CATEGORY,
    }),
    price: '0.0012',
    identity: true,
    effect: 'read',
    settlement: 'commit-point',
    change: { destructive: true, idempotent: true },
  }),
  defineTool({
    name: 'deleteMemory',
    group: 'Core',
    summary: 'Delete one stored memory by memoryId.',
    description: 'memoryId must be non-empty.',
    input: body({
      memoryId: z.string().min(1),
    }),
    price: '0.0012',
    identity: true,
    effect: 'read',
    settlement: 'commit-point',
    change: { destructive: true, idempotent: true },
  }),
  defineTool({
    name: 'getTrackedWallets',
    group: 'Core',
    summary: 'List tracked wallets together with up to 50 recent on-chain activity events.',
    input: emptyBody(),
    price: '0.0588',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'addTrackedWallet',
    group: 'Core',
    summary: 'Track an EVM or Solana wallet; the service emits activity events for it on the selected chains.',
    description:
      'address: an EVM address (0x + 40 hex digits) or a Solana base58 address (32 to 44 characters). chains: any of ' +
      'eth, base, bsc, polygon, solana; all five when omitted. chains is a set: a repeated chain is rejected ' +
      '(uniqueItems). The address kind is not matched against chains by the schema. label: up to 128 characters.',
    input: body({
      address: EVM_OR_SOLANA_ADDRESS,
      label: z.string().max(128).optional(),
      chains: z
        .array(TRACKED_WALLET_CHAIN)
        .superRefine((chains, ctx) => {
          chains.forEach((chain, index) => {
            if (chains.indexOf(chain) !== index) {
              ctx.addIssue({
                code: 'custom',
                path: [index],
                message: `chains must not repeat a chain ('${chain}' is listed twice)`,
              });
            }
          });
        })
        .meta({ uniqueItems: true })
        .default([...TRACKED_WALLET_CHAINS]),
    }),
    price: '0.2205',
    identity: true,
    effect: 'read',
    settlement: 'commit-point',
    change: { destructive: true, idempotent: true },
  }),
  defineTool({
    name: 'removeTrackedWallet',
    group: 'Core',
    summary: 'Stop tracking a wallet.',
    description: 'address must be exactly the tracked address as it was added (non-empty).',
    input: body({
      address: z.string().min(1),
    }),
    price: '0.0120',
    identity: true,
    effect: 'read',
    settlement: 'commit-point',
    change: { destructive: true, idempotent: true },
  }),
  defineTool({
    name: 'migrationListProjects',
    group: 'Core',
    summary: 'List token-migration projects on the migration platform, newest first.',
    input: body({
      limit: z.number().int().min(1).max(20).default(5),
      page: z.number().int().min(1).default(1),
    }),
    price: '0.0704',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'migrationGetProjectDetails',
    group: 'Core',
    summary: 'Get a pre-formatted text summary of one token-migration project.',
    description: 'projectId must be non-empty (as returned by migrationListProjects).',
    input: body({
      projectId: z.string().min(1),
    }),
    price: '0.0508',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'setSlippageSettings',
    group: 'Core',
    summary: "Set the caller's swap slippage and bonding-curve (pump) slippage.",
    description:
      'Both values are percent (1 = 1 %), from 0.01 to 50 (the spec leaves unit and range open: 0 would make every ' +
      'trade fail, and more than 50 % hands half a trade to whoever moves the price). swapSlippage applies to swaps, ' +
      'pumpSlippage to bonding-curve launchpad trades. Until set, an account trades with 1 % and 10 %. The wallet tool shows the current values.',
    input: body({
      swapSlippage: SLIPPAGE_PERCENT,
      pumpSlippage: SLIPPAGE_PERCENT,
    }),
    price: '0.0905',
    identity: true,
    effect: 'read',
    settlement: 'commit-point',
    change: { destructive: true, idempotent: true },
  }),
  defineTool({
    name: 'displayRecommendedSolanaTokensToBuy',
    group: 'Core',
    summary: 'Show the user a list of recommended Solana tokens to buy.',
    description: `tokens: records {address (Solana base58), decimals, name, symbol, marketcap}. ${RECORD_NOTE}`,
    input: body({
      tokens: z.array(SOLANA_RECOMMENDED_TOKEN),
    }),
    price: '0.0654',
    identity: true,
    effect: 'read',
    settlement: 'commit-point',
    change: { destructive: true, idempotent: true },
  }),
  defineTool({
    name: 'displayRecommendedEVMTokensToBuy',
    group: 'Core',
    summary: 'Show the user a list of recommended EVM tokens (Ethereum or BSC) to buy.',
    description:
      'chainId: 1 Ethereum or 56 BSC (the only two the spec names for this tool). tokens: records {address (0x EVM ' +
      `address), decimals, name, symbol, marketcap (USD)}. ${RECORD_NOTE}`,
    input: body({
      chainId: z.literal([1, 56]),
      tokens: z.array(EVM_RECOMMENDED_TOKEN),
    }),
    price: '0.0938',
    identity: true,
    effect: 'read',
    settlement: 'commit-point',
    change: { destructive: true, idempotent: true },
  }),
  defineTool({
    name: 'displayRecommendedHederaTokensToBuy',
    group: 'Core',
    summary: 'Show the user a list of recommended Hedera tokens to buy.',
    description: `tokens: records {tokenId (0.0.x form), decimals, name, symbol, marketcap (USD)}. ${RECORD_NOTE}`,
    input: body({
      tokens: z.array(HEDERA_RECOMMENDED_TOKEN),
    }),
    price: '0.0380',
    identity: true,
    effect: 'read',
    settlement: 'commit-point',
    change: { destructive: true, idempotent: true },
  }),
];
