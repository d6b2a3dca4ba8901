import type { BalanceNetwork } from './address-routing.js';
import type { BalanceReader } from './chain-balances.js';

/** Each network's balance reader, from its chain family. */
export const BALANCE_READERS: Partial<Record<BalanceNetwork, BalanceReader>> = {};
