import { type RecommendedTokenFamily, storeRecommendedTokens } from '@svc/store';
import { callerOf, type HandlerContext } from '../handler.js';

/**
 * Keep the list as the caller's latest for its chain family (once the call is paid: its commit point) and answer
 * with the display payload:
 * `{ display: 'recommended_tokens', chain, chainId?, tokens, count, storedAt }`.
 */
export async function displayRecommendedTokens(
  context: HandlerContext,
  list: { chainFamily: RecommendedTokenFamily; chain: string; chainId?: number; tokens: readonly unknown[] },
): Promise<Record<string, unknown>> {
  const { accountId } = callerOf(context);
  await context.commit?.();
  const stored = await storeRecommendedTokens(context.db, accountId, {
    chainFamily: list.chainFamily,
    chainId: list.chainId ?? null,
    tokens: list.tokens,
  });
  return {
    display: 'recommended_tokens',
    chain: list.chain,
    ...(list.chainId === undefined ? {} : { chainId: list.chainId }),
    tokens: stored.tokens,
    count: stored.tokens.length,
    storedAt: stored.storedAt,
  };
}
