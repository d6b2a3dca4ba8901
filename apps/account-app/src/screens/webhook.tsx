import { useState } from 'preact/hooks';
import { type Api, ApiError } from '../api.js';
import { LoadState } from '../load-state.js';
import { messageOf, useLoad } from '../use-load.js';

export const WEBHOOK = '/api/account/webhook';

interface Endpoint {
  url: string;
  createdAt: string;
  updatedAt: string;
  secretRotatedAt: string;
}

/** The account's webhook endpoint for tracked-wallet activity: set, change, rotate its secret, remove. */
export function Webhook({ api }: { api: Api }) {
  const endpoint = useLoad(() =>
    api<Endpoint>(WEBHOOK).catch((error: unknown) => {
      if (error instanceof ApiError && error.status === 404) return null;
      throw error;
    }),
  );
  const [url, setUrl] = useState('');
  const [secret, setSecret] = useState<string>();
  const [problem, setProblem] = useState<string>();

  const act = async (change: () => Promise<string | undefined>) => {
    setProblem(undefined);
    try {
      setSecret(await change());
      endpoint.reload();
    } catch (error) {
      setProblem(messageOf(error));
    }
  };
  const save = () =>
    act(async () => (await api<{ secret?: string }>(WEBHOOK, { method: 'PUT', body: { url: url.trim() } })).secret);
  const rotate = () =>
    act(async () => (await api<{ secret: string }>(`${WEBHOOK}/rotate-secret`, { method: 'POST' })).secret);
  const remove = () =>
    act(async () => {
      await api(WEBHOOK, { method: 'DELETE' });
      return undefined;
    });

  return (
    <section aria-labelledby="webhook-title">
      <h2 id="webhook-title">Webhook</h2>
      <p>Activity of your tracked wallets is delivered to this URL, signed (Standard Webhooks) with its secret.</p>
      <LoadState loaded={endpoint} />
      {endpoint.data === null && <p id="webhook-state">No webhook endpoint.</p>}
      {endpoint.data && (
        <p id="webhook-state">
          Deliveries go to <code>{endpoint.data.url}</code> (secret last rotated{' '}
          {new Date(endpoint.data.secretRotatedAt).toLocaleString()}).{' '}
          <button type="button" onClick={() => void rotate()}>
            Rotate secret
          </button>{' '}
          <button type="button" onClick={() => void remove()}>
            Remove endpoint
          </button>
        </p>
      )}
      {endpoint.data !== undefined && (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void save();
          }}
        >
          <label>
            URL <input name="url" type="url" required value={url} onInput={(e) => setUrl(e.currentTarget.value)} />
          </label>
          <button type="submit">{endpoint.data ? 'Change URL' : 'Add endpoint'}</button>
        </form>
      )}
      {secret && (
        <p class="secret" role="status">
          Signing secret: <code id="webhook-secret">{secret}</code>. Copy it now: it is not shown again.
        </p>
      )}
      {problem && <p role="alert">{problem}</p>}
    </section>
  );
}
