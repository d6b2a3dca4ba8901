import { isSolanaAddress } from '@svc/chains';
import { SOLADDR } from '@svc/contracts';
import { NETWORKS } from '@svc/payments';
import type { FaucetFamily } from './family.js';

/** Sandbox USDC (also by its payment-token name SOL_USDC, at the mainnet mint) and native SOL on the sandbox Solana chain. */
export const solanaFaucet: FaucetFamily = {
  chains: ['solana'],
  address: SOLADDR.refine(isSolanaAddress, 'must be a base58 Solana address of 32 bytes'),
  chainOf: (token) => (token === 'SOL_USDC' || token === 'SOL' ? 'solana' : undefined),
  async describe(sandbox, chain) {
    return {
      chain,
      network: NETWORKS.solana,
      rpcUrl: sandbox.solana.rpcUrl,
      nativeSymbol: 'SOL',
      tokens: [
        { symbol: 'SOL', decimals: 9, address: null },
        { symbol: 'USDC', decimals: 6, address: sandbox.solana.usdcMint },
        { symbol: 'SOL_USDC', decimals: 6, address: sandbox.solana.usdcMint },
      ],
      pools: [],
    };
  },
  async fund(sandbox, { address, token, atomic }) {
    if (token.address === null) {
      await sandbox.solana.airdrop(address, atomic);
      return { transaction: null };
    }
    return { transaction: await sandbox.solana.mintUsdc(address, atomic) };
  },
};
