import type { Loaded } from './use-load.js';

/** A screen's first load: waiting on the wallet's signature (every call is signed), or why it failed. */
export function LoadState({ loaded }: { loaded: Loaded<unknown> }) {
  if (loaded.error) return <p role="alert">{loaded.error}</p>;
  if (loaded.loading && loaded.data === undefined)
    return <p aria-busy="true">Waiting for your wallet to sign in (no transaction, no gas)…</p>;
  return null;
}
