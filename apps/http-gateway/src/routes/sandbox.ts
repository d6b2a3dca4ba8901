import { isSolanaAddress } from '@svc/chains';
import { EVMADDR, parseInput, POSDEC, SOLADDR } from '@svc/contracts';
import { NETWORKS, scaleUp } from '@svc/payments';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { Sandbox } from '../sandbox.js';

/**
 * What the faucet can fund, with each token's decimals: sandbox USDC and native ETH on the sandbox Base chain
 * (EVM address), sandbox USDC (SOL_USDC) and native SOL on the sandbox Solana chain (base58 address).
 */
const EVM_FAUCET_TOKENS = { BASE_USDC: 6, USDC: 6, ETH: 18 } as const;
const SOLANA_FAUCET_TOKENS = { SOL_USDC: 6, SOL: 9 } as const;

const tokenEnum = <T extends Record<string, number>>(tokens: T) => z.enum(Object.keys(tokens) as [keyof T & string, ...(keyof T & string)[]]);

const faucetRequest = z.discriminatedUnion('token', [
  z.strictObject({ address: EVMADDR, token: tokenEnum(EVM_FAUCET_TOKENS), amount: POSDEC }),
  z.strictObject({ address: SOLADDR.refine(isSolanaAddress, 'must be a base58 Solana address of 32 bytes'), token: tokenEnum(SOLANA_FAUCET_TOKENS), amount: POSDEC }),
]);

/**
 * `POST /api/sandbox/faucet {address, token, amount}`: funds a wallet on the sandbox chains (amount in whole
 * tokens, e.g. "5" USDC). Registered in sandbox mode only, so live mode answers 404.
 */
export function sandboxRoutes(app: FastifyInstance, sandbox: Sandbox): void {
  app.post('/api/sandbox/faucet', async (request) => {
    const input = parseInput(faucetRequest, request.body, 'sandbox faucet');
    const { token, amount } = input;
    if (token === 'SOL_USDC' || token === 'SOL') {
      const { address } = input;
      const atomic = scaleUp(amount, SOLANA_FAUCET_TOKENS[token]);
      const network = NETWORKS.solana;
      if (token === 'SOL') {
        await sandbox.solana.airdrop(address, atomic);
        return { sandbox: true, network, address, token, amount, atomic: atomic.toString(), transaction: null };
      }
      const transaction = await sandbox.solana.mintUsdc(address, atomic);
      return { sandbox: true, network, address, token, asset: sandbox.solana.usdcMint, amount, atomic: atomic.toString(), transaction };
    }
    const address = input.address as `0x${string}`;
    const atomic = scaleUp(amount, EVM_FAUCET_TOKENS[token]);
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
