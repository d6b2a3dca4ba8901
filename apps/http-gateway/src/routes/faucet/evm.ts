import { EVMADDR } from '@svc/contracts';
import { NETWORKS } from '@svc/payments';
import type { FaucetFamily } from './family.js';

/** Sandbox USDC and native ETH on the sandbox Base chain. */
export const evmFaucet: FaucetFamily<'BASE_USDC' | 'USDC' | 'ETH'> = {
  network: NETWORKS.base,
  tokens: { BASE_USDC: 6, USDC: 6, ETH: 18 },
  address: EVMADDR,
  async fund(sandbox, { address, token, atomic }) {
    const account = address as `0x${string}`;
    if (token === 'ETH') {
      const balance = await sandbox.base.publicClient.getBalance({ address: account });
      await sandbox.base.setNativeBalance(account, balance + atomic);
      return { transaction: null };
    }
    return { asset: sandbox.base.usdc, transaction: await sandbox.base.mintUsdc(account, atomic) };
  },
};
