/**
 * Wallets one account may track. The spec sets no number; each tracked wallet costs the watcher work on up to five
 * chains, so this bounds it. addTrackedWallet for a new wallet past it answers 409 `limit_reached` (not charged);
 * re-adding a tracked wallet (to change its label or chains) always works.
 */
export const TRACKED_WALLETS_PER_ACCOUNT = 100;

/** getTrackedWallets returns at most this many activity events, newest first (the spec's limit). */
export const RECENT_EVENTS_LIMIT = 50;
