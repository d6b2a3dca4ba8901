import type { OpenSeaChain } from '@svc/providers';
import { getAddress } from 'viem';
import type { HandlerContext } from '../handler.js';
import { withCommitPoint } from '../handler.js';
import { sendNft } from '../evm/nft-send.js';
import { chainIdOf } from './marketplace.js';
import { tokenStandardOf } from './orders.js';

export interface TransferInput {
  chain: OpenSeaChain;
  contractAddress: string;
  tokenId: string;
  to: string;
  tokenStandard?: 'ERC721' | 'ERC1155' | undefined;
  quantity: number;
}

/** The EVM NFT send's safeTransferFrom (its checks, commit point and answer), the standard read from the order book when not given. */
const send = sendNft(null);

export const nftmktTransferNFT = withCommitPoint(async (input: TransferInput, context: HandlerContext) => {
  const contract = getAddress(input.contractAddress);
  const tokenStandard =
    input.tokenStandard ?? (await tokenStandardOf(context, 'nftmktTransferNFT', input.chain, contract)).standard;
  const sent = await send(
    {
      to: input.to,
      tokenAddress: contract,
      tokenId: input.tokenId,
      tokenStandard,
      quantity: input.quantity,
      chainId: chainIdOf(input.chain),
    },
    context,
  );
  return { chain: input.chain, ...sent };
});
