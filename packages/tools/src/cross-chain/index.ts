// Cross-chain swaps, two families over ports (ports/cross-chain.ts): the bridge (a custodial exchange, ChangeNOW's
// flow: the vault pays a payin address) and the router (an intent solver, Relay's flow: the vault sends the quote's
// steps). Sandbox: the sandbox operator and solver moving real value between the sandbox chains.
import { defineFamily } from '../family.js';
import {
  getBridgeSupportedCurrencies,
  getBridgeSwapQuote,
  getBridgeTransactionStatus,
  swapUsingBridge,
} from './bridge-tools.js';
import {
  getRouterSupportedCurrencies,
  getRouterSwapQuote,
  getRouterTransactionStatus,
  swapUsingRouter,
} from './router-tools.js';
import { swapUsingBridgeValue, swapUsingRouterValue } from './valuations.js';

export const crossChainFamily = defineFamily({
  handlers: {
    getBridgeSupportedCurrencies,
    getBridgeSwapQuote,
    swapUsingBridge,
    getBridgeTransactionStatus,
    getRouterSupportedCurrencies,
    getRouterSwapQuote,
    swapUsingRouter,
    getRouterTransactionStatus,
  },
  valuations: { swapUsingBridge: swapUsingBridgeValue, swapUsingRouter: swapUsingRouterValue },
});
