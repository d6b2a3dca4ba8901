import { isSolanaAddress } from '@svc/sandbox';
import { SOLADDR } from '@svc/contracts';
import { NETWORKS } from '@svc/payments';
import type { FaucetFamily } from './family.js';

/**
 * Every seeded asset of the sandbox Solana chain: native SOL (symbol SOL), WSOL (its own token at the native mint
 * So111…112, credited by wrapping SOL), USDC at the mainnet mint (also by its payment-token name SOL_USDC), BONK and
 * JUP at their mainnet mints, the tokenized stocks, and TFEE (a Token-2022 mint with a transfer fee, minted into a
 * Token-2022 account); `pools` lists the swap venue's pools (each token against USDC and SOL, and each graduated
 * launchpad token against SOL); `launchpads` the bonding-curve launchpads' keys and tokens (solana/launchpads/).
 */
export const solanaFaucet: FaucetFamily = {
  chains: ['solana'],
  maxAtomic: { value: 2n ** 64n - 1n, type: 'u64' },
  address: SOLADDR.refine(isSolanaAddress, 'must be a base58 Solana address of 32 bytes'),
  chainOf: (token) => (token === 'SOL_USDC' || token === 'SOL' ? 'solana' : undefined),
  async describe(sandbox, chain) {
    const { solana } = sandbox;
    return {
      chain,
      network: NETWORKS.solana,
      rpcUrl: solana.rpcUrl,
      nativeSymbol: 'SOL',
      tokens: [
        ...solana.tokens.map((token) => ({ symbol: token.symbol, decimals: token.decimals, address: token.mint })),
        { symbol: 'SOL_USDC', decimals: 6, address: solana.usdcMint },
      ],
      pools: solana.venue.pools.map((pool) => ({
        address: pool.address,
        tokens: [pool.base.symbol, pool.quote.symbol] as const,
      })),
      launchpads: {
        feeRecipient: solana.launchpads.feeRecipient.address,
        sponsor: solana.launchpads.sponsor.address,
        tokens: (await solana.launchpads.tokens()).map((token) => ({
          launchpad: token.kind,
          mint: token.mint,
          symbol: token.metadata.symbol,
          creator: token.creator,
          curvePercent: token.curvePercent,
          pool: token.pool,
        })),
      },
    };
  },
  async fund(sandbox, { address, token, atomic }) {
    if (token.address === null) {
      await sandbox.solana.airdrop(address, atomic);
      return { transaction: null };
    }
    return { transaction: await sandbox.solana.mintToken(address, token.address, atomic) };
  },
};
