// getLeaderboard: accounts ranked by what the call ledger records (open tool, no identity).
export { getLeaderboard, MAX_PAGE_SIZE } from './get-leaderboard.js';
