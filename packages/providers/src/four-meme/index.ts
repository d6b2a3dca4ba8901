export {
  FOUR_MEME_DEFAULT_URL,
  FOUR_MEME_SETTING,
  FourMemeClient,
  type FourMemeQuery,
  type FourMemeToken,
} from './four-meme.js';
