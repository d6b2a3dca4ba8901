export {
  CHANGENOW_DEFAULT_URL,
  CHANGENOW_SETTING,
  ChangeNowClient,
  type ChangeNowCurrency,
  type ChangeNowPair,
} from './changenow.js';
