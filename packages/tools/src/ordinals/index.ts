// Bitcoin research tools (inscriptions, runes, rare sats, alkanes): Ordiscan's answers in live mode, the sandbox
// ledger's ordinals index in sandbox mode. Traits, collections, rune markets, BRC-20 and stamps are not built (501).
import { defineFamily } from '../family.js';
import { getAlkaneAddressBalance, getAlkaneAddressUTXOs, getAlkaneInfo, listAlkanes } from './alkanes.js';
import {
  getInscriptionActivity,
  getInscriptionInfo,
  getInscriptionsByAddress,
  getLatestInscriptions,
  getOwnedInscriptionIds,
  inscriptionTransferActivity,
} from './inscriptions.js';
import { getRareSats, getSatRangesForUTXO, rareSatsForUTXO } from './rare-sats.js';
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
  },
});
