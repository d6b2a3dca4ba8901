import { notConfigured } from '@svc/contracts';

export type ProviderMode = 'sandbox' | 'live';

/** How one provider is reached: the deterministic simulation, or the real API with its credential. */
export type ProviderAccess = { readonly kind: 'sandbox' } | { readonly kind: 'live'; readonly credential: string };

export interface ProviderSetting {
  /** Human name for messages, e.g. "Market data (mktdata)". */
  readonly provider: string;
  /** Environment variable with the API key or URL, e.g. MKTDATA_API_KEY. */
  readonly setting: string;
}

/**
 * Decide how a provider is reached. Sandbox mode always simulates, unless `<SETTING>` is set and
 * `PROVIDERS_LIVE` lists the setting (modes can be mixed per provider). Live mode without the setting
 * answers 503 naming it: the service never returns invented data outside sandbox mode.
 */
export function providerAccess(
  mode: ProviderMode,
  provider: ProviderSetting,
  env: Readonly<Record<string, string | undefined>>,
): ProviderAccess {
  const credential = env[provider.setting];
  const liveInSandbox = (env.PROVIDERS_LIVE ?? '')
    .split(',')
    .map((s) => s.trim())
    .includes(provider.setting);
  if (mode === 'sandbox' && !liveInSandbox) return { kind: 'sandbox' };
  if (!credential) throw notConfigured(provider.setting, provider.provider);
  return { kind: 'live', credential };
}
