import { UPSTREAM_PROVIDERS, type UpstreamLimitOverride, type UpstreamProviderKey } from './limits.js';
import { UpstreamClient, type UpstreamHealth, type UpstreamUsage } from './upstream-client.js';

// One client per provider for the whole process: its breaker, caps and cache only work if every caller shares them.
const clients = new Map<UpstreamProviderKey, UpstreamClient>();
let overrides: Partial<Record<UpstreamProviderKey, UpstreamLimitOverride>> = {};

/** Applies the operator's rate and concurrency settings; called once at start, before the first upstream call. */
export function configureUpstream(settings: Partial<Record<UpstreamProviderKey, UpstreamLimitOverride>>): void {
  overrides = settings;
  clients.clear();
}

/** The shared client of one provider. */
export function upstreamClient(key: UpstreamProviderKey): UpstreamClient {
  let client = clients.get(key);
  if (!client) {
    client = new UpstreamClient(UPSTREAM_PROVIDERS[key], overrides[key]);
    clients.set(key, client);
  }
  return client;
}

/** Each provider's breaker state and queue, for operators (GET /health). Providers not called yet report closed. */
export function upstreamHealth(): UpstreamHealth[] {
  return (Object.keys(UPSTREAM_PROVIDERS) as UpstreamProviderKey[]).map(
    (key) =>
      clients.get(key)?.health() ?? {
        provider: UPSTREAM_PROVIDERS[key].name,
        breaker: 'closed',
        queued: 0,
        inFlight: 0,
      },
  );
}

/** Each provider's calls and failed calls since its client was created (metrics). Providers not called yet: 0. */
export function upstreamUsage(): UpstreamUsage[] {
  return (Object.keys(UPSTREAM_PROVIDERS) as UpstreamProviderKey[]).map(
    (key) => clients.get(key)?.usage() ?? { provider: UPSTREAM_PROVIDERS[key].name, calls: 0, failures: 0 },
  );
}
