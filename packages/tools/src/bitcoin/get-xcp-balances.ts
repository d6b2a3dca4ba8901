import { BITCOIN_MAINNET, vaultAddressesOf } from '@svc/chains';
import { formatUnits } from '@svc/payments';
import { callerOf, type Handler } from '../handler.js';
import { counterpartyOf } from './bitcoin-chain.js';
import { decimalsOf } from '@svc/providers';

/**
 * Output: `{ network, addresses: {segwit, taproot}, balances: [{ address, asset, longname, divisible, decimals,
 * quantity, atomic, utxo }] }`: the Counterparty assets of the caller's vault, on the same two addresses
 * getBTCBalances reads (segwit P2WPKH, the one sendXCP sends from, and taproot P2TR). `quantity` is human-readable
 * (10^-8 units for divisible assets), `atomic` the exact integer as a string; `utxo` names the output a balance is
 * attached to, null for a balance on the address itself (the only kind a send moves).
 */
export const getXCPBalances: Handler<'getXCPBalances'> = async (_input, context) => {
  const { accountId } = callerOf(context);
  const [{ bitcoin }, counterparty] = await Promise.all([
    vaultAddressesOf(context.db, context.masterKey, accountId),
    counterpartyOf(context),
  ]);
  const addresses = [bitcoin.segwit, bitcoin.taproot];
  const held = await Promise.all(addresses.map((address) => counterparty.balances(address)));
  return {
    network: BITCOIN_MAINNET,
    addresses: { segwit: bitcoin.segwit, taproot: bitcoin.taproot },
    balances: held.flatMap((rows, index) =>
      rows.map((row) => ({
        address: addresses[index],
        asset: row.asset,
        longname: row.longname,
        divisible: row.divisible,
        decimals: decimalsOf(row.divisible),
        quantity: formatUnits(row.quantity, decimalsOf(row.divisible)),
        atomic: row.quantity.toString(),
        utxo: row.utxo,
      })),
    ),
  };
};
