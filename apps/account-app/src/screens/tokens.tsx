import { useState } from 'preact/hooks';
import type { Api } from '../api.js';
import { dateTime, RevokeCell, ShownOnce, useCredentials } from '../credentials.js';
import { LoadState } from '../load-state.js';

export const TOKENS = '/api/account/tokens';

type Scope = 'read' | 'transact';

interface Token {
  id: string;
  name: string;
  scope: Scope;
  createdAt: string;
  expiresAt: string;
  revokedAt: string | null;
}

const DAY = 86_400;
/** The lifetimes offered, within what the service takes (5 minutes to a year); 30 days is its default. */
const LIFETIMES = [
  { label: '1 hour', seconds: 3_600 },
  { label: '1 day', seconds: DAY },
  { label: '7 days', seconds: 7 * DAY },
  { label: '30 days', seconds: 30 * DAY },
  { label: '90 days', seconds: 90 * DAY },
  { label: '1 year', seconds: 365 * DAY },
] as const;
const DEFAULT_LIFETIME = 30 * DAY;

/** Create (the token is shown this once), list and revoke the account's Bearer tokens, each with a scope and expiry. */
export function Tokens({ api }: { api: Api }) {
  const tokens = useCredentials<Token, Token & { token: string }>(api, TOKENS, 'tokens');
  const [name, setName] = useState('');
  const [scope, setScope] = useState<Scope>('read');
  const [lifetime, setLifetime] = useState<number>(DEFAULT_LIFETIME);

  const create = async () => {
    const body = { ...(name.trim() ? { name: name.trim() } : {}), scope, expiresInSeconds: lifetime };
    if (await tokens.create(body)) setName('');
  };

  return (
    <section aria-labelledby="tokens-title">
      <h2 id="tokens-title">Tokens</h2>
      <p>
        A token is an <code>Authorization: Bearer</code> credential for an agent on the MCP and A2A endpoints that
        expires on its own. A <em>read</em> token reaches only the tools that change nothing; a <em>transact</em> token
        may also move funds, within the spending policy.
      </p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <label>
          Name <input name="name" value={name} maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <label>
          Scope{' '}
          <select name="scope" value={scope} onChange={(e) => setScope(e.currentTarget.value as Scope)}>
            <option value="read">read</option>
            <option value="transact">transact</option>
          </select>
        </label>
        <label>
          Expires in{' '}
          <select name="expires" value={lifetime} onChange={(e) => setLifetime(Number(e.currentTarget.value))}>
            {LIFETIMES.map(({ label, seconds }) => (
              <option key={seconds} value={seconds}>
                {label}
              </option>
            ))}
          </select>
        </label>
        <button type="submit">Create token</button>
      </form>
      {tokens.created && (
        <ShownOnce what="token" name={tokens.created.name} secret={tokens.created.token} id="new-token" />
      )}
      {tokens.problem && <p role="alert">{tokens.problem}</p>}
      <LoadState loaded={tokens.list} />
      {tokens.list.data && (
        <table id="tokens">
          <thead>
            <tr>
              <th>Name</th>
              <th>Scope</th>
              <th>Created</th>
              <th>Expires</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {tokens.list.data.map((token) => (
              <tr key={token.id} data-token-id={token.id}>
                <td>{token.name}</td>
                <td>{token.scope}</td>
                <td>{dateTime(token.createdAt)}</td>
                <td>{dateTime(token.expiresAt)}</td>
                <td>
                  <RevokeCell
                    revokedAt={token.revokedAt}
                    expiresAt={token.expiresAt}
                    onRevoke={() => void tokens.revoke(token.id)}
                  />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {tokens.list.data?.length === 0 && <p>No tokens yet.</p>}
    </section>
  );
}
