import { useState } from 'preact/hooks';
import type { Api } from '../api.js';
import { dateTime, RevokeCell, ShownOnce, useCredentials } from '../credentials.js';
import { LoadState } from '../load-state.js';

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
  const keys = useCredentials<AccessKey, { key: string; name: string }>(api, ACCESS_KEYS, 'keys');
  const [name, setName] = useState('');

  const create = async () => {
    if (await keys.create(name.trim() ? { name: name.trim() } : {})) setName('');
  };

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
      {keys.created && <ShownOnce what="key" name={keys.created.name} secret={keys.created.key} id="new-key" />}
      {keys.problem && <p role="alert">{keys.problem}</p>}
      <LoadState loaded={keys.list} />
      {keys.list.data && (
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
            {keys.list.data.map((key) => (
              <tr key={key.id} data-key-id={key.id}>
                <td>{key.name}</td>
                <td>
                  <code>{key.prefix}</code>
                </td>
                <td>{dateTime(key.createdAt)}</td>
                <td>{key.lastUsedAt ? dateTime(key.lastUsedAt) : 'never'}</td>
                <td>
                  <RevokeCell revokedAt={key.revokedAt} onRevoke={() => void keys.revoke(key.id)} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {keys.list.data?.length === 0 && <p>No keys yet.</p>}
    </section>
  );
}
