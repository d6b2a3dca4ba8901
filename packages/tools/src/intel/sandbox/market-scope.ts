// What every sandbox intel answer shares: which asked chains the sandbox market runs, Nansen's paging, labels and
// timestamps, and the trade arithmetic (a trade's side for one token).
import { ServiceError, type ToolByName, type ToolInput, type ToolName } from '@svc/contracts';
import type {
  MarketActivity,
  MarketChain,
  MarketToken,
  MarketTrade,
  WalletLabel,
} from '../../ports/market-activity.js';

export type IntelInput<N extends ToolName> = ToolInput<ToolByName<N>>;

/** The analytics catalog's chain names (ICHAIN16/21) of the chains the sandbox market can run, as the port names them. */
const MARKET_CHAIN: Readonly<Record<string, MarketChain>> = {
  ethereum: 'ethereum',
  base: 'base',
  bnb: 'bsc',
  polygon: 'polygon',
  solana: 'solana',
};

/** The sandbox chain behind a catalog chain name, when the market runs it. */
export function marketChainOf(market: MarketActivity, chain: string): MarketChain | undefined {
  const mapped = MARKET_CHAIN[chain];
  return mapped !== undefined && market.chains.includes(mapped) ? mapped : undefined;
}

/** Why an answer about chains the sandbox does not run is empty, naming the ones it does (catalog names). */
export function notSimulatedNote(market: MarketActivity, asked: readonly string[]): string {
  const simulated = Object.keys(MARKET_CHAIN).filter((name) => marketChainOf(market, name) !== undefined);
  return (
    `Sandbox: the sandbox market does not run ${asked.join(', ')}; it simulates ${simulated.join(', ')} only, ` +
    'so there is nothing to answer there (no rows are invented).'
  );
}

/** The asked token of the market, or a 404 (asked: the catalog's chain name): an unknown token was never traded. */
export async function marketTokenOf(
  market: MarketActivity,
  chain: MarketChain,
  asked: string,
  address: string,
): Promise<MarketToken> {
  const token = await market.token(chain, address);
  if (token) return token;
  throw new ServiceError('not_found', `The sandbox market has no token ${address} on ${asked}.`, {
    extra: { chain: asked, token_address: address },
  });
}

/** Nansen's first page: at most per_page rows (whole rows), and whether more would follow. */
export function firstPage<Row>(rows: readonly Row[], perPage: number) {
  const size = Math.max(1, Math.floor(perPage));
  return { rows: rows.slice(0, size), page: 1, isLastPage: rows.length <= size };
}

/** Nansen's smart money: the simulator's smart traders and funds. */
export const isSmartMoney = (label: WalletLabel | null | undefined): boolean =>
  label?.kind === 'smart_money' || label?.kind === 'fund';

/** The label as Nansen shows it on a row; null for a wallet the simulator does not run (a caller's vault). */
export const labelName = (label: WalletLabel | null | undefined): string | null => label?.name ?? null;

/** Nansen's block_timestamp: UTC to the second, without a zone suffix ("2025-11-25T21:14:03"). */
export const nansenTimestamp = (iso: string): string => new Date(iso).toISOString().slice(0, 19);

/** The catalog's YYYY-MM-DD range as inclusive instants: date_to counts to its last millisecond. */
export const dayRange = (from: string, to: string) => ({
  from: new Date(`${from}T00:00:00.000Z`),
  to: new Date(`${to}T23:59:59.999Z`),
});

export const HOUR_MS = 3_600_000;
export const DAY_MS = 24 * HOUR_MS;

export const sameAddress = (a: string, b: string): boolean => a.toLowerCase() === b.toLowerCase();

/** The trade as one token's buy or sell: the token amount that changed hands, and the trade's USD value. */
export function sideOf(trade: MarketTrade, token: string): { side: 'buy' | 'sell'; amount: number } | undefined {
  if (sameAddress(trade.bought.address, token)) return { side: 'buy', amount: trade.bought.amount };
  if (sameAddress(trade.sold.address, token)) return { side: 'sell', amount: trade.sold.amount };
  return undefined;
}

export const sum = (values: readonly number[]): number => values.reduce((total, value) => total + value, 0);

/** a / b as a percentage; null when b is zero (no base to compare with). */
export const percentOf = (a: number, b: number): number | null => (b === 0 ? null : (a / b) * 100);
