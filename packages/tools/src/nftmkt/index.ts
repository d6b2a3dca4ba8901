// The NFT marketplace: Seaport 1.6 orders signed by the vault, on OpenSea's API v2 in live mode and on the sandbox
// chains' own Seaport and order book in sandbox mode (docs/families/nftmkt.md).
import { defineFamily } from '../family.js';
import { nftmktCancelNFTOrder, nftmktFulfillNFTOrder } from './fill-and-cancel.js';
import { nftmktCreateNFTOffer, nftmktListNFT } from './orders.js';
import {
  nftmktGetBestListings,
  nftmktGetCollectionActivity,
  nftmktGetCollectionStats,
  nftmktGetMyNFTs,
  nftmktGetNFTListings,
  nftmktGetNFTOffers,
  nftmktGetTrendingCollections,
} from './reads.js';
import { nftmktTransferNFT } from './transfer.js';
import { nftmktValuations } from './valuations.js';

export const nftmktFamily = defineFamily({
  handlers: {
    nftmktListNFT,
    nftmktCreateNFTOffer,
    nftmktFulfillNFTOrder,
    nftmktCancelNFTOrder,
    nftmktTransferNFT,
    nftmktGetNFTListings,
    nftmktGetNFTOffers,
    nftmktGetMyNFTs,
    nftmktGetTrendingCollections,
    nftmktGetCollectionStats,
    nftmktGetCollectionActivity,
    nftmktGetBestListings,
  },
  valuations: nftmktValuations,
});
