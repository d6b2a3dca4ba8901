// The wallet tool: the caller's connected wallets, custodial vault addresses and trading settings.
export { wallet } from './wallet.js';
