import { isStacksMainnetAddress, NETWORKS, PAYMENT_TOKENS, parseStacksAsset, stacksAssetKey } from '@svc/payments';
import { z } from 'zod';
import type { FaucetFamily, FaucetToken } from './family.js';

const STACKS_TOKENS: readonly FaucetToken[] = [
  { symbol: 'STX', decimals: PAYMENT_TOKENS.STX.decimals, address: null },
  { symbol: 'SBTC', decimals: PAYMENT_TOKENS.SBTC.decimals, address: PAYMENT_TOKENS.SBTC.asset },
  { symbol: 'USDCx', decimals: PAYMENT_TOKENS.USDCx.decimals, address: PAYMENT_TOKENS.USDCx.asset },
];

/** The ledger's name for a token: 'STX', or its SIP-010 token contract. */
function ledgerAsset(token: FaucetToken): string {
  if (token.address === null) return 'STX';
  const asset = parseStacksAsset(token.address);
  if (!asset) throw new Error(`${token.symbol} has no Stacks asset id`);
  return stacksAssetKey(asset);
}

/** STX, sBTC and USDCx on the sandbox Stacks ledger (stacks:1), credited directly: the ledger has no blocks to mine. */
export const stacksFaucet: FaucetFamily = {
  chains: ['stacks'],
  maxAtomic: { value: 2n ** 128n - 1n, type: 'u128' },
  address: z
    .string()
    .refine(isStacksMainnetAddress, 'must be a Stacks mainnet address (c32check, SP… or SM…, with a valid checksum)'),
  chainOf: (token) => (STACKS_TOKENS.some((known) => known.symbol === token) ? 'stacks' : undefined),
  async describe(_sandbox, chain) {
    return { chain, network: NETWORKS.stacks, rpcUrl: null, nativeSymbol: 'STX', tokens: STACKS_TOKENS, pools: [] };
  },
  async fund(sandbox, { address, token, atomic }) {
    sandbox.stacks.credit(address, ledgerAsset(token), atomic);
    return { transaction: null };
  },
};
