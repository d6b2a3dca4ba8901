// Bitcoin Stamps and SRC-20 research tools: Stampchain's answers in live mode (keyless), the sandbox ledger's stamps
// index in sandbox mode. The catalog files them under the 'Bitcoin Ordinals' group, beside the Ordiscan-shaped tools.
import { defineFamily } from '../family.js';
import { getSRC20Token, searchSRC20Tokens } from './src20.js';
import { getRecentStamps, getStamp, getStampsByAddress, searchStamps } from './stamps.js';

export const stampsFamily = defineFamily({
  handlers: { getStamp, getStampsByAddress, searchStamps, getRecentStamps, getSRC20Token, searchSRC20Tokens },
});
