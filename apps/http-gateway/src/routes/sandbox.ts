import { parseInput, POSDEC } from '@svc/contracts';
import { scaleUp } from '@svc/payments';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Sandbox } from '../sandbox.js';
import { evmFaucet } from './faucet/evm.js';
import type { FaucetFamily } from './faucet/family.js';
import { solanaFaucet } from './faucet/solana.js';
import { stacksFaucet } from './faucet/stacks.js';

const FAUCET_FAMILIES: readonly FaucetFamily[] = [evmFaucet, solanaFaucet, stacksFaucet];

/** Every faucet token with the family that funds it (token names are unique across families) and its decimals. */
const FAUCET_TOKENS = new Map(FAUCET_FAMILIES.flatMap((family) => Object.entries(family.tokens).map(([token, decimals]) => [token, { family, decimals }] as const)));

/** One request shape per family: the token names the family, which decides the address format. */
const requestOf = (family: FaucetFamily) =>
  z.strictObject({ address: family.address, token: z.enum(Object.keys(family.tokens) as [string, ...string[]]), amount: POSDEC });

const faucetRequest = z.discriminatedUnion('token', FAUCET_FAMILIES.map(requestOf) as [ReturnType<typeof requestOf>, ...ReturnType<typeof requestOf>[]]);

/**
 * `POST /api/sandbox/faucet {address, token, amount}`: funds a wallet on the sandbox chains (amount in whole
 * tokens, e.g. "5" USDC). Registered in sandbox mode only, so live mode answers 404.
 */
export function sandboxRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  app.post('/api/sandbox/faucet', async (request) => {
    const { address, token, amount } = parseInput(faucetRequest, request.body, 'sandbox faucet');
    // The union accepted the token, so it is listed.
    const { family, decimals } = FAUCET_TOKENS.get(token) as { family: FaucetFamily; decimals: number };
    const atomic = scaleUp(amount, decimals);
    const funding = await family.fund(sandbox, { address, token, atomic });
    return { sandbox: true, network: family.network, address, token, ...funding, amount, atomic: atomic.toString() };
  });
}
