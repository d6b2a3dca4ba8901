// getAllBalances: the caller's vault balances on every chain family, through each family's BalanceReader.
import { defineFamily } from '../family.js';
import { getAllBalances } from './get-all-balances.js';

export const balancesFamily = defineFamily({ handlers: { getAllBalances } });
