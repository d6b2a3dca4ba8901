import { BITCOIN_MAINNET, BitcoinLedgerError, isBitcoinMainnetAddress, POSTAGE_SATS, SANDBOX_RUNES } from '@svc/chains';
import { BTC_ADDRESS, ServiceError } from '@svc/contracts';
import type { FaucetFamily, FaucetToken } from './family.js';

/** BTC, then each sandbox rune by its spaced name with its rune id as address (a faucet request may name either). */
const BITCOIN_TOKENS: readonly FaucetToken[] = [
  { symbol: 'BTC', decimals: 8, address: null },
  ...SANDBOX_RUNES.map((rune) => ({ symbol: rune.spacedName, decimals: rune.divisibility, address: rune.id })),
];

/**
 * BTC on the sandbox Bitcoin ledger (mainnet addresses, bip122 mainnet id): the faucet pays the address in a
 * coinbase-shaped transaction that is mined at once, so the coins are a spendable UTXO when the request returns.
 * `rpcUrl` is the ledger's Esplora-compatible facade (the same REST shape as mempool.space / blockstream.info; an ord
 * server's JSON API under /ord). A rune is granted on a fresh output of 10 000 sats (ord's postage) to the address.
 */
export const bitcoinFaucet: FaucetFamily = {
  chains: ['bitcoin'],
  address: BTC_ADDRESS.refine(isBitcoinMainnetAddress, 'must be a Bitcoin mainnet address (bc1q…, bc1p…, 1…, 3…) with a valid checksum'),
  chainOf: (token) => (token === 'BTC' ? 'bitcoin' : undefined),
  async describe(sandbox, chain) {
    return { chain, network: BITCOIN_MAINNET, rpcUrl: await sandbox.bitcoin.esploraUrl(), nativeSymbol: 'BTC', tokens: BITCOIN_TOKENS, pools: [] };
  },
  async fund(sandbox, { address, token, atomic }) {
    const { ledger } = sandbox.bitcoin;
    try {
      return { transaction: token.address === null ? ledger.credit(address, atomic) : ledger.credit(address, POSTAGE_SATS, { rune: token.address, amount: atomic }) };
    } catch (error) {
      // The ledger refuses a dust output (below 294 sats to P2WPKH, 330 to P2TR): the request's amount is at fault.
      if (!(error instanceof BitcoinLedgerError)) throw error;
      const message = `amount: ${error.message}`;
      throw new ServiceError('invalid_input', `sandbox faucet: ${message}`, { issues: [{ field: 'amount', rule: error.code, message }] });
    }
  },
};
