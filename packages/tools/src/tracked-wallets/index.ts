// Tracked-wallet tools: an account's watched addresses and their on-chain activity (identity-gated; the worker's
// watcher records the activity and delivers it to the account's webhook).
export { addTrackedWallet } from './add-tracked-wallet.js';
export { getTrackedWallets } from './get-tracked-wallets.js';
export { RECENT_EVENTS_LIMIT, TRACKED_WALLETS_PER_ACCOUNT } from './limits.js';
export { removeTrackedWallet } from './remove-tracked-wallet.js';
