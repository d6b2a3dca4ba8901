export {
  MAGIC_EDEN_SETTING,
  type MagicEdenAnswer,
  MagicEdenClient,
  type MagicEdenCollectionStat,
  type MagicEdenRuneStat,
} from './magic-eden.js';
