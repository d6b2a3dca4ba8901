import { bitcoinBalanceReader } from '../bitcoin/balances.js';
import { EVM_BALANCE_READERS } from '../evm/balances.js';
import { hederaBalances } from '../hedera/balances.js';
import { solanaBalanceReader } from '../solana/balances/solana-balance-reader.js';
import type { BalanceNetwork } from './address-routing.js';
import type { BalanceReader } from './chain-balances.js';

/** Each network's balance reader, from its chain family: the same readers its own balance tool uses. */
export const BALANCE_READERS: Record<BalanceNetwork, BalanceReader> = {
  ...EVM_BALANCE_READERS,
  hedera: hederaBalances,
  solana: solanaBalanceReader,
  bitcoin: bitcoinBalanceReader,
};
