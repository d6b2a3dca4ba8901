import { ServiceError } from '@svc/contracts';
import type { ProviderSetting } from '@svc/providers';
import type { HandlerContext } from './handler.js';
import type { MarketActivity } from './ports/market-activity.js';

/**
 * A market tool's sandbox answer, settled once it is computed: the index is only read, so nothing happens before the
 * payment, and a call the answer refuses (an unknown token) is never charged. A sandbox without the market index
 * (sandbox mode without its chains) has no sandbox answer: 501, uncharged, as the tools without one answer.
 */
export async function fromSandboxMarket<T>(
  context: HandlerContext,
  tool: string,
  provider: ProviderSetting,
  answer: (market: MarketActivity) => Promise<T>,
): Promise<T> {
  if (!context.marketActivity)
    throw new ServiceError(
      'not_implemented',
      `${tool} answers in sandbox mode from the sandbox market index, which this sandbox does not run (it runs ` +
        `without the sandbox chains). Nothing was charged. It answers from ${provider.provider} when ` +
        `${provider.setting} is set and listed in PROVIDERS_LIVE.`,
      { extra: { tool, setting: provider.setting } },
    );
  const result = await answer(context.marketActivity);
  await context.commit?.();
  return result;
}
