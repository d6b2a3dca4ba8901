import { ServiceError } from '@svc/contracts';
import { type ProviderMode, type ProviderSetting, providerAccess } from './provider-mode.js';
import { type PayerFamily, UPSTREAM_X402_SETTINGS, type UpstreamPayer } from './upstream/x402-payer.js';

/** How a keyed provider's client authenticates: the operator's API key, or paying each call over x402. */
export type ProviderAuth =
  { readonly kind: 'key'; readonly key: string } | { readonly kind: 'x402'; readonly fetch: typeof fetch };

/** What a provider takes over x402, from its documentation: the payer families (Base USDC, Solana USDC). */
export interface X402Offer {
  readonly families: readonly PayerFamily[];
}

const PAYER_KEY: Readonly<Record<PayerFamily, { readonly setting: string; readonly pays: string }>> = {
  evm: { setting: UPSTREAM_X402_SETTINGS.evmPrivateKey, pays: 'Base USDC' },
  svm: { setting: UPSTREAM_X402_SETTINGS.svmPrivateKey, pays: 'Solana USDC' },
};

/**
 * How a provider is reached: undefined in sandbox mode (see providerAccess), else its API key when set (the key always
 * wins), else the upstream payer when it pays one of the families the provider takes. Neither: 503 `not_configured`
 * naming both ways.
 */
export function providerAuth(
  mode: ProviderMode,
  setting: ProviderSetting,
  env: Readonly<Record<string, string | undefined>>,
  offer: X402Offer,
  payer: UpstreamPayer | undefined,
): ProviderAuth | undefined {
  try {
    const access = providerAccess(mode, setting, env);
    return access.kind === 'sandbox' ? undefined : { kind: 'key', key: access.credential };
  } catch (error) {
    if (!(error instanceof ServiceError) || error.code !== 'not_configured') throw error;
    if (payer?.pays(offer.families)) return { kind: 'x402', fetch: payer.fetchFor(setting.provider, offer.families) };
    throw notConfiguredEitherWay(setting, offer);
  }
}

function notConfiguredEitherWay(setting: ProviderSetting, offer: X402Offer): ServiceError {
  const keys = offer.families.map((family) => PAYER_KEY[family]);
  return new ServiceError(
    'not_configured',
    `${setting.provider} is not configured: set ${setting.setting}, or pay it per call over x402 with ` +
      `${keys.map((key) => `${key.setting} (${key.pays})`).join(' or ')} and ${UPSTREAM_X402_SETTINGS.dailyBudgetUsd}.`,
    {
      extra: {
        setting: setting.setting,
        x402Settings: [...keys.map((key) => key.setting), UPSTREAM_X402_SETTINGS.dailyBudgetUsd],
      },
    },
  );
}

/** What a call adds for its auth: the key header, or (paid per call) no header and the payer's fetch. */
export function authOf(
  auth: ProviderAuth,
  keyHeader: string,
): { readonly headers: Readonly<Record<string, string>>; readonly fetch?: typeof fetch } {
  return auth.kind === 'key' ? { headers: { [keyHeader]: auth.key } } : { headers: {}, fetch: auth.fetch };
}
