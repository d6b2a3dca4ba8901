// The wallet tool: the caller's connected wallets, custodial vault addresses and trading settings.
import { defineFamily } from '../family.js';
import { wallet } from './wallet.js';

export const walletFamily = defineFamily({ handlers: { wallet } });
