import { z } from 'zod';
import { body, emptyBody, EVMADDR, HEDERA_ID, POSDEC } from '../formats.js';
import { defineTool, MOVES_FUNDS } from '../types.js';

/** Hedera swap token id: 0.0.x, where 0.0.000000 (any zero form) means native HBAR. */
const HEDERA_TOKEN_ID = HEDERA_ID;

/** Launchpad token: its EVM address or its Hedera token id. */
const LAUNCH_TOKEN_ID = z.union([EVMADDR, HEDERA_ID]);

const MISSING_RECIPIENT =
  "to is optional in the schema (the spec marks it so); a send needs a recipient, so when to is omitted the handler rejects the call with a 400-class invalid_input error 'to is required to send' and moves nothing.";

export const hederaTools = [
  defineTool({
    name: 'hederaNativeSend',
    group: 'Hedera',
    summary: 'Send HBAR from the connected wallet to an EVM-style address.',
    description:
      "amount is a positive decimal string of whole HBAR. The source Hedera account is created on the first send: the vault key's EVM address is an alias whose account " +
      'Hedera creates when it first receives HBAR, and the first send, signed with the key, completes it (sourceAccountCreated true); a vault whose address never received HBAR ' +
      'gets a 400 (amount, insufficient_funds) saying how to fund it. ' +
      MISSING_RECIPIENT,
    input: body({ to: EVMADDR.optional(), amount: POSDEC }),
    price: 'hedera-wallet',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'hederaERC20TokenSend',
    group: 'Hedera',
    summary: 'Send a Hedera token (by its EVM token-contract address) from the connected wallet.',
    description:
      'amount is a positive decimal string in whole-token units; token is the EVM address of the token contract. ' +
      MISSING_RECIPIENT +
      " Likewise token: without it the handler answers 'token is required to send'.",
    input: body({ to: EVMADDR.optional(), amount: POSDEC, token: EVMADDR.optional() }),
    price: 'hedera-wallet',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'hederaGetBalances',
    group: 'Hedera',
    summary: "The connected wallet's HBAR and token balances.",
    description: 'Each balance carries exact balanceUnits and a rounded balance; use balanceUnits for trades.',
    input: emptyBody(),
    price: 'hedera-wallet',
    identity: true,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'hederaContractIdToEvmAddress',
    group: 'Hedera',
    summary: 'Convert a Hedera contract id (0.0.x) to its EVM address (pure conversion).',
    input: body({ contractId: HEDERA_ID }),
    price: 'hedera-wallet',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'hederaAccountIdToEvmAddress',
    group: 'Hedera',
    summary: 'Resolve a Hedera account id (0.0.x) to its EVM address via the mirror network.',
    input: body({ address: HEDERA_ID }),
    price: 'hedera-wallet',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'hederaFindTokens',
    group: 'Hedera',
    summary: 'Find Hedera tokens by a case-insensitive substring of name or symbol; omit query to list all.',
    input: body({ query: z.string().optional() }),
    price: 'hedera-wallet',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'hederaTokensSwapQuote',
    group: 'Hedera',
    summary: 'Quote a Hedera DEX swap, exact input (amount) or exact output (exactOutputAmount).',
    description:
      'Token ids are 0.0.x; 0.0.000000 means HBAR. With isExactOutput false (the default) give amount (the exact input) and ' +
      'not exactOutputAmount; with isExactOutput true give exactOutputAmount and not amount. Amount strings must be non-empty.',
    input: body({
      fromTokenId: HEDERA_TOKEN_ID,
      toTokenId: HEDERA_TOKEN_ID,
      fromTokenDecimals: z.number(),
      toTokenDecimals: z.number(),
      amount: z.string().min(1).optional(),
      exactOutputAmount: z.string().min(1).optional(),
      isExactOutput: z.boolean().default(false),
    })
      .superRefine((value, ctx) => {
        const exactOutput = value.isExactOutput === true;
        const hasAmount = value.amount !== undefined;
        const hasExactOutput = value.exactOutputAmount !== undefined;
        if (exactOutput) {
          if (!hasExactOutput)
            ctx.addIssue({
              code: 'custom',
              path: ['exactOutputAmount'],
              message: 'exactOutputAmount is required when isExactOutput is true',
            });
          if (hasAmount)
            ctx.addIssue({
              code: 'custom',
              path: ['amount'],
              message: 'amount must be omitted when isExactOutput is true (give exactOutputAmount)',
            });
        } else {
          if (!hasAmount)
            ctx.addIssue({
              code: 'custom',
              path: ['amount'],
              message: 'amount is required when isExactOutput is false or omitted',
            });
          if (hasExactOutput)
            ctx.addIssue({
              code: 'custom',
              path: ['exactOutputAmount'],
              message: 'exactOutputAmount requires isExactOutput true (give amount for an exact-input quote)',
            });
        }
      })
      .meta({
        allOf: [
          {
            if: { required: ['isExactOutput'], properties: { isExactOutput: { const: true } } },
            then: { required: ['exactOutputAmount'], not: { required: ['amount'] } },
            else: { required: ['amount'], not: { required: ['exactOutputAmount'] } },
          },
        ],
      }),
    price: 'hedera-wallet',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'hederaTokensSwap',
    group: 'Hedera',
    summary: 'Swap Hedera tokens (exact input) from the connected wallet on the Hedera DEX.',
    description:
      'Token ids are 0.0.x (0.0.000000 means HBAR). amount is a non-empty string (exact input). Set useNative true when swapping from native HBAR.',
    input: body({
      fromTokenId: HEDERA_TOKEN_ID,
      toTokenId: HEDERA_TOKEN_ID,
      amount: z.string().min(1),
      useNative: z.boolean().default(false),
    }),
    price: 'hedera-wallet',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'hederaFindMemeCoins',
    group: 'Hedera',
    summary: 'List meme coins on the Hedera bonding-curve launchpad by market cap, age, activity or promotion.',
    input: body({
      page: z.number().int().min(0).default(0),
      limit: z.number().int().min(1).max(50).default(10),
      orderBy: z.enum(['market-cap', 'creation-time', 'last-activity', 'nearest-promoted']).default('market-cap'),
      orderDirection: z.enum(['asc', 'desc']).default('desc'),
    }),
    price: 'launchpad',
    identity: false,
    effect: 'read',
    settlement: 'after-success',
  }),
  defineTool({
    name: 'hederaLaunchBuyToken',
    group: 'Hedera',
    summary: 'Buy a Hedera launchpad token on its bonding curve with HBAR.',
    description:
      'tokenId is the token EVM address or its 0.0.x id; amount is the HBAR to spend as a positive decimal string.',
    input: body({ tokenId: LAUNCH_TOKEN_ID, amount: POSDEC }),
    price: 'launchpad',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
  defineTool({
    name: 'hederaLaunchSellToken',
    group: 'Hedera',
    summary: 'Sell a Hedera launchpad token back to its bonding curve for HBAR.',
    description:
      'tokenId as in hederaLaunchBuyToken (EVM address or 0.0.x); amount is the tokens to sell as a positive decimal string of whole-token units.',
    input: body({ tokenId: LAUNCH_TOKEN_ID, amount: POSDEC }),
    price: 'launchpad',
    identity: true,
    effect: 'write',
    settlement: 'commit-point',
    change: MOVES_FUNDS,
  }),
];
