import { setSlippage } from '@svc/store';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';

/** Output: `{ slippage: { swapSlippage, pumpSlippage, unit: 'percent' } }` (the schema bounds both to 0.01-50 %). */
export const setSlippageSettings: Handler<'setSlippageSettings'> = withCommitPoint(
  async ({ swapSlippage, pumpSlippage }, context) => {
    const { accountId } = callerOf(context);
    await context.commit?.();
    return {
      slippage: { ...(await setSlippage(context.db, accountId, { swapSlippage, pumpSlippage })), unit: 'percent' },
    };
  },
);
