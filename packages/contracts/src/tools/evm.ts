import { z } from 'zod';
import { AMOUNT_OR_MAX, body, CHAINID5, emptyBody, EVMADDR, POSDEC, SELL_AMOUNT } from '../formats.js';
import { defineTool, MOVES_FUNDS, type ToolGroup } from '../types.js';

/**
 * EVM chain tools (Ethereum, BSC, Polygon, Base, altchain) from one per-chain factory, plus the BSC bonding-curve
 * launchpad tools and the Base token-factory discovery tool.
 *
 * Optional recipient / token fields: the spec shows `to`, `token`, `tokenAddress`, `sellTokenAddress` and
 * `buyTokenAddress` without `*`, so the schemas keep them optional; each tool's description states what the handler
 * does when one is omitted (sends and launchpad trades answer a 400-class invalid_input error and move nothing;
 * swaps and quotes treat an omitted token address as the chain's native coin).
 */

interface EvmChainSpec {
  /** Display name in summaries. */
  readonly label: string;
  readonly group: ToolGroup;
  readonly chainId: number;
  /** Native coin symbol, or null where the summary just says "native coin". */
  readonly nativeSymbol: string | null;
  /** Tool names exactly as the spec's per-chain table gives them. */
  readonly names: {
    readonly nativeSend: string;
    readonly sendERC20: string;
    readonly balances: string;
    readonly swapQuote: string;
    readonly swap: string;
  };
  /** The chain's NFT send tool, with any extra body fields (ethSendNFT takes chainId*), or null when it has none. */
  readonly nft: { readonly name: string; readonly extra: z.ZodRawShape } | null;
}

/** The spec's per-chain table. */
const EVM_CHAINS = {
  ethereum: {
    label: 'Ethereum',
    group: 'Ethereum',
    chainId: 1,
    nativeSymbol: 'ETH',
    names: {
      nativeSend: 'ethNativeSend',
      sendERC20: 'ethSendERC20Token',
      balances: 'ethGetBalances',
      swapQuote: 'ethSwapQuote',
      swap: 'ethSwap',
    },
    nft: { name: 'ethSendNFT', extra: { chainId: CHAINID5 } },
  },
  bsc: {
    label: 'BSC',
    group: 'BSC',
    chainId: 56,
    nativeSymbol: 'BNB',
    names: {
      nativeSend: 'bnbNativeSend',
      sendERC20: 'bscSendERC20Token',
      balances: 'bscGetBalances',
      swapQuote: 'bscSwapQuote',
      swap: 'bscSwap',
    },
    nft: null,
  },
  polygon: {
    label: 'Polygon',
    group: 'Polygon',
    chainId: 137,
    nativeSymbol: 'POL',
    names: {
      nativeSend: 'polygonNativeSend',
      sendERC20: 'polygonSendERC20Token',
      balances: 'polygonGetBalances',
      swapQuote: 'polygonSwapQuote',
      swap: 'polygonSwap',
    },
    nft: null,
  },
  base: {
    label: 'Base',
    group: 'Base',
    chainId: 8453,
    nativeSymbol: 'ETH',
    names: {
      nativeSend: 'baseNativeSend',
      sendERC20: 'baseSendERC20Token',
      balances: 'baseGetBalances',
      swapQuote: 'baseSwapQuote',
      swap: 'baseSwap',
    },
    nft: { name: 'baseSendNFT', extra: {} },
  },
  altchain: {
    label: 'altchain',
    group: 'Alt Chain',
    chainId: 4663,
    nativeSymbol: null,
    names: {
      nativeSend: 'altchainNativeSend',
      sendERC20: 'altchainSendERC20Token',
      balances: 'altchainGetBalances',
      swapQuote: 'altchainSwapQuote',
      swap: 'altchainSwap',
    },
    nft: { name: 'altchainSendNFT', extra: {} },
  },
} as const satisfies Record<string, EvmChainSpec>;

const MISSING_TO =
  "When to is omitted the handler answers a 400-class invalid_input error 'to is required to send' and moves nothing.";

/** NFT token id: a non-negative integer as a decimal string (uint256; 0 is a valid id). */
const NFT_TOKEN_ID = z.string().regex(/^\d+$/, 'must be a token id as a decimal string of digits, such as "1234"');

const nftFields = {
  to: EVMADDR.optional(),
  tokenAddress: EVMADDR.optional(),
  tokenId: NFT_TOKEN_ID,
  tokenStandard: z.enum(['ERC721', 'ERC1155']),
  quantity: z.number().int().positive().optional(),
};

const swapFields = {
  sellTokenAddress: EVMADDR.optional(),
  buyTokenAddress: EVMADDR.optional(),
  sellAmount: SELL_AMOUNT,
};

const SWAP_NOTES =
  "sellAmount: token units as a decimal ('0.5'), a USD budget ('$5' or '5 usd'; never convert it yourself), or 'max' (full balance). " +
  'Swaps are exact-input. An omitted sellTokenAddress / buyTokenAddress means the chain native coin; the handler rejects a swap ' +
  'whose two sides resolve to the same token (including both omitted).';

/**
 * The tools of one EVM chain, named and grouped per the spec's table. (Property reads on a generic widen to the
 * constraint's `string`; the `as C[...]` casts keep each tool's literal name for handler typing.)
 */
function evmChainTools<const C extends EvmChainSpec>(chain: C) {
  const native = chain.nativeSymbol ? `native ${chain.nativeSymbol}` : 'the native coin';
  const core = [
    defineTool({
      name: chain.names.nativeSend as C['names']['nativeSend'],
      group: chain.group,
      summary: `Send ${native} on ${chain.label} from the connected wallet.`,
      description:
        `amount is a positive decimal string in whole ${chain.nativeSymbol ?? 'native-coin'} units, or 'max' for the latest on-chain ` +
        `balance minus a configured gas reserve. ${MISSING_TO}`,
      input: body({ to: EVMADDR.optional(), amount: AMOUNT_OR_MAX }),
      price: 'evm-wallet',
      identity: true,
      effect: 'write',
      settlement: 'commit-point',
      change: MOVES_FUNDS,
    }),
    defineTool({
      name: chain.names.sendERC20 as C['names']['sendERC20'],
      group: chain.group,
      summary: `Send an ERC-20 token on ${chain.label} from the connected wallet.`,
      description:
        "amount is a positive decimal string in whole-token units, or 'max' for the full token balance read from the chain. token is " +
        `the token contract address; without it the handler answers 'token is required to send'. ${MISSING_TO}`,
      input: body({ to: EVMADDR.optional(), amount: AMOUNT_OR_MAX, token: EVMADDR.optional() }),
      price: 'evm-wallet',
      identity: true,
      effect: 'write',
      settlement: 'commit-point',
      change: MOVES_FUNDS,
    }),
    defineTool({
      name: chain.names.balances as C['names']['balances'],
      group: chain.group,
      summary: `The connected wallet's ${native} and token balances on ${chain.label}.`,
      description:
        'Each balance carries the exact balance field and a rounded humanReadableBalance; use balance for trades.',
      input: emptyBody(),
      price: 'evm-wallet',
      identity: true,
      effect: 'read',
      settlement: 'after-success',
    }),
    defineTool({
      name: chain.names.swapQuote as C['names']['swapQuote'],
      group: chain.group,
      summary: `Quote an exact-input token swap on ${chain.label}; returns a conditionalOrderHandoff.`,
      description: `${SWAP_NOTES} The normalised conditionalOrderHandoff feeds the conditional-order tools.`,
      input: body(swapFields),
      price: 'evm-swap',
      identity: false,
      effect: 'read',
      settlement: 'after-success',
    }),
    defineTool({
      name: chain.names.swap as C['names']['swap'],
      group: chain.group,
      summary: `Swap tokens on ${chain.label} from the connected wallet (exact input, DEX aggregation).`,
      description: SWAP_NOTES,
      input: body(swapFields),
      price: 'evm-swap',
      identity: true,
      effect: 'write',
      settlement: 'commit-point',
      change: MOVES_FUNDS,
    }),
  ] as const;
  const nft = chain.nft as C['nft'];
  if (!nft) return [...core];
  return [
    ...core,
    defineTool({
      name: nft.name as NonNullable<C['nft']>['name'],
      group: chain.group,
      summary:
        'chainId' in nft.extra
          ? 'Send an ERC-721 or ERC-1155 NFT from the connected wallet on any of the five EVM chains (chainId selects it).'
          : `Send an ERC-721 or ERC-1155 NFT on ${chain.label} from the connected wallet.`,
      description:
        'tokenAddress is the NFT contract, tokenId a decimal string, tokenStandard ERC721 or ERC1155. quantity (integer > 0) ' +
        'applies to ERC-1155 only (the handler sends 1 when omitted) and is ignored for ERC-721. Without tokenAddress the handler ' +
        `answers 'tokenAddress is required to send'. ${MISSING_TO}`,
      input: body({ ...nftFields, ...(nft.extra as NonNullable<C['nft']>['extra']) }),
      price: 'evm-wallet',
      identity: true,
      effect: 'write',
      settlement: 'commit-point',
      change: MOVES_FUNDS,
    }),
  ];
}

/** BSC bonding-curve launchpad tools. */
const bscBondingTools = [
  defineTool({
    name: 'bscfindMemeCoinsViaBonding',
    group: 'BSC',
    summary: 'Find meme coins on the BSC bonding-curve launchpad by hotness, newest or curve progress.',
    description:
      'labels filters by one category label. listedDex true restricts to tokens already listed on the BSC DEX. Pages start at pageIndex 1.',
    input: body({
      orderBy: z.enum(['TimeDesc', 'Hot', 'ProgressDesc']).default('Hot'),
      tokenName: z.string().optional(),
      listedDex: z.boolean().optional(),
      pageIndex: z.number().default(1),
      pageSize: z.number().default(30),
      symbol: z.string().optional(),
      labels: z
        .enum(['AI', 'Defi', 'Games', 'Meme', 'Infra', 'DeSci', 'Social', 'Depin', 'Charity', 'Others'])
        .optional(),
    }),
    price: 'launchpad',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'bscBuyBondingToken',
    group: 'BSC',
    summary: 'Buy a BSC bonding-curve launchpad token with BNB.',
    description:
      "bnbAmount is the BNB to spend as a positive decimal string. Without tokenAddress the handler answers 'tokenAddress is required'. " +
      'Check isBondingToken first: a token that left the curve trades with bscSwap.',
    input: body({ tokenAddress: EVMADDR.optional(), bnbAmount: POSDEC }),
    price: 'launchpad',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'bscSellBondingToken',
    group: 'BSC',
    summary: 'Sell a BSC bonding-curve launchpad token back to its curve for BNB.',
    description:
      "tokenAmount is a positive decimal string of whole tokens, or 'max' for the full balance. Without tokenAddress the handler answers 'tokenAddress is required'.",
    input: body({ tokenAddress: EVMADDR.optional(), tokenAmount: AMOUNT_OR_MAX }),
    price: 'launchpad',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'isBondingToken',
    group: 'BSC',
    summary: 'Tell whether a BSC token is registered on the bonding-curve launchpad and still on its curve.',
    description: "Without tokenAddress the handler answers 'tokenAddress is required'.",
    input: body({ tokenAddress: EVMADDR.optional() }),
    price: 'launchpad',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
];

const baseFactoryTools = [
  defineTool({
    name: 'baseFindFactoryTokens',
    group: 'Base',
    summary: 'Discover tokens created by the Base token factory, by market cap or creation time, with optional search.',
    description: 'Its tokens are plain ERC-20s: trade them with baseSwap. q is a free-text search.',
    input: body({
      limit: z.number().default(20),
      offset: z.number().default(0),
      sortBy: z.enum(['market-cap', 'created-at']).default('market-cap'),
      sort: z.enum(['asc', 'desc']).default('desc'),
      chainId: z.number().default(8453),
      includeMarket: z.boolean().default(true),
      includeUser: z.boolean().default(false),
      q: z.string().optional(),
    }),
    price: 'launchpad',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
];

export const evmTools = [
  ...evmChainTools(EVM_CHAINS.ethereum),
  ...evmChainTools(EVM_CHAINS.bsc),
  ...evmChainTools(EVM_CHAINS.polygon),
  ...evmChainTools(EVM_CHAINS.base),
  ...evmChainTools(EVM_CHAINS.altchain),
  ...bscBondingTools,
  ...baseFactoryTools,
];
