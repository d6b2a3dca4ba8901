import { useState } from 'preact/hooks';
import type { Api } from '../api.js';
import { LoadState } from '../load-state.js';
import { messageOf, useLoad } from '../use-load.js';

export const ACCESS_KEYS = '/api/account/access-keys';

interface AccessKey {
  id: string;
  prefix: string;
  name: string;
  environment: string;
  createdAt: string;
  lastUsedAt: string | null;
  revokedAt: string | null;
}

/** Create (the key is shown this once), list and revoke the account's access keys. */
export function AccessKeys({ api }: { api: Api }) {
  const keys = useLoad(() => api<{ keys: AccessKey[] }>(ACCESS_KEYS));
  const [name, setName] = useState('');
  const [created, setCreated] = useState<{ key: string; name: string }>();
  const [problem, setProblem] = useState<string>();

  const act = async (change: () => Promise<void>) => {
    setProblem(undefined);
    try {
      await change();
      keys.reload();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  const create = () =>
    act(async () => {
      const answer = await api<{ key: string; name: string }>(ACCESS_KEYS, {
        method: 'POST',
        body: name.trim() ? { name: name.trim() } : {},
      });
      setCreated(answer);
      setName('');
    });
  const revoke = (id: string) => act(() => api(`${ACCESS_KEYS}/${encodeURIComponent(id)}`, { method: 'DELETE' }));

  return (
    <section aria-labelledby="keys-title">
      <h2 id="keys-title">Access keys</h2>
      <p>An access key lets an agent call the MCP and A2A endpoints for this account, within its spending policy.</p>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          void create();
        }}
      >
        <label>
          Name <input name="name" value={name} maxLength={100} onInput={(e) => setName(e.currentTarget.value)} />
        </label>
        <button type="submit">Create key</button>
      </form>
      {created && (
        <p class="secret" role="status">
          New key “{created.name}”: <code id="new-key">{created.key}</code>. Copy it now: it is not shown again.
        </p>
      )}
      {problem && <p role="alert">{problem}</p>}
      <LoadState loaded={keys} />
      {keys.data && (
        <table id="keys">
          <thead>
            <tr>
              <th>Name</th>
              <th>Prefix</th>
              <th>Created</th>
              <th>Last used</th>
              <th>State</th>
            </tr>
          </thead>
          <tbody>
            {keys.data.keys.map((key) => (
              <tr key={key.id} data-key-id={key.id}>
                <td>{key.name}</td>
                <td>
                  <code>{key.prefix}</code>
                </td>
                <td>{new Date(key.createdAt).toLocaleString()}</td>
                <td>{key.lastUsedAt ? new Date(key.lastUsedAt).toLocaleString() : 'never'}</td>
                <td>
                  {key.revokedAt ? (
                    'revoked'
                  ) : (
                    <button type="button" onClick={() => void revoke(key.id)}>
                      Revoke
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {keys.data?.keys.length === 0 && <p>No keys yet.</p>}
    </section>
  );
}
