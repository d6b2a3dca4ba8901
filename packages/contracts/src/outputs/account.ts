import { z } from 'zod';
import { ATOMIC, TIMESTAMP } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

const memory = z.object({
  memoryId: z.string(),
  category: z.string(),
  content: z.string(),
  createdAt: TIMESTAMP,
  updatedAt: TIMESTAMP,
});

const trackedWallet = z.object({
  address: z.string(),
  label: z.string().nullable(),
  chains: z.array(z.string()),
  createdAt: TIMESTAMP,
  updatedAt: TIMESTAMP,
});

const slippage = { swapSlippage: z.number(), pumpSlippage: z.number(), unit: z.literal('percent') };

const nullableList = z.array(z.string()).nullable();
/** The spending policy in force, as the API shows it (USD decimal strings; a null list allows any). */
const policy = z.object({
  perCallUsd: z.string(),
  dailyUsd: z.string(),
  allowedRecipients: nullableList,
  allowedTools: nullableList,
  allowUnpricedMoves: z.boolean(),
  isDefault: z.boolean(),
  updatedAt: TIMESTAMP.nullable(),
});

const derived = { address: z.string(), derivationPath: z.string() };
/** The account vault's address per network: solana, bitcoin and hedera, and one entry per EVM chain. */
const vaultNetworks = z
  .object({
    solana: z.object(derived),
    bitcoin: z.object({
      segwit: z.object({ ...derived, type: z.literal('p2wpkh') }),
      taproot: z.object({ ...derived, type: z.literal('p2tr') }),
      publicKey: z.string(),
    }),
    hedera: z.object({
      accountId: z.string().nullable(),
      evmAddress: z.string(),
      publicKey: z.string(),
      keyType: z.string(),
      derivationPath: z.string(),
    }),
  })
  .catchall(z.object({ ...derived, chainId: z.number().int(), caip2: z.string() }));

const ORDER_NETWORK = z.enum(['solana', 'ethereum', 'bsc', 'polygon', 'base']);
const POSITION_STATUS = z.enum(['OPEN', 'CLOSED', 'CANCELLED', 'FAILED']);
const maybe = z.string().nullable();

/** A conditional order as the tools show it. */
const order = z.object({
  orderId: z.string(),
  role: z.enum(['ENTRY', 'EXIT', 'STOP_LOSS', 'TAKE_PROFIT']),
  type: z.enum(['MARKET', 'LIMIT', 'STOP_MARKET']),
  status: z.enum(['PENDING', 'WAITING', 'EXECUTING', 'EXECUTED', 'CANCELLED', 'FAILED']),
  network: ORDER_NETWORK,
  watchToken: z.string(),
  triggerPriceUsd: maybe,
  direction: z.enum(['ABOVE', 'BELOW']).nullable(),
  sellToken: z.string(),
  buyToken: z.string(),
  sellQuantity: maybe,
  buyQuantity: maybe,
  claimedBy: maybe,
  claimedAt: maybe,
  priceSeenUsd: maybe,
  txHash: maybe,
  soldQuantity: maybe,
  boughtQuantity: maybe,
  failureReason: maybe,
  createdAt: TIMESTAMP,
  updatedAt: TIMESTAMP,
});

/** A conditional position with its orders and history. */
const position = z.object({
  positionId: z.string(),
  network: ORDER_NETWORK,
  kind: z.enum(['ENTRY', 'EXIT']),
  status: POSITION_STATUS,
  asset: z.string(),
  quoteToken: z.string(),
  createdAt: TIMESTAMP,
  updatedAt: TIMESTAMP,
  orders: z.array(order),
  history: z.array(
    z.object({
      orderId: maybe,
      actor: z.string(),
      event: z.string(),
      priceSeen: maybe,
      txHash: maybe,
      detail: maybe,
      at: TIMESTAMP,
    }),
  ),
});

const placed = z.object({ placed: z.literal(true), note: z.string(), position });
const CONDITIONAL_CREATE_TOOLS = ['Solana', 'Ethereum', 'Bsc', 'Polygon', 'Base'].flatMap((chain) => [
  `create${chain}ConditionalEntry`,
  `create${chain}ConditionalExit`,
]);

/** An amount of BTC: a decimal string and whole satoshis as a string (no precision lost). */
const btcAmount = { btc: z.string(), sats: ATOMIC };

const EVM_ADDRESS = z.string().regex(/^0x[0-9a-fA-F]{40}$/);

/**
 * The answers described first: the account-side tools (wallet, memory, tracked wallets, settings, leaderboard,
 * conditional orders), getBTCBalances and the Hedera id conversions.
 */
export const ACCOUNT_OUTPUTS: ToolOutputs = {
  hederaContractIdToEvmAddress: z.object({ contractId: z.string(), evmAddress: EVM_ADDRESS }),
  hederaAccountIdToEvmAddress: z.object({ accountId: z.string(), evmAddress: EVM_ADDRESS, network: z.string() }),
  getBTCBalances: z.object({
    network: z.string(),
    segwit: z.object({ address: z.string(), ...btcAmount }),
    taproot: z.object({ address: z.string(), ...btcAmount }),
    total: z.object(btcAmount),
  }),
  ...(Object.fromEntries(CONDITIONAL_CREATE_TOOLS.map((name) => [name, placed])) as ToolOutputs),
  findPositionById: z.object({ position }),
  listPositions: z.object({
    network: z.union([ORDER_NETWORK, z.literal('all')]),
    positions: z.array(position),
    count: z.number().int(),
  }),
  getAllPositions: z.object({ positions: z.array(position), count: z.number().int() }),
  cancelPosition: z.object({ cancelled: z.literal(true), position }),
  closeAllPositions: z.object({
    network: ORDER_NETWORK,
    cancelled: z.array(z.string()),
    skipped: z.array(z.object({ positionId: z.string(), reason: z.string() })),
  }),
  updatePosition: z.object({ changes: z.array(z.string()), position }),
  deleteConditionalOrder: z.object({
    orderId: z.string(),
    action: z.enum(['cancelled', 'executed', 'failed']),
    order,
    positionStatus: POSITION_STATUS.optional(),
  }),
  calculateAdjustedPrice: z.object({
    priceUsd: z.string(),
    adjustPercent: z.number(),
    direction: z.enum(['ABOVE', 'BELOW']).nullable(),
    significantDigits: z.number().int(),
    adjustedPriceUsd: z.number(),
    priceFormatted: z.string(),
  }),
  wallet: z.object({
    accountId: z.string(),
    connectedWallets: z.array(z.object({ chainId: z.string(), address: z.string() })),
    vault: z.object({ networks: vaultNetworks }),
    slippage: z.object({ ...slippage, isDefault: z.boolean() }),
    policy,
  }),
  createMemory: z.object({ memory }),
  updateMemory: z.object({ memory }),
  deleteMemory: z.object({ memoryId: z.string(), deleted: z.literal(true) }),
  getUserMemoryCategories: z.object({
    categories: z.array(z.object({ category: z.string(), count: z.number().int(), lastUpdatedAt: TIMESTAMP })),
  }),
  getUserMemoriesByCategory: z.object({ category: z.string(), memories: z.array(memory) }),
  getTrackedWallets: z.object({
    wallets: z.array(trackedWallet),
    // Activity events: their fields are the webhook's `data` (docs/families/tracked-wallets.md).
    events: z.array(z.record(z.string(), z.unknown())),
  }),
  addTrackedWallet: z.object({ wallet: trackedWallet, created: z.boolean() }),
  removeTrackedWallet: z.object({ address: z.string(), removed: z.literal(true) }),
  setSlippageSettings: z.object({
    slippage: z.object(slippage),
  }),
  getLeaderboard: z.object({
    orderBy: z.enum(['volume', 'transactions', 'referrals', 'aura', 'pnl']),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z.number().int(),
    entries: z.array(
      z.object({
        rank: z.number().int(),
        wallet: z.string(),
        volumeUsd: z.string(),
        transactions: z.number().int(),
        referrals: z.number().int(),
        aura: z.number(),
        pnlUsd: z.string(),
      }),
    ),
    formulas: z.record(z.string(), z.string()),
    unavailable: z.array(z.string()),
    note: z.string().optional(),
  }),
};
