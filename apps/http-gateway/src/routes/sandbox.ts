import { parseInput, POSDEC, ServiceError } from '@svc/contracts';
import { scaleUp } from '@svc/payments';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jsonBody, operation, type PathItem } from '../openapi-service-routes.js';
import type { Sandbox } from '../sandbox.js';
import { bitcoinFaucet } from './faucet/bitcoin.js';
import { evmFaucet } from './faucet/evm.js';
import { type FaucetFamily, type FaucetToken, findToken } from './faucet/family.js';
import { hederaFaucet } from './faucet/hedera.js';
import { SANDBOX_MARKET_SIMULATOR_OPENAPI_PATHS, sandboxMarketSimulatorRoutes } from './sandbox-market-simulator.js';
import { SANDBOX_PERPS_OPENAPI_PATHS, sandboxPerpsRoutes } from './sandbox-perps.js';
import { SANDBOX_PREDICT_OPENAPI_PATHS, sandboxPredictRoutes } from './sandbox-predict.js';
import { SANDBOX_CROSS_CHAIN_OPENAPI_PATHS, sandboxCrossChainRoutes } from './sandbox-cross-chain.js';
import { solanaFaucet } from './faucet/solana.js';
import { stacksFaucet } from './faucet/stacks.js';

const FAUCET_FAMILIES: readonly FaucetFamily[] = [evmFaucet, solanaFaucet, stacksFaucet, hederaFaucet, bitcoinFaucet];

const FAMILY_OF_CHAIN = new Map(
  FAUCET_FAMILIES.flatMap((family) => family.chains.map((chain) => [chain, family] as const)),
);
const CHAINS = [...FAMILY_OF_CHAIN.keys()] as [string, ...string[]];

export const faucetRequest = z.strictObject({
  address: z.string().min(1),
  chain: z.enum(CHAINS).optional(),
  token: z.string().min(1).max(100),
  amount: POSDEC,
});

/** The OpenAPI description of the routes below. */
export const SANDBOX_OPENAPI_PATHS: Readonly<Record<string, PathItem>> = {
  '/api/sandbox': {
    get: operation('sandboxInfo', { tag: 'Sandbox', summary: 'The sandbox chains and their tokens.' }),
  },
  '/api/sandbox/faucet': {
    post: operation('sandboxFaucet', {
      tag: 'Sandbox',
      summary: 'Send sandbox test tokens to an address.',
      requestBody: jsonBody(faucetRequest),
    }),
  },
  '/api/sandbox/reset': {
    post: operation('sandboxReset', {
      tag: 'Sandbox',
      summary: 'Restore every sandbox chain to its seeded state; database rows (accounts, credit, orders) stay.',
    }),
  },
  ...SANDBOX_MARKET_SIMULATOR_OPENAPI_PATHS,
  ...SANDBOX_PERPS_OPENAPI_PATHS,
  ...SANDBOX_PREDICT_OPENAPI_PATHS,
  ...SANDBOX_CROSS_CHAIN_OPENAPI_PATHS,
};

const invalid = (field: string, rule: string, message: string, limit?: number | string) =>
  new ServiceError('invalid_input', `sandbox faucet: ${field}: ${message}`, {
    issues: [{ field, rule, message: `${field}: ${message}`, ...(limit === undefined ? {} : { limit }) }],
  });

/** Whole tokens one request may fund: repeated requests then stay far below any balance's integer limit. */
const MAX_TOKENS_PER_REQUEST = 1_000_000n;
/** ERC-721 mints one id per token in a single transaction; more than this would run out of block gas. */
const MAX_ERC721_PER_REQUEST = 100n;

/** `amount` of `token` in atomic units, refused when it is finer than one unit or more than one request may fund. */
function atomicAmount(amount: string, token: FaucetToken, family: FaucetFamily): bigint {
  const fraction = amount.split('.')[1]?.replace(/0+$/, '') ?? '';
  if (fraction.length > token.decimals) {
    throw invalid(
      'amount',
      'too_precise',
      `${token.symbol} has ${token.decimals} decimals; "${amount}" is finer than one atomic unit`,
      token.decimals,
    );
  }
  const atomic = scaleUp(amount, token.decimals);
  const maxTokens = token.standard === 'ERC721' ? MAX_ERC721_PER_REQUEST : MAX_TOKENS_PER_REQUEST;
  if (atomic > maxTokens * 10n ** BigInt(token.decimals)) {
    throw invalid('amount', 'too_big', `at most ${maxTokens} ${token.symbol} per request`, maxTokens.toString());
  }
  if (atomic > family.maxAtomic.value) {
    throw invalid(
      'amount',
      'too_big',
      `more than a ${family.maxAtomic.type} balance can hold (${family.maxAtomic.value} atomic units)`,
      family.maxAtomic.value.toString(),
    );
  }
  return atomic;
}

/** The chain a request means: the one it names, or the one its token name implies. */
function chainOf(chain: string | undefined, token: string): string {
  if (chain) return chain;
  for (const family of FAUCET_FAMILIES) {
    const implied = family.chainOf(token);
    if (implied) return implied;
  }
  throw invalid(
    'chain',
    'required',
    `required for token "${token}" (one of ${CHAINS.join(', ')}); only payment-token names and coins of one chain imply it`,
  );
}

/**
 * The sandbox's own routes, registered in sandbox mode only (live mode answers 404):
 * - `GET /api/sandbox` describes every sandbox chain: its RPC URL, native coin, seeded tokens and pools.
 * - `POST /api/sandbox/faucet {address, chain, token, amount}` funds a wallet. `token` is a symbol (any case) or a
 *   contract/mint address on that chain; `amount` is in whole tokens ("5" USDC). `chain` may be left out when the token
 *   name implies it (BASE_USDC, SOL_USDC, SOL, STX, …).
 * - `POST /api/sandbox/reset` restores the chains to their seeded state and answers which chain families it reset
 *   and which it cannot reset yet. Database rows (accounts, credit, orders) stay: docs/concepts/sandbox-and-live.md.
 * - `GET` and `POST /api/sandbox/market/simulator` show and control the market simulator (sandbox-market-simulator.ts).
 * - `POST /api/sandbox/perps/position` and `GET /api/sandbox/perps/trades`: the sandbox perp exchange (sandbox-perps.ts).
 */
export function sandboxRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  app.get('/api/sandbox', async () => ({
    sandbox: true,
    chains: await Promise.all([...FAMILY_OF_CHAIN].map(([chain, family]) => family.describe(sandbox, chain))),
  }));

  app.post('/api/sandbox/faucet', async (request) => {
    const parsed = parseInput(faucetRequest, request.body, 'sandbox faucet');
    const chain = chainOf(parsed.chain, parsed.token);
    const family = FAMILY_OF_CHAIN.get(chain) as FaucetFamily;
    const address = family.address.safeParse(parsed.address);
    if (!address.success)
      throw invalid('address', 'format', `${address.error.issues[0]?.message ?? 'invalid'} (chain ${chain})`);
    const { tokens, network } = await family.describe(sandbox, chain);
    const token = findToken(tokens, parsed.token);
    if (!token)
      throw invalid(
        'token',
        'unknown_token',
        `no token "${parsed.token}" on sandbox chain ${chain}; it has ${tokens.map((known) => known.symbol).join(', ')}`,
      );
    const atomic = atomicAmount(parsed.amount, token, family);
    const funding = await family.fund(sandbox, { chain, address: address.data, token, atomic });
    return {
      sandbox: true,
      chain,
      network,
      address: address.data,
      token: token.symbol,
      ...(token.address === null ? {} : { asset: token.address }),
      ...funding,
      amount: parsed.amount,
      atomic: atomic.toString(),
    };
  });

  app.post('/api/sandbox/reset', async () => ({ sandbox: true, ...(await sandbox.reset()) }));

  sandboxMarketSimulatorRoutes(app, sandbox.market.simulator);
  sandboxPerpsRoutes(app, sandbox.perps);
  sandboxPredictRoutes(app, sandbox);
  sandboxCrossChainRoutes(app, sandbox.crossChain);
}
