export {
  CLANKER_DEFAULT_URL,
  CLANKER_SETTING,
  ClankerClient,
  type ClankerQuery,
  type ClankerToken,
} from './clanker.js';
