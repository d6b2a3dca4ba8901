import { useState } from 'preact/hooks';
import type { Api } from '../api.js';
import { LoadState } from '../load-state.js';
import { messageOf, useLoad } from '../use-load.js';

export const POLICY = '/api/account/policy';

interface SpendingPolicy {
  perCallUsd: string;
  dailyUsd: string;
  allowedRecipients: string[] | null;
  allowedTools: string[] | null;
  allowUnpricedMoves: boolean;
}
interface PolicyAnswer {
  policy: SpendingPolicy;
  isDefault: boolean;
  spentLast24hUsd: string;
  remainingLast24hUsd: string;
}

/** A comma- or line-separated list; empty means "no restriction" (null). */
const listOf = (text: string) => {
  const items = text
    .split(/[\s,]+/)
    .map((item) => item.trim())
    .filter(Boolean);
  return items.length ? items : null;
};

/** The spending policy every call for the account is held to, whatever the transport. */
export function Policy({ api }: { api: Api }) {
  const current = useLoad(() => api<PolicyAnswer>(POLICY));
  const [saved, setSaved] = useState<PolicyAnswer>();
  const [problem, setProblem] = useState<string>();
  const shown = saved ?? current.data;

  const save = async (form: HTMLFormElement) => {
    setProblem(undefined);
    const field = (name: string) => (form.elements.namedItem(name) as HTMLInputElement).value;
    try {
      setSaved(
        await api<PolicyAnswer>(POLICY, {
          method: 'PUT',
          body: {
            perCallUsd: field('perCallUsd').trim(),
            dailyUsd: field('dailyUsd').trim(),
            allowedTools: listOf(field('allowedTools')),
            allowedRecipients: listOf(field('allowedRecipients')),
            allowUnpricedMoves: (form.elements.namedItem('allowUnpricedMoves') as HTMLInputElement).checked,
          },
        }),
      );
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  return (
    <section aria-labelledby="policy-title">
      <h2 id="policy-title">Spending policy</h2>
      <LoadState loaded={current} />
      {shown && (
        <>
          <p id="policy-state">
            {shown.isDefault ? 'Default policy' : 'Your policy'}: at most {shown.policy.perCallUsd} USD a call and{' '}
            {shown.policy.dailyUsd} USD a day. Spent in the last 24 hours: {shown.spentLast24hUsd} USD (
            {shown.remainingLast24hUsd} USD left).
          </p>
          <form
            key={JSON.stringify(shown.policy)}
            onSubmit={(event) => {
              event.preventDefault();
              void save(event.currentTarget);
            }}
          >
            <label>
              Per call (USD) <input name="perCallUsd" required defaultValue={shown.policy.perCallUsd} />
            </label>
            <label>
              Per day (USD) <input name="dailyUsd" required defaultValue={shown.policy.dailyUsd} />
            </label>
            <label>
              Allowed tools (empty: all)
              <textarea name="allowedTools" defaultValue={shown.policy.allowedTools?.join(', ') ?? ''} />
            </label>
            <label>
              Allowed recipients (empty: any)
              <textarea name="allowedRecipients" defaultValue={shown.policy.allowedRecipients?.join(', ') ?? ''} />
            </label>
            <label>
              <input type="checkbox" name="allowUnpricedMoves" defaultChecked={shown.policy.allowUnpricedMoves} /> Allow
              moves no price source can value
            </label>
            <button type="submit">Save policy</button>
          </form>
        </>
      )}
      {saved && <p role="status">Policy saved.</p>}
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
