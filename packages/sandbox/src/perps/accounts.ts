/** An account on the sandbox perp exchange and the arithmetic of its positions (one-way mode, cross margin). */

export interface PerpPosition {
  /** Signed size: positive long, negative short. */
  szi: number;
  entryPx: number;
  leverage: number;
  /** Funding paid (positive) or received (negative), since the account first held the coin and since this open. */
  fundingAllTime: number;
  fundingSinceOpen: number;
}

export interface PerpFill {
  readonly coin: string;
  readonly px: number;
  readonly sz: number;
  /** B: this account bought; A: it sold. */
  readonly side: 'B' | 'A';
  readonly time: number;
  readonly startPosition: number;
  readonly dir: string;
  readonly closedPnl: number;
  readonly hash: string;
  readonly oid: number;
  /** Taker (crossed the book) or maker. */
  readonly crossed: boolean;
  readonly fee: number;
  readonly tid: number;
}

export interface PerpOrderRecord {
  readonly coin: string;
  readonly side: 'B' | 'A';
  readonly limitPx: number;
  /** Unfilled size when the order reached `status`. */
  readonly sz: number;
  readonly origSz: number;
  readonly oid: number;
  readonly timestamp: number;
  readonly orderType: 'Market' | 'Limit';
  readonly tif: 'Gtc' | 'Ioc' | 'FrontendMarket';
  readonly reduceOnly: boolean;
  readonly status: 'filled' | 'canceled' | 'open';
  readonly statusTimestamp: number;
}

export interface PerpAccount {
  readonly address: string;
  /** USDC in the perp account (deposits, realized PnL, funding and fees). */
  cash: number;
  /** What was deposited, less what was withdrawn: PnL is account value less this. */
  netDeposits: number;
  readonly positions: Record<string, PerpPosition>;
  /** Spot balances by token (USDC, HYPE). */
  readonly spot: Record<string, number>;
  /** HYPE in the staking account, not delegated. */
  stakingUndelegated: number;
  /** Validator address → delegated HYPE and when it unlocks (ms). */
  readonly delegations: Record<string, { amount: number; lockedUntil: number }>;
  /** Newest last, the last {@link ACCOUNT_RECORDS} of each. */
  readonly fills: PerpFill[];
  readonly orders: PerpOrderRecord[];
  /** Notional traded, all time. */
  volume: number;
  /** [time, account value, PnL], hourly and after the account's own trades, the last {@link ACCOUNT_HISTORY_MS}. */
  readonly history: [number, number, number][];
}

/** Fills and orders an account keeps (the tools' limit is 100 at most). */
export const ACCOUNT_RECORDS = 100;
/** How far back an account's value history goes (the portfolio's month). */
export const ACCOUNT_HISTORY_MS = 31 * 24 * 60 * 60 * 1000;

export function newAccount(address: string): PerpAccount {
  return {
    address,
    cash: 0,
    netDeposits: 0,
    positions: {},
    spot: {},
    stakingUndelegated: 0,
    delegations: {},
    fills: [],
    orders: [],
    volume: 0,
    history: [],
  };
}

/** Keeps the newest `limit` entries of `list`. */
export function keepNewest<T>(list: T[], limit: number): void {
  if (list.length > limit) list.splice(0, list.length - limit);
}

/** What a fill of signed size `delta` at `px` does to a position: the new one and the PnL it realizes. */
export function applyFill(
  position: PerpPosition | undefined,
  delta: number,
  px: number,
  leverage: number,
): { position: PerpPosition | undefined; closedPnl: number; dir: string } {
  const before = position?.szi ?? 0;
  const after = before + delta;
  const closing = before !== 0 && Math.sign(delta) !== Math.sign(before);
  const closedSz = closing ? Math.min(Math.abs(delta), Math.abs(before)) : 0;
  const closedPnl = closedSz * (px - (position?.entryPx ?? px)) * Math.sign(before);
  const dir = directionOf(before, after);
  if (Math.abs(after) < 1e-12) return { position: undefined, closedPnl, dir };
  const fundingAllTime = position?.fundingAllTime ?? 0;
  if (!closing) {
    const entryPx = (Math.abs(before) * (position?.entryPx ?? px) + Math.abs(delta) * px) / Math.abs(after);
    return {
      position: {
        szi: after,
        entryPx,
        leverage: position?.leverage ?? leverage,
        fundingAllTime,
        fundingSinceOpen: position?.fundingSinceOpen ?? 0,
      },
      closedPnl,
      dir,
    };
  }
  const flipped = Math.sign(after) !== Math.sign(before);
  return {
    position: {
      szi: after,
      entryPx: flipped ? px : position!.entryPx,
      leverage: position!.leverage,
      fundingAllTime,
      fundingSinceOpen: flipped ? 0 : position!.fundingSinceOpen,
    },
    closedPnl,
    dir,
  };
}

/** The fill's direction as the info API words it. */
function directionOf(before: number, after: number): string {
  if (before >= 0 && after > before) return 'Open Long';
  if (before <= 0 && after < before) return 'Open Short';
  if (before > 0 && after < 0) return 'Long > Short';
  if (before < 0 && after > 0) return 'Short > Long';
  return before > 0 ? 'Close Long' : 'Close Short';
}

/** Unrealized PnL of a position at `markPx`. */
export const unrealizedPnl = (position: PerpPosition, markPx: number): number =>
  position.szi * (markPx - position.entryPx);

/** Account value: cash plus every position's unrealized PnL at its market's mark price. */
export function accountValue(account: PerpAccount, markPx: (coin: string) => number): number {
  let value = account.cash;
  for (const [coin, position] of Object.entries(account.positions)) value += unrealizedPnl(position, markPx(coin));
  return value;
}
