import { ServiceError } from '@svc/contracts';
import { balancesFamily } from './balances/index.js';
import { bondingFamily } from './launchpads/bonding/index.js';
import { factoryFamily } from './launchpads/factory/index.js';
import { memejobFamily } from './launchpads/memejob/index.js';
import { bitcoinFamily } from './bitcoin/index.js';
import { coinsFamily } from './coins/index.js';
import { conditionalOrdersFamily } from './conditional-orders/index.js';
import { crawlFamily } from './crawl/index.js';
import { crossChainFamily } from './cross-chain/index.js';
import { curveFamily } from './launchpads/curve/index.js';
import { padFamily } from './launchpads/pad/index.js';
import { svcLaunchpadFamily } from './launchpads/svc-launchpad/index.js';
import { evmFamily } from './evm/index.js';
import type { ToolFamily } from './family.js';
import { gemsFamily } from './gems/index.js';
import type { HandlerTable } from './handler.js';
import { hederaFamily } from './hedera/index.js';
import { intelFamily } from './intel/index.js';
import { leaderboardFamily } from './leaderboard/index.js';
import { memoryFamily } from './memory/index.js';
import { migrationFamily } from './migration/index.js';
import { mktdataFamily } from './mktdata/index.js';
import { nftmktFamily } from './nftmkt/index.js';
import { ordinalsFamily } from './ordinals/index.js';
import { perpdexFamily } from './perpdex/index.js';
import { predictFamily } from './predict/index.js';
import { recommendedTokensFamily } from './recommended-tokens/index.js';
import { riskcheckFamily } from './riskcheck/index.js';
import { settingsFamily } from './settings/index.js';
import { solanaFamily } from './solana/index.js';
import { stampsFamily } from './stamps/index.js';
import { trackedWalletsFamily } from './tracked-wallets/index.js';
import type { ValuationTable } from './valuation.js';
import { vaultsFamily } from './vaults/index.js';
import { walletFamily } from './wallet/index.js';
import { webFamily } from './web/index.js';

/** Every tool family, one line each: adding a family is its folder and its line here. */
const families: readonly ToolFamily[] = [
  hederaFamily,
  memoryFamily,
  trackedWalletsFamily,
  migrationFamily,
  leaderboardFamily,
  walletFamily,
  balancesFamily,
  settingsFamily,
  recommendedTokensFamily,
  vaultsFamily,
  conditionalOrdersFamily,
  evmFamily,
  solanaFamily,
  bitcoinFamily,
  mktdataFamily,
  coinsFamily,
  intelFamily,
  riskcheckFamily,
  gemsFamily,
  webFamily,
  crawlFamily,
  ordinalsFamily,
  stampsFamily,
  perpdexFamily,
  predictFamily,
  crossChainFamily,
  bondingFamily,
  factoryFamily,
  memejobFamily,
  nftmktFamily,
  curveFamily,
  svcLaunchpadFamily,
  padFamily,
];

/** One table of the families' entries; a tool two families claim is a wiring mistake, refused when the module loads. */
export function mergeFamilyTables<T>(
  tables: readonly Readonly<Partial<Record<string, T>>>[],
): Partial<Record<string, T>> {
  const merged: Partial<Record<string, T>> = {};
  for (const table of tables) {
    for (const [tool, entry] of Object.entries(table)) {
      if (tool in merged) throw new ServiceError('internal', `The tool ${tool} is registered by two families.`);
      merged[tool] = entry;
    }
  }
  return merged;
}

/** Every implemented tool. A catalog tool missing here answers 501 (and is never charged). */
export const handlers: HandlerTable = mergeFamilyTables(families.map((family) => family.handlers));

/**
 * What every wallet-modifying tool moves, as its account's spending caps count it (valuation.ts). A tool with effect
 * 'write' and a handler must appear here (valuations.test.ts), valued or declared `movesNothing`.
 */
export const valuations: ValuationTable = mergeFamilyTables(families.map((family) => family.valuations));
