import { BITCOIN_MAINNET, vaultAddressesOf } from '@svc/chains';
import { formatUnits } from '@svc/payments';
import { callerOf, type Handler } from '../handler.js';
import { SATS_PER_BTC_DECIMALS, satsOf } from './balances.js';
import { esploraOf } from './bitcoin-chain.js';

const amount = (sats: bigint) => ({ btc: formatUnits(sats, SATS_PER_BTC_DECIMALS), sats: sats.toString() });

/**
 * Output: `{ network, segwit: {address, btc, sats}, taproot: {address, btc, sats}, total: {btc, sats} }`, native BTC of
 * the caller's vault (P2WPKH segwit, BIP-86 taproot); sats are strings so no amount loses precision.
 */
export const getBTCBalances: Handler<'getBTCBalances'> = async (_input, context) => {
  const { accountId } = callerOf(context);
  const [{ bitcoin }, esplora] = await Promise.all([
    vaultAddressesOf(context.db, context.masterKey, accountId),
    esploraOf(context),
  ]);
  const [segwit, taproot] = await Promise.all([satsOf(esplora, bitcoin.segwit), satsOf(esplora, bitcoin.taproot)]);
  return {
    network: BITCOIN_MAINNET,
    segwit: { address: bitcoin.segwit, ...amount(segwit) },
    taproot: { address: bitcoin.taproot, ...amount(taproot) },
    total: amount(segwit + taproot),
  };
};
