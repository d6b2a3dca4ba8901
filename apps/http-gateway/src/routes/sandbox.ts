import { EVMADDR, parseInput, POSDEC } from '@svc/contracts';
import { scaleUp } from '@svc/payments';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Sandbox } from '../sandbox.js';

/** What the faucet can fund today: sandbox USDC and native ETH on the sandbox Base chain. */
const FAUCET_TOKENS = { BASE_USDC: 6, USDC: 6, ETH: 18 } as const;

const faucetRequest = z.strictObject({
  address: EVMADDR,
  token: z.enum(Object.keys(FAUCET_TOKENS) as [keyof typeof FAUCET_TOKENS, ...(keyof typeof FAUCET_TOKENS)[]]),
  amount: POSDEC,
});

/**
 * `POST /api/sandbox/faucet {address, token, amount}`: funds a wallet on the sandbox chains (amount in whole
 * tokens, e.g. "5" USDC). Registered in sandbox mode only, so live mode answers 404.
 */
export function sandboxRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  app.post('/api/sandbox/faucet', async (request) => {
    const { address: raw, token, amount } = parseInput(faucetRequest, request.body, 'sandbox faucet');
    const address = raw as `0x${string}`;
    const atomic = scaleUp(amount, FAUCET_TOKENS[token]);
    const network = 'eip155:8453';
    if (token === 'ETH') {
      const balance = await sandbox.base.publicClient.getBalance({ address });
      await sandbox.base.setNativeBalance(address, balance + atomic);
      return { sandbox: true, network, address, token, amount, transaction: null };
    }
    const transaction = await sandbox.base.mintUsdc(address, atomic);
    return { sandbox: true, network, address, token, asset: sandbox.base.usdc, amount, atomic: atomic.toString(), transaction };
  });
}
