// intel_perp_positions and intel_defi_portfolio in sandbox: the sandbox has no perp exchange and no DeFi positions
// (its DEX issues no LP shares and there is no lending market), so both answer empty and say why: nothing invented.
import type { MarketActivity } from '../../ports/market-activity.js';
import { firstPage, type IntelInput, marketChainOf, notSimulatedNote } from './market-scope.js';

export const NO_PERPS_NOTE =
  'Sandbox: the sandbox runs no perpetuals exchange, so there are no perp positions to report (rows are never ' +
  'invented); intel_perp_positions answers from Nansen in live mode.';

export const NO_DEFI_NOTE =
  'Sandbox: the sandbox DEX issues no LP shares and the sandbox runs no lending or staking market, so no wallet has ' +
  'DeFi positions there: no protocols and a summary of zeros (token balances are in intel_wallet_profiler and the ' +
  'balance tools).';

export function sandboxPerpPositions(input: IntelInput<'intel_perp_positions'>) {
  return {
    token_symbol: input.token_symbol,
    label_type: input.label_type,
    ...firstPage([], input.per_page),
    note: NO_PERPS_NOTE,
  };
}

/** Nansen's portfolio summary fields, all zero: what a wallet without DeFi positions has. */
const EMPTY_SUMMARY = {
  total_value_usd: 0,
  total_assets_usd: 0,
  total_debts_usd: 0,
  total_rewards_usd: 0,
  token_count: 0,
  protocol_count: 0,
};

export function sandboxDefiPortfolio(input: IntelInput<'intel_defi_portfolio'>, market: MarketActivity) {
  const scope = { chain: input.chain, wallet_address: input.wallet_address };
  // On a chain the sandbox does not run, even zeros would be a claim about the wallet: no summary.
  if (!marketChainOf(market, input.chain))
    return { ...scope, summary: null, protocols: [], note: notSimulatedNote(market, [input.chain]) };
  return { ...scope, summary: EMPTY_SUMMARY, protocols: [], note: NO_DEFI_NOTE };
}
