export { MAGIC_EDEN_SETTING, type MagicEdenAnswer, MagicEdenClient, type MagicEdenRuneStat } from './magic-eden.js';
