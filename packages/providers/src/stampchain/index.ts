export {
  type Src20Search,
  STAMPCHAIN_DEFAULT_URL,
  STAMPCHAIN_SETTING,
  type StampchainAnswer,
  StampchainClient,
  type StampSearch,
} from './stampchain.js';
