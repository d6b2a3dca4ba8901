import { useState } from 'preact/hooks';
import type { Api } from './api.js';
import { type Loaded, messageOf, useLoad } from './use-load.js';

/** What the access keys and tokens screens share: a list at `path`, created with POST, revoked with DELETE `path/{id}`. */
export interface Credentials<Item, Created> {
  readonly list: Loaded<Item[]>;
  /** The answer to the last create, which holds the secret the service shows this once. */
  readonly created: Created | undefined;
  /** Why the last create or revoke was refused. */
  readonly problem: string | undefined;
  /** Creates one from `body`; true when it was created. */
  readonly create: (body: object) => Promise<boolean>;
  readonly revoke: (id: string) => Promise<boolean>;
}

/**
 * The create / list / revoke pattern of a signed-in account's credentials (access keys, tokens): the list loads on
 * mount and again after each change; the list's answer holds the items under `listKey`.
 */
export function useCredentials<Item, Created>(api: Api, path: string, listKey: string): Credentials<Item, Created> {
  const list = useLoad(async () => (await api<Record<string, Item[]>>(path))[listKey] ?? []);
  const [created, setCreated] = useState<Created>();
  const [problem, setProblem] = useState<string>();

  const act = async (change: () => Promise<unknown>) => {
    setProblem(undefined);
    try {
      await change();
      list.reload();
      return true;
    } catch (error) {
      setProblem(messageOf(error));
      return false;
    }
  };
  return {
    list,
    created,
    problem,
    create: (body) => act(async () => setCreated(await api<Created>(path, { method: 'POST', body }))),
    revoke: (id) => act(() => api(`${path}/${encodeURIComponent(id)}`, { method: 'DELETE' })),
  };
}

/** A credential's state cell: revoked, expired, or the button that revokes it. */
export function RevokeCell({
  revokedAt,
  expiresAt,
  onRevoke,
}: {
  revokedAt: string | null;
  expiresAt?: string;
  onRevoke: () => void;
}) {
  if (revokedAt) return <>revoked</>;
  if (expiresAt && Date.parse(expiresAt) <= Date.now()) return <>expired</>;
  return (
    <button type="button" onClick={onRevoke}>
      Revoke
    </button>
  );
}

/** A secret the service answers only when it is created. */
export function ShownOnce({ what, name, secret, id }: { what: string; name: string; secret: string; id: string }) {
  return (
    <p class="secret" role="status">
      New {what} “{name}”: <code id={id}>{secret}</code>. Copy it now: it is not shown again.
    </p>
  );
}

export const dateTime = (iso: string) => new Date(iso).toLocaleString();
