// Tracked-wallet tools: an account's watched addresses and their on-chain activity (identity-gated; the worker's
// watcher records the activity and delivers it to the account's webhook).
import { defineFamily } from '../family.js';
import { addTrackedWallet } from './add-tracked-wallet.js';
import { getTrackedWallets } from './get-tracked-wallets.js';
import { removeTrackedWallet } from './remove-tracked-wallet.js';

export const trackedWalletsFamily = defineFamily({
  handlers: { getTrackedWallets, addTrackedWallet, removeTrackedWallet },
});
