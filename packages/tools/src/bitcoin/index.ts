// Bitcoin wallet tools on the caller's vault, over one Esplora client (sandbox ledger facade or BITCOIN_ESPLORA_URL),
// and its Counterparty assets over one Counterparty API v2 client (the facade's /counterparty or COUNTERPARTY_API_URL).
import { defineFamily } from '../family.js';
import { getBTCBalances } from './get-btc-balances.js';
import { getXCPBalances } from './get-xcp-balances.js';
import { sendInscription } from './send-inscription.js';
import { sendRunes } from './send-runes.js';
import { sendXCP } from './send-xcp.js';
import { transferBTC } from './transfer-btc.js';
import { sendInscriptionValue, sendRunesValue, sendXcpValue, transferBtcValue } from './valuations.js';

export { bitcoinBalanceReader } from './balances.js';

export const bitcoinFamily = defineFamily({
  handlers: { getBTCBalances, transferBTC, sendRunes, sendInscription, getXCPBalances, sendXCP },
  valuations: {
    transferBTC: transferBtcValue,
    sendRunes: sendRunesValue,
    sendInscription: sendInscriptionValue,
    sendXCP: sendXcpValue,
  },
});
