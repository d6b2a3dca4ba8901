// The Hedera bonding-curve launchpad (memejob): discovery, buys (associating the token first) and sells.
import { defineFamily } from '../../family.js';
import { hederaFindMemeCoins } from './find-meme-coins.js';
import { hederaLaunchBuyToken, hederaLaunchSellToken } from './memejob-trade.js';
import { memeBuyValue, memeSellValue } from './valuations.js';

export const memejobFamily = defineFamily({
  handlers: { hederaFindMemeCoins, hederaLaunchBuyToken, hederaLaunchSellToken },
  valuations: { hederaLaunchBuyToken: memeBuyValue, hederaLaunchSellToken: memeSellValue },
});
