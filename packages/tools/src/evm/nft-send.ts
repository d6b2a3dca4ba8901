import { invalidField } from '@svc/contracts';
import { encodeFunctionData, getAddress, parseAbi } from 'viem';
import { callerOf, type HandlerContext, withCommitPoint } from '../handler.js';
import { vaultEvmAddress } from './balances.js';
import { evmNetworkOf } from './evm-networks.js';
import { requiredToSend } from './evm-tokens.js';
import { signAndSend, vaultEvmSigner } from './vault-signer.js';

const NFT_ABI = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
]);

export interface NftSendInput {
  to?: string | undefined;
  tokenAddress?: string | undefined;
  tokenId: string;
  tokenStandard: 'ERC721' | 'ERC1155';
  quantity?: number | undefined;
  chainId?: number | undefined;
}

/**
 * NFT send with safeTransferFrom. ERC-721: the vault must own the token (quantity is ignored); ERC-1155: `quantity`
 * copies (default 1), at most the vault's balance. Either shortfall is a 400 before anything is signed.
 * ethSendNFT takes the chain from `chainId`; the other NFT tools are bound to their chain.
 */
export const sendNft = (boundChainId: number | null) =>
  withCommitPoint(async (input: NftSendInput, context: HandlerContext) => {
    const to = getAddress(requiredToSend(input.to, 'to'));
    const collection = getAddress(requiredToSend(input.tokenAddress, 'tokenAddress'));
    const chainId = boundChainId ?? (input.chainId as number);
    const network = await evmNetworkOf(context, chainId);
    const from = await vaultEvmAddress(context);
    const tokenId = BigInt(input.tokenId);
    const code = await network.publicClient.getCode({ address: collection });
    if (!code || code === '0x')
      throw invalidField(
        'tokenAddress',
        'unknown_token',
        `no NFT contract at ${collection} on ${network.registry.name}`,
      );
    let data: `0x${string}`;
    let quantity = 1;
    if (input.tokenStandard === 'ERC721') {
      const owner = await network.publicClient
        .readContract({ address: collection, abi: NFT_ABI, functionName: 'ownerOf', args: [tokenId] })
        .catch(() => null);
      if (owner?.toLowerCase() !== from.toLowerCase())
        throw invalidField(
          'tokenId',
          'not_owner',
          `token ${input.tokenId} of ${collection} is not held by the vault ${from}`,
        );
      data = encodeFunctionData({ abi: NFT_ABI, functionName: 'safeTransferFrom', args: [from, to, tokenId] });
    } else {
      quantity = input.quantity ?? 1;
      const held = await network.publicClient
        .readContract({ address: collection, abi: NFT_ABI, functionName: 'balanceOf', args: [from, tokenId] })
        .catch(() => null);
      if (held === null)
        throw invalidField('tokenStandard', 'mismatch', `${collection} does not answer ERC-1155 balanceOf`);
      if (held < BigInt(quantity))
        throw invalidField(
          'quantity',
          'insufficient_funds',
          `the vault holds ${held} of item ${input.tokenId}, not ${quantity}`,
        );
      data = encodeFunctionData({
        abi: NFT_ABI,
        functionName: 'safeTransferFrom',
        args: [from, to, tokenId, BigInt(quantity), '0x'],
      });
    }
    const signer = await vaultEvmSigner(context, callerOf(context).accountId);
    const sent = await signAndSend(network, signer, { to: collection, data }, context.commit);
    return {
      chainId,
      txHash: sent.hash,
      from,
      to,
      tokenAddress: collection,
      tokenId: input.tokenId,
      tokenStandard: input.tokenStandard,
      quantity,
    };
  });
