import { isSolanaAddress } from '@svc/chains';
import { SOLADDR } from '@svc/contracts';
import { NETWORKS } from '@svc/payments';
import type { FaucetFamily } from './family.js';

/** Sandbox USDC (SOL_USDC, at the mainnet mint) and native SOL on the sandbox Solana chain. */
export const solanaFaucet: FaucetFamily<'SOL_USDC' | 'SOL'> = {
  network: NETWORKS.solana,
  tokens: { SOL_USDC: 6, SOL: 9 },
  address: SOLADDR.refine(isSolanaAddress, 'must be a base58 Solana address of 32 bytes'),
  async fund(sandbox, { address, token, atomic }) {
    if (token === 'SOL') {
      await sandbox.solana.airdrop(address, atomic);
      return { transaction: null };
    }
    return { asset: sandbox.solana.usdcMint, transaction: await sandbox.solana.mintUsdc(address, atomic) };
  },
};
