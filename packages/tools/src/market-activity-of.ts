import { ServiceError } from '@svc/contracts';
import type { ProviderSetting } from '@svc/providers';
import type { HandlerContext } from './handler.js';
import type { MarketActivity } from './ports/market-activity.js';

/**
 * The sandbox market index a market tool answers from in sandbox mode. It runs with the sandbox chains; a sandbox
 * started without them (HTTP-surface tests) has none, and only the live provider could answer there: 503 naming its
 * setting, uncharged.
 */
export function sandboxMarketOf(context: HandlerContext, tool: string, provider: ProviderSetting): MarketActivity {
  if (context.marketActivity) return context.marketActivity;
  throw new ServiceError(
    'not_configured',
    `${tool} answers in sandbox mode from the sandbox market, which runs with the sandbox chains, and this server ` +
      `started without them; nothing was charged. Set ${provider.setting} and list it in PROVIDERS_LIVE to ask ` +
      `${provider.provider} instead.`,
    { extra: { setting: provider.setting, tool } },
  );
}

/**
 * A market tool's sandbox answer, settled once it is computed: the index is only read, so nothing happens before the
 * payment, and a call the answer refuses (an unknown token) is never charged.
 */
export async function fromSandboxMarket<T>(
  context: HandlerContext,
  tool: string,
  provider: ProviderSetting,
  answer: (market: MarketActivity) => Promise<T>,
): Promise<T> {
  const result = await answer(sandboxMarketOf(context, tool, provider));
  await context.commit?.();
  return result;
}
