// Bitcoin research tools (inscriptions, collections and traits, runes, rare sats, BRC-20, alkanes, rune markets):
// Ordiscan's and Magic Eden's answers in live mode, the sandbox ledger's ordinals index (its marketplace sales for
// markets) in sandbox mode. Collection markets: Ordiscan and Magic Eden live; the BRC-20 top lists: UniSat live.
import { defineFamily } from '../family.js';
import { getAlkaneAddressBalance, getAlkaneAddressUTXOs, getAlkaneInfo, listAlkanes } from './alkanes.js';
import { getBRC20Activity, getBRC20TokenInfo, listBRC20Tokens } from './brc20.js';
import { getTopBRC20ByMarketCap, getTopBRC20ByVolume } from './brc20-market.js';
import {
  getCollectionMarketInfo,
  getCollectionVolume,
  getTopCollectionsByFloor,
  getTopCollectionsByVolume,
} from './collection-market.js';
import {
  getBitcoinCollections,
  getCollectionInfo,
  getCollectionInscriptions,
  getInscriptionTraits,
} from './collections.js';
import {
  getInscriptionActivity,
  getInscriptionInfo,
  getInscriptionsByAddress,
  getLatestInscriptions,
  getOwnedInscriptionIds,
  inscriptionTransferActivity,
} from './inscriptions.js';
import { getRareSats, getSatRangesForUTXO, rareSatsForUTXO } from './rare-sats.js';
import { getMarketRunePrice, getRuneMarketInfo, getTopRunesByMarketCap, getTopRunesByVolume } from './rune-market.js';
import {
  checkRuneUnlock,
  getLatestRunes,
  getRuneBalances,
  getRuneInfo,
  getRunesActivity,
  getUtxoRunes,
} from './runes.js';

export const ordinalsFamily = defineFamily({
  handlers: {
    getInscriptionInfo,
    getInscriptionActivity,
    getLatestInscriptions,
    getInscriptionsByAddress,
    getOwnedInscriptionIds,
    inscriptionTransferActivity,
    getLatestRunes,
    getRuneInfo,
    checkRuneUnlock,
    getRuneBalances,
    getUtxoRunes,
    getRunesActivity,
    getRareSats,
    rareSatsForUTXO,
    getSatRangesForUTXO,
    listAlkanes,
    getAlkaneInfo,
    getAlkaneAddressBalance,
    getAlkaneAddressUTXOs,
    getRuneMarketInfo,
    getMarketRunePrice,
    getTopRunesByMarketCap,
    getTopRunesByVolume,
    getInscriptionTraits,
    getBitcoinCollections,
    getCollectionInfo,
    getCollectionInscriptions,
    listBRC20Tokens,
    getBRC20TokenInfo,
    getBRC20Activity,
    getCollectionMarketInfo,
    getCollectionVolume,
    getTopCollectionsByVolume,
    getTopCollectionsByFloor,
    getTopBRC20ByMarketCap,
    getTopBRC20ByVolume,
  },
});
