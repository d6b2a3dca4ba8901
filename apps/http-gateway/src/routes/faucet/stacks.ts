import { isStacksMainnetAddress, NETWORKS, PAYMENT_TOKENS, parseStacksAsset, stacksAssetKey } from '@svc/payments';
import { z } from 'zod';
import type { FaucetFamily } from './family.js';

type StacksToken = 'STX' | 'SBTC' | 'USDCx';

/** The ledger's name for a token: 'STX', or its SIP-010 token contract. */
function ledgerAsset(token: StacksToken): string {
  const asset = parseStacksAsset(PAYMENT_TOKENS[token].asset);
  if (!asset) throw new Error(`PAYMENT_TOKENS.${token} has no Stacks asset id`);
  return stacksAssetKey(asset);
}

/** STX, sBTC and USDCx on the sandbox Stacks ledger (stacks:1), credited directly: the ledger has no blocks to mine. */
export const stacksFaucet: FaucetFamily<StacksToken> = {
  network: NETWORKS.stacks,
  tokens: { STX: PAYMENT_TOKENS.STX.decimals, SBTC: PAYMENT_TOKENS.SBTC.decimals, USDCx: PAYMENT_TOKENS.USDCx.decimals },
  address: z.string().refine(isStacksMainnetAddress, 'must be a Stacks mainnet address (c32check, SP… or SM…, with a valid checksum)'),
  async fund(sandbox, { address, token, atomic }) {
    sandbox.stacks.credit(address, ledgerAsset(token), atomic);
    return token === 'STX' ? { transaction: null } : { asset: PAYMENT_TOKENS[token].asset, transaction: null };
  },
};
