import { EVMADDR } from '@svc/contracts';
import { NETWORKS } from '@svc/payments';
import type { FaucetFamily } from './family.js';

/** Sandbox USDC (also by its payment-token name BASE_USDC) and native ETH on the sandbox Base chain. */
export const evmFaucet: FaucetFamily = {
  chains: ['base'],
  address: EVMADDR,
  chainOf: (token) => (token === 'BASE_USDC' ? 'base' : undefined),
  async describe(sandbox, chain) {
    const base = sandbox.base;
    return {
      chain,
      network: NETWORKS.base,
      rpcUrl: base.rpcUrl,
      nativeSymbol: 'ETH',
      tokens: [
        { symbol: 'ETH', decimals: 18, address: null },
        { symbol: 'USDC', decimals: 6, address: base.usdc },
        { symbol: 'BASE_USDC', decimals: 6, address: base.usdc },
      ],
      pools: [],
    };
  },
  async fund(sandbox, { address, token, atomic }) {
    const account = address as `0x${string}`;
    if (token.address === null) {
      const balance = await sandbox.base.publicClient.getBalance({ address: account });
      await sandbox.base.setNativeBalance(account, balance + atomic);
      return { transaction: null };
    }
    return { transaction: await sandbox.base.mintUsdc(account, atomic) };
  },
};
