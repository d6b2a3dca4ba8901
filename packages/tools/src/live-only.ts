import { ServiceError } from '@svc/contracts';

/**
 * The live client a market-data tool calls, or the 501 its sandbox call answers: these tools need the sandbox market
 * (simulator and indexer), which is not built yet. The provider getter has already thrown 503 `not_configured` in
 * live mode without the key, so only sandbox mode reaches the 501; neither is charged.
 */
export function liveClient<T>(client: T | undefined, tool: string, needs: string): T {
  if (client !== undefined) return client;
  throw new ServiceError(
    'not_implemented',
    `${tool} has no sandbox answer yet: it needs ${needs}, which is not built yet. Nothing was charged. ` +
      'It answers in live mode, or in sandbox mode when its provider key is listed in PROVIDERS_LIVE.',
    { extra: { tool } },
  );
}
