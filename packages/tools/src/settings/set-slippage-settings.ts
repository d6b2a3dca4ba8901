import { setSlippage } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';

/** Output: `{ slippage: { swapSlippage, pumpSlippage, unit: 'percent' } }` (the schema bounds both to 0.01-50 %). */
export const setSlippageSettings: Handler<'setSlippageSettings'> = async ({ swapSlippage, pumpSlippage }, context) => ({
  slippage: { ...(await setSlippage(context.db, callerOf(context).accountId, { swapSlippage, pumpSlippage })), unit: 'percent' },
});
