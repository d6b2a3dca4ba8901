// The BSC bonding-curve launchpad (four.meme): discovery, curve state, buys and sells against its TokenManager.
import { defineFamily } from '../../family.js';
import { findBondingTokens, isBondingToken } from './is-bonding-token.js';
import { bscBuyBondingToken, bscSellBondingToken } from './trade.js';
import { bondingBuyValue, bondingSellValue } from './valuations.js';

export const bondingFamily = defineFamily({
  handlers: {
    bscfindMemeCoinsViaBonding: findBondingTokens,
    isBondingToken,
    bscBuyBondingToken,
    bscSellBondingToken,
  },
  valuations: {
    bscBuyBondingToken: bondingBuyValue,
    bscSellBondingToken: bondingSellValue,
  },
});
