// getLeaderboard: accounts ranked by what the call ledger records (open tool, no identity).
import { defineFamily } from '../family.js';
import { getLeaderboard } from './get-leaderboard.js';

export const leaderboardFamily = defineFamily({ handlers: { getLeaderboard } });
