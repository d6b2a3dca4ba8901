import type { OrderNetwork } from '@svc/store';
import type { PriceFeed, PriceTick } from '../engine/price-feed.js';

/** How often a live network's prices are read, unless configured (ORDER_PRICE_INTERVAL_MS). */
export const LIVE_PRICE_INTERVAL_MS = 10_000;
/** A network's read that takes longer than this is abandoned for the poll (the HTTP clients time out at 10 s each). */
const LIVE_PRICE_TIMEOUT_MS = 15_000;

export interface LivePriceFeedLog {
  warn(details: Record<string, unknown>, message: string): void;
}

export interface LivePriceFeedOptions {
  /** The feed of each watched network; tokens of other networks are never asked for. */
  readonly feeds: Partial<Record<OrderNetwork, PriceFeed>>;
  /** A price read this recently is answered again instead of asking the provider (default LIVE_PRICE_INTERVAL_MS). */
  readonly intervalMs?: number;
  readonly timeoutMs?: number;
  readonly log?: LivePriceFeedLog;
  readonly now?: () => number;
}

/**
 * The trigger engine's live PriceFeed over one feed per network. The engine asks every pass (250 ms) for the tokens
 * its open orders watch; a provider is asked at most once per `intervalMs` per network, in one batch for the tokens
 * last asked longer ago than that (the other tokens answer the price read within the interval: a real, recent
 * price, never an invented one). Networks are read in parallel; a network whose read fails or exceeds `timeoutMs` is
 * logged and left out, and not asked again before `intervalMs` has passed, while the other networks' prices go on. A
 * price older than `intervalMs` is never answered (a failing network's tokens have no price until it answers again).
 */
export function livePriceFeed(options: LivePriceFeedOptions): PriceFeed {
  const intervalMs = options.intervalMs ?? LIVE_PRICE_INTERVAL_MS;
  const timeoutMs = options.timeoutMs ?? LIVE_PRICE_TIMEOUT_MS;
  const now = options.now ?? Date.now;
  const latest = new Map<string, { tick: PriceTick; at: number }>();
  /** When each token was last answered for (priced or not): a token the provider does not price is not asked every pass. */
  const askedAt = new Map<string, number>();
  const failedAt = new Map<OrderNetwork, number>();
  const key = (network: OrderNetwork, token: string) => `${network}|${token}`;

  const readNetwork = async (network: OrderNetwork, feed: PriceFeed, tokens: readonly string[]): Promise<void> => {
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new Error(`no answer within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      const ticks = await Promise.race([feed.prices(tokens.map((token) => ({ network, token }))), timeout]);
      const at = now();
      for (const token of tokens) askedAt.set(key(network, token), at);
      for (const tick of ticks) if (tick.network === network) latest.set(key(network, tick.token), { tick, at });
      failedAt.delete(network);
    } catch (error) {
      failedAt.set(network, now());
      options.log?.warn(
        { network, tokens: tokens.length, err: error instanceof Error ? error.message : String(error) },
        `conditional orders: the ${network} price feed failed; its orders wait for the next poll`,
      );
    } finally {
      clearTimeout(timer);
    }
  };

  return {
    async prices(tokens) {
      const stale = new Map<OrderNetwork, Set<string>>();
      for (const { network, token } of tokens) {
        const feed = options.feeds[network];
        if (!feed) continue;
        const asked = askedAt.get(key(network, token));
        const failed = failedAt.get(network);
        if (
          (asked !== undefined && now() - asked < intervalMs) ||
          (failed !== undefined && now() - failed < intervalMs)
        )
          continue;
        const list = stale.get(network) ?? new Set<string>();
        stale.set(network, list.add(token));
      }
      await Promise.all(
        [...stale].map(([network, list]) => readNetwork(network, options.feeds[network] as PriceFeed, [...list])),
      );
      return tokens.flatMap(({ network, token }) => {
        const seen = latest.get(key(network, token));
        return seen && now() - seen.at < intervalMs ? [seen.tick] : [];
      });
    },
  };
}
