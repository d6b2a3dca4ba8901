import { z } from 'zod';
import { ATOMIC } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

const EVM_ADDRESS = z.string().regex(/^0x[0-9a-fA-F]{40}$/);
/** A Hedera entity id, shard.realm.num. */
const ENTITY_ID = z.string().regex(/^\d+\.\d+\.\d+$/);

/**
 * A submitted transaction: the live network's receipt carries no consensus timestamp nor fee (null, read them on the
 * mirror node under the transaction id); the sandbox knows them at once.
 */
const executed = {
  network: z.string(),
  transactionId: z.string(),
  status: z.string(),
  consensusTimestamp: z.string().nullable(),
  feeTinybars: ATOMIC.nullable(),
};

/** A send from the vault's account (HBAR has a null tokenId). */
const send = z.object({
  ...executed,
  from: z.object({ accountId: ENTITY_ID, evmAddress: EVM_ADDRESS }),
  sourceAccountCreated: z.boolean(),
  to: z.string(),
  symbol: z.string(),
  tokenId: ENTITY_ID.nullable(),
  amount: z.string(),
  amountUnits: ATOMIC,
});

/** The Hedera family's answers besides the two id conversions (account.ts). */
export const HEDERA_OUTPUTS: ToolOutputs = {
  hederaNativeSend: send,
  hederaERC20TokenSend: send,
  hederaGetBalances: z.object({
    network: z.string(),
    evmAddress: EVM_ADDRESS,
    // Null while the vault's alias has no account on the network yet.
    accountId: ENTITY_ID.nullable(),
    balances: z.array(
      z.object({
        symbol: z.string(),
        tokenId: ENTITY_ID.nullable(),
        decimals: z.number().int(),
        balanceUnits: z.string(),
        balance: z.string(),
      }),
    ),
  }),
  hederaFindTokens: z.object({
    network: z.string(),
    tokens: z.array(
      z.object({
        tokenId: ENTITY_ID,
        symbol: z.string(),
        name: z.string(),
        decimals: z.number().int(),
        evmAddress: EVM_ADDRESS,
      }),
    ),
  }),
  hederaTokensSwapQuote: z.object({
    network: z.string(),
    venue: z.string(),
    poolFeePercent: z.number(),
    fromTokenId: z.string(),
    toTokenId: z.string(),
    fromSymbol: z.string(),
    toSymbol: z.string(),
    isExactOutput: z.boolean(),
    route: z.array(ENTITY_ID),
    amountIn: z.string(),
    amountOut: z.string(),
    amountInUnits: ATOMIC,
    amountOutUnits: ATOMIC,
  }),
  hederaTokensSwap: z.object({
    ...executed,
    venue: z.string(),
    approvalTransactionId: z.string().nullable(),
    fromTokenId: z.string(),
    toTokenId: z.string(),
    route: z.array(ENTITY_ID),
    amountIn: z.string(),
    amountInUnits: ATOMIC,
    quotedAmountOut: z.string(),
    quotedAmountOutUnits: ATOMIC,
    slippagePercent: z.number(),
    amountOutMin: z.string(),
    amountOutMinUnits: ATOMIC,
    // What arrived, where the network reports it at once (the sandbox); null on the live network.
    amountOut: z.string().nullable(),
    amountOutUnits: ATOMIC.nullable(),
  }),
};
