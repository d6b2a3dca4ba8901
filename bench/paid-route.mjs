// The paid call both paid targets serve: the pure read tool hederaContractIdToEvmAddress at its catalog price.
import { findTool, priceOf } from '../packages/contracts/dist/index.js';
import { PAYMENT_TOKENS, usdToAtomic } from '../packages/payments/dist/index.js';

export const TOOL = 'hederaContractIdToEvmAddress';
export const PATH = `/api/tools/execute/unified/${TOOL}`;
export const INPUT = { contractId: '0.0.1234' };
export const BODY = JSON.stringify(INPUT);
/** What a successful call answers on both targets (sandbox mode marks its results). */
export const EXPECTED = JSON.stringify({
  contractId: '0.0.1234',
  evmAddress: '0x00000000000000000000000000000000000004d2',
  sandbox: true,
});
/** The price in BASE_USDC atomic units (6 decimals). */
export const PRICE_ATOMIC = usdToAtomic(priceOf(findTool(TOOL)), PAYMENT_TOKENS.BASE_USDC.decimals, '1');
