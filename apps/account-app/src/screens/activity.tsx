import { useState } from 'preact/hooks';
import type { Api } from '../api.js';
import { type Spend, SpendChart } from '../spend-chart.js';
import { LoadState } from '../load-state.js';
import { messageOf, useLoad } from '../use-load.js';

export const CALLS = '/api/account/calls';

interface Call {
  id: string;
  tool: string;
  outcome: string;
  token: string | null;
  amount: string | null;
  amountUsd: string | null;
  transaction: string | null;
  transactionUrl: string | null;
  createdAt: string;
}
interface CallsPage {
  creditBalanceUsd: string;
  calls: Call[];
  nextBefore: string | null;
}

/** What a call cost in USD, when it was charged in a USD-pegged token or credit. */
const spendOf = (call: Call): Spend[] =>
  call.outcome === 'settled' && call.amountUsd !== null
    ? [{ at: new Date(call.createdAt), usd: Number(call.amountUsd) }]
    : [];

/** The account's credit, its calls (newest first, with their transactions) and its spend per day. */
export function Activity({ api }: { api: Api }) {
  const first = useLoad(() => api<CallsPage>(CALLS));
  const [older, setOlder] = useState<{ calls: Call[]; nextBefore: string | null }>();
  const [problem, setProblem] = useState<string>();
  const calls = [...(first.data?.calls ?? []), ...(older?.calls ?? [])];
  const nextBefore = older ? older.nextBefore : first.data?.nextBefore;

  const loadOlder = async (before: string) => {
    setProblem(undefined);
    try {
      const page = await api<CallsPage>(`${CALLS}?before=${encodeURIComponent(before)}`);
      setOlder({ calls: [...(older?.calls ?? []), ...page.calls], nextBefore: page.nextBefore });
    } catch (error) {
      setProblem(messageOf(error));
    }
  };

  return (
    <section aria-labelledby="activity-title">
      <h2 id="activity-title">Credit &amp; calls</h2>
      <LoadState loaded={first} />
      {first.data && (
        <>
          <p>
            Credit: <strong id="credit-balance">{first.data.creditBalanceUsd} USD</strong>
          </p>
          <SpendChart spends={calls.flatMap(spendOf)} />
          <table id="calls">
            <thead>
              <tr>
                <th>When</th>
                <th>Tool</th>
                <th>Outcome</th>
                <th>Paid</th>
                <th>Transaction</th>
              </tr>
            </thead>
            <tbody>
              {calls.map((call) => (
                <tr key={call.id} data-call-id={call.id}>
                  <td>{new Date(call.createdAt).toLocaleString()}</td>
                  <td>{call.tool}</td>
                  <td>{call.outcome}</td>
                  <td>{call.amount === null ? '' : `${call.amount} ${call.token ?? ''}`}</td>
                  <td>
                    {call.transactionUrl ? (
                      <a href={call.transactionUrl} target="_blank" rel="noreferrer">
                        <code>{call.transaction}</code>
                      </a>
                    ) : (
                      <code>{call.transaction ?? ''}</code>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          {calls.length === 0 && <p>No calls yet.</p>}
          {nextBefore && (
            <button type="button" onClick={() => void loadOlder(nextBefore)}>
              Older calls
            </button>
          )}
        </>
      )}
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
