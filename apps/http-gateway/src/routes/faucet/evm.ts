import { EVM_CHAINS, evmChainByKey } from '@svc/chains';
import type { SandboxEvmMarket } from '@svc/sandbox';
import { EVMADDR, ServiceError } from '@svc/contracts';
import type { Sandbox } from '../../sandbox.js';
import type { FaucetFamily, FaucetToken } from './family.js';

/** The market of sandbox chain `key` (started and seeded on first use). */
async function marketOf(sandbox: Sandbox, key: string): Promise<SandboxEvmMarket> {
  const chain = evmChainByKey(key);
  if (!chain) throw new ServiceError('internal', `no sandbox EVM chain "${key}"`);
  return sandbox.evm(chain.chainId);
}

/**
 * The five sandbox EVM chains (ethereum, bsc, polygon, base, altchain): the native coin (ETH, BNB, POL), USDC (also
 * BASE_USDC on base, its payment-token name), the wrapped native coin, LINK, UNI, WBTC, and the NFT collections SBXNFT
 * (ERC-721; amount = how many new tokens) and SBXITEM (ERC-1155 item 1; amount = copies).
 */
export const evmFaucet: FaucetFamily = {
  chains: EVM_CHAINS.map((chain) => chain.key),
  maxAtomic: { value: 2n ** 256n - 1n, type: 'uint256' },
  address: EVMADDR,
  chainOf: (token) =>
    token === 'BASE_USDC' ? 'base' : token === 'BNB' ? 'bsc' : token === 'POL' ? 'polygon' : undefined,
  async describe(sandbox, chain) {
    const market = await marketOf(sandbox, chain);
    const registry = evmChainByKey(chain)!;
    const tokens: FaucetToken[] = market.tokens.map((token) => ({
      symbol: token.symbol,
      decimals: token.decimals,
      address: token.address,
    }));
    if (chain === 'base') tokens.push({ symbol: 'BASE_USDC', decimals: 6, address: market.chain.usdc });
    for (const nft of market.nfts)
      tokens.push({ symbol: nft.symbol, decimals: 0, address: nft.address, standard: nft.standard });
    return {
      chain,
      network: registry.caip2,
      rpcUrl: market.chain.rpcUrl,
      nativeSymbol: registry.nativeSymbol,
      tokens,
      pools: market.pools,
      ...(market.launchpad ? { launchpad: market.launchpad } : {}),
      ...(market.seaport ? { seaport: market.seaport } : {}),
    };
  },
  async fund(sandbox, { chain, address, token, atomic }) {
    const market = await marketOf(sandbox, chain);
    const to = address as `0x${string}`;
    const collection = market.nfts.find((nft) => nft.address === token.address);
    if (collection) {
      const minted = await market.mintNft(to, collection, atomic);
      return { transaction: minted.transaction, tokenIds: minted.tokenIds.map(String) };
    }
    const fungible = market.token(token.address ?? token.symbol);
    if (!fungible) throw new ServiceError('internal', `sandbox token ${token.symbol} is not in the ${chain} market`);
    return { transaction: await market.fund(to, fungible, atomic) };
  },
};
