import { addressesOfPublicKey, BITCOIN_MAINNET, isBitcoinMainnetAddress } from '@svc/chains';
import { ServiceError } from '@svc/contracts';
import { assetBalance, type BalanceReader } from '../balances/chain-balances.js';
import { esploraOf } from './bitcoin-chain.js';
import type { EsploraClient } from '@svc/providers';

export const SATS_PER_BTC_DECIMALS = 8;

const COMPRESSED_PUBLIC_KEY = /^0[23][0-9a-fA-F]{64}$/;

/** Sats held by `address`: the sum of its unspent outputs (confirmed and in the mempool). */
export async function satsOf(esplora: EsploraClient, address: string): Promise<bigint> {
  return (await esplora.utxos(address)).reduce((sum, utxo) => sum + utxo.value, 0n);
}

/**
 * The addresses one getAllBalances entry names: a mainnet address as given, or for a compressed public key (66 hex,
 * 02/03 prefix) both addresses a wallet derives from it, native segwit (P2WPKH) and BIP-86 taproot (P2TR).
 */
export function addressesToRead(addressOrKey: string): string[] {
  if (COMPRESSED_PUBLIC_KEY.test(addressOrKey)) {
    const { segwit, taproot } = addressesOfPublicKey(addressOrKey);
    return [segwit, taproot];
  }
  if (isBitcoinMainnetAddress(addressOrKey)) return [addressOrKey];
  const message =
    'address: must be a Bitcoin mainnet address or a compressed public key (66 hex digits starting 02 or 03)';
  throw new ServiceError('invalid_input', message, { issues: [{ field: 'address', rule: 'format', message }] });
}

/**
 * The Bitcoin family's BalanceReader: native BTC only (runes, inscriptions and Counterparty assets have their own
 * tools). Given a public key it reads and adds both of its addresses.
 */
export const bitcoinBalanceReader: BalanceReader = async (context, addressOrKey) => {
  const addresses = addressesToRead(addressOrKey);
  const esplora = await esploraOf(context);
  const held = await Promise.all(addresses.map((address) => satsOf(esplora, address)));
  const sats = held.reduce((sum, value) => sum + value, 0n);
  return {
    network: BITCOIN_MAINNET,
    address: addressOrKey,
    assets: [assetBalance('BTC', null, sats, SATS_PER_BTC_DECIMALS)],
  };
};
