import { ServiceError } from '@svc/contracts';
import { creditToUsd, usdToCredit } from '@svc/payments';
import { type Db, findSpendingPolicy, type Queryable, reserveSpend, type SpendingPolicy } from '@svc/store';
import type { CallSpend } from './spend.js';

/**
 * The policy of an account that never set one: conservative caps, any recipient, every tool. An owner changes it
 * with `PUT /api/account/policy` (signed in with the wallet; an access key cannot loosen its own limits).
 */
export const DEFAULT_SPENDING_POLICY: SpendingPolicy = {
  perCallUsd: usdToCredit('25'),
  dailyUsd: usdToCredit('100'),
  allowedRecipients: null,
  allowedTools: null,
  allowUnpricedMoves: false,
};

export type PolicyRule = 'allowed_tools' | 'allowed_recipients' | 'per_call_usd' | 'daily_usd' | 'unpriced_move';

/** The policy field that lets unpriced moves through (named in the refusal so an owner knows what to change). */
const UNPRICED_MOVES_FLAG = 'allowUnpricedMoves';

const refused = (rule: PolicyRule, message: string, extra: Record<string, unknown>) =>
  new ServiceError(
    'policy_refused',
    `Refused by the account's spending policy (${rule}): ${message} Nothing was charged or moved.`,
    { extra: { rule, ...extra } },
  );

export async function policyOf(db: Queryable, accountId: string): Promise<SpendingPolicy> {
  return (await findSpendingPolicy(db, accountId)) ?? DEFAULT_SPENDING_POLICY;
}

/** A policy as the API shows it: USD decimal strings, `null` lists meaning "any". */
export const policyView = (policy: SpendingPolicy) => ({
  perCallUsd: creditToUsd(policy.perCallUsd),
  dailyUsd: creditToUsd(policy.dailyUsd),
  allowedRecipients: policy.allowedRecipients,
  allowedTools: policy.allowedTools,
  allowUnpricedMoves: policy.allowUnpricedMoves,
});

/** The account's policy in force, as the API shows it, and whether it is still the default. */
export async function describePolicy(db: Queryable, accountId: string) {
  const stored = await findSpendingPolicy(db, accountId);
  return {
    ...policyView(stored ?? DEFAULT_SPENDING_POLICY),
    isDefault: !stored,
    updatedAt: stored?.updatedAt.toISOString() ?? null,
  };
}

/** EVM addresses compare without case; other address formats are case-sensitive. */
const sameAddress = (a: string, b: string) =>
  a.startsWith('0x') && b.startsWith('0x') ? a.toLowerCase() === b.toLowerCase() : a === b;

/**
 * The rules one call can break on its own (allowed tools, allowed recipients, an unpriced move, the per-call cap);
 * throws the first broken.
 */
export function checkCall(policy: SpendingPolicy, tool: string, spend: CallSpend): void {
  if (policy.allowedTools && !policy.allowedTools.includes(tool)) {
    throw refused('allowed_tools', `${tool} is not among the tools this account allows.`, {
      tool,
      allowedTools: policy.allowedTools,
    });
  }
  const allowed = policy.allowedRecipients;
  const stranger = allowed && spend.recipients.find((recipient) => !allowed.some((ok) => sameAddress(ok, recipient)));
  if (stranger)
    throw refused('allowed_recipients', `${stranger} is not on the account's recipient allowlist.`, {
      recipient: stranger,
    });
  if (spend.unpriced !== undefined && !policy.allowUnpricedMoves) {
    throw refused(
      'unpriced_move',
      `${spend.unpriced}, so the caps cannot count what this call moves. Set ${UNPRICED_MOVES_FLAG} in the policy to let such calls through (counted at their price alone).`,
      {
        reason: spend.unpriced,
        flag: UNPRICED_MOVES_FLAG,
      },
    );
  }
  if (spend.usd > policy.perCallUsd) {
    const moved = spend.movedUsd > 0n ? ` (${creditToUsd(spend.movedUsd)} USD of it moved out of the wallet)` : '';
    throw refused(
      'per_call_usd',
      `this call spends ${creditToUsd(spend.usd)} USD${moved}, over the per-call cap of ${creditToUsd(policy.perCallUsd)} USD.`,
      {
        spendUsd: creditToUsd(spend.usd),
        movedUsd: creditToUsd(spend.movedUsd),
        limitUsd: creditToUsd(policy.perCallUsd),
      },
    );
  }
}

/** Reserves the call's spend within the rolling 24-hour cap (across every transport), or throws `daily_usd`. */
export async function reserveDailySpend(
  db: Db,
  policy: SpendingPolicy,
  accountId: string,
  tool: string,
  spend: CallSpend,
): Promise<string> {
  const reservation = await reserveSpend(db, { accountId, tool, usd: spend.usd, dailyCap: policy.dailyUsd });
  if ('reserved' in reservation) return reservation.reserved;
  throw refused(
    'daily_usd',
    `the account spent ${creditToUsd(reservation.spent)} USD in the last 24 hours; this call's ${creditToUsd(spend.usd)} USD would pass the daily cap of ${creditToUsd(policy.dailyUsd)} USD.`,
    {
      spentUsd: creditToUsd(reservation.spent),
      spendUsd: creditToUsd(spend.usd),
      movedUsd: creditToUsd(spend.movedUsd),
      limitUsd: creditToUsd(policy.dailyUsd),
    },
  );
}
