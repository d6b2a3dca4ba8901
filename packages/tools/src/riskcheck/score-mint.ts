// The sandbox's own token risk score, computed from a mint's chain state with RugCheck's vocabulary (risk names,
// danger/warn levels, 0 safe … 100 risky), so a sandbox answer reads like a live one.
import type { RiskItem, RiskReport } from '@svc/providers';
import type { SolanaMintState } from '../ports/solana-mints.js';

const TOP_HOLDERS_SHOWN = 10;
/** Points each risk adds to the score (capped at 100). */
const WEIGHT = { danger: 30, warn: 15 } as const;

/** `part` of `whole` in percent, to two decimals (0 of an empty supply). */
const percentOf = (part: bigint, whole: bigint) => (whole === 0n ? 0 : Number((part * 10_000n) / whole) / 100);

/**
 * Scores a mint: a live mint authority (more can be minted) and a freeze authority (holders can be frozen) are
 * dangers; one holder above 50 % of supply is a danger, the top ten above 80 % a warning; the creator (taken as the
 * mint authority, who issued the supply) holding over 20 % is a warning; no holders at all is a warning.
 */
export function scoreMint(state: SolanaMintState): RiskReport {
  const byOwner = new Map<string, bigint>();
  for (const { owner, amount } of state.holders) byOwner.set(owner, (byOwner.get(owner) ?? 0n) + amount);
  const ranked = [...byOwner].sort(([, a], [, b]) => (b > a ? 1 : b < a ? -1 : 0));
  const creator = state.mintAuthority;
  const topHolders = ranked.slice(0, TOP_HOLDERS_SHOWN).map(([owner, amount]) => ({
    address: owner,
    percent: percentOf(amount, state.supply),
    insider: owner === creator,
  }));
  const topTen = percentOf(
    ranked.slice(0, TOP_HOLDERS_SHOWN).reduce((sum, [, amount]) => sum + amount, 0n),
    state.supply,
  );
  const creatorShare = creator ? percentOf(byOwner.get(creator) ?? 0n, state.supply) : 0;
  const risks: RiskItem[] = [];
  const risk = (level: keyof typeof WEIGHT, name: string, value: string | null, description: string) =>
    risks.push({ name, value, description, level });
  if (state.mintAuthority)
    risk('danger', 'Mint Authority still enabled', state.mintAuthority, 'More tokens can be minted by the authority.');
  if (state.freezeAuthority)
    risk('danger', 'Freeze Authority still enabled', state.freezeAuthority, 'Token accounts can be frozen.');
  const [top] = topHolders;
  if (top && top.percent > 50)
    risk('danger', 'Single holder ownership', `${top.percent}%`, 'One holder owns more than half of the supply.');
  if (topTen > 80)
    risk('warn', 'Top 10 holders high ownership', `${topTen}%`, 'The ten largest holders own over 80% of the supply.');
  if (creatorShare > 20)
    risk('warn', 'Creator holds a large share', `${creatorShare}%`, 'The mint authority holds over 20% of the supply.');
  if (ranked.length === 0) risk('warn', 'No holders', null, 'No account holds this token.');
  const score = risks.reduce((sum, item) => sum + WEIGHT[item.level as keyof typeof WEIGHT], 0);
  return {
    mint: state.mint,
    name: state.name,
    symbol: state.symbol,
    score_normalised: Math.min(100, score),
    risks,
    mintAuthority: state.mintAuthority,
    freezeAuthority: state.freezeAuthority,
    creator,
    topHolders,
    totalHolders: ranked.length,
    totalLiquidityUsd: null,
    rugged: null,
  };
}
