import { z } from 'zod';
import { BYTES32, CHAINID5, EVMADDR } from '../formats.js';
import { ATOMIC, DECIMAL, evmChainBalances } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

/** Each chain's tool name prefix, per tool kind (the spec's table names the BSC native send after BNB). */
const PREFIXES = ['eth', 'bsc', 'polygon', 'base', 'altchain'] as const;
const NATIVE_SEND_PREFIXES = ['eth', 'bnb', 'polygon', 'base', 'altchain'] as const;
const NFT_PREFIXES = ['eth', 'base', 'altchain'] as const;

/** The same answer schema for one tool kind on each chain: `<prefix><suffix>`. */
const perChain = (prefixes: readonly string[], suffix: string, schema: z.ZodType): ToolOutputs =>
  Object.fromEntries(prefixes.map((prefix) => [`${prefix}${suffix}`, schema])) as ToolOutputs;

/** A sent transaction: the chain, its hash, the vault that signed it and the recipient. */
const sent = { chainId: CHAINID5, txHash: BYTES32, from: EVMADDR, to: EVMADDR };

/** A side of a swap: the contract, or ETH_NATIVE for the native coin. */
const swapToken = z.object({ address: EVMADDR, symbol: z.string() });
const swapAmounts = {
  sellAmount: DECIMAL,
  buyAmount: DECIMAL,
  minBuyAmount: DECIMAL,
  slippagePercent: z.number(),
  source: z.string(),
};

/** The EVM chain tools (sends, NFT sends, balances, swap quotes and swaps) of the five EVM chains. */
export const EVM_OUTPUTS: ToolOutputs = {
  ...perChain(
    NATIVE_SEND_PREFIXES,
    'NativeSend',
    z.object({ ...sent, amount: DECIMAL, symbol: z.string(), feeWei: ATOMIC }),
  ),
  ...perChain(PREFIXES, 'SendERC20Token', z.object({ ...sent, token: EVMADDR, symbol: z.string(), amount: DECIMAL })),
  ...perChain(
    NFT_PREFIXES,
    'SendNFT',
    z.object({
      ...sent,
      tokenAddress: EVMADDR,
      tokenId: z.string(),
      tokenStandard: z.enum(['ERC721', 'ERC1155']),
      quantity: z.number().int().positive(),
    }),
  ),
  ...perChain(PREFIXES, 'GetBalances', evmChainBalances.extend({ chainId: CHAINID5 })),
  ...perChain(
    PREFIXES,
    'SwapQuote',
    z.object({
      chainId: CHAINID5,
      sellToken: swapToken.extend({ decimals: z.number().int() }),
      buyToken: swapToken.extend({ decimals: z.number().int() }),
      ...swapAmounts,
      // The fields a conditional order takes, so a quote can be placed as one as is.
      conditionalOrderHandoff: z.object({
        receiveToken: EVMADDR,
        spendToken: EVMADDR,
        spendQuantity: z.number(),
        receiveTokenPriceUsd: z.number(),
        spendTokenPriceUsd: z.number(),
      }),
    }),
  ),
  ...perChain(
    PREFIXES,
    'Swap',
    z.object({
      chainId: CHAINID5,
      txHash: BYTES32,
      // Null when the allowance already sufficed or the sell side is the native coin.
      approvalTxHash: BYTES32.nullable(),
      from: EVMADDR,
      sellToken: swapToken,
      buyToken: swapToken,
      ...swapAmounts,
      quotedBuyAmount: DECIMAL,
    }),
  ),
};
