/**
 * SRC-20 tokens indexed from stamps whose data is `{"p":"src-20","op":…}` JSON, by the SRC-20 rules Stampchain
 * applies (stampchain-io/btc_stamps): keys and `op` are case-insensitive, a tick is 1 to 5 characters and
 * case-insensitive (kept upper-case); the first valid deploy of a tick wins; `max` and `lim` are positive, `lim` at
 * most `max`, `dec` 0 to 18 (default 18) and amounts carry at most `dec` decimals; a mint of more than `lim` is
 * invalid, a mint past `max` is cut to what remains (and invalid once nothing remains), credited to the stamp's
 * destination; a transfer moves its amount from the stamp's creator to its destination, and is invalid when the
 * creator holds less.
 */

import { formatDecimal } from '../decimal-amount.js';

export type Src20Op = 'DEPLOY' | 'MINT' | 'TRANSFER';

/** A stamp carrying SRC-20 JSON, in stamp order. */
export interface Src20Stamp {
  readonly txid: string;
  readonly height: number;
  /** Unix seconds. */
  readonly time: number;
  readonly creator: string;
  readonly destination: string;
  readonly json: Readonly<Record<string, unknown>>;
}

/** One SRC-20 operation as Stampchain lists it (amounts as decimal strings); `status` null when it applied as written. */
export interface Src20Operation {
  readonly txid: string;
  readonly height: number;
  readonly time: number;
  readonly op: Src20Op;
  readonly tick: string;
  readonly creator: string;
  readonly destination: string;
  readonly amt: string | null;
  readonly dec: number | null;
  readonly lim: string | null;
  readonly max: string | null;
  readonly valid: boolean;
  readonly status: string | null;
}

export interface Src20Token {
  readonly tick: string;
  readonly deploy: Src20Operation;
  readonly max: string;
  readonly lim: string;
  readonly dec: number;
  /** Minted so far, decimal string. */
  readonly minted: string;
  readonly mints: number;
  /** Minted as a percentage of max (0 to 100). */
  readonly progress: number;
  /** Holders with a positive balance, largest first. */
  readonly holders: readonly { readonly address: string; readonly amt: string }[];
}

const DEFAULT_DECIMALS = 18;
const U64_MAX = (1n << 64n) - 1n;
const AMOUNT = /^\d+(?:\.\d+)?$/;

interface TokenState {
  readonly deploy: Src20Operation;
  readonly dec: number;
  readonly max: bigint;
  readonly lim: bigint;
  minted: bigint;
  mints: number;
  readonly balances: Map<string, bigint>;
}

/** An amount in units of 10^-dec, or a reason it is not one. */
export function src20Units(value: unknown, dec: number): bigint | string {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !AMOUNT.test(text)) return 'not a decimal amount';
  const [whole, fraction = ''] = text.split('.');
  if (fraction.replace(/0+$/, '').length > dec) return `more than ${dec} decimals`;
  const scaled = BigInt(whole!) * 10n ** BigInt(dec) + BigInt(fraction.padEnd(dec, '0').slice(0, dec) || '0');
  if (scaled <= 0n) return 'not positive';
  if (BigInt(whole!) > U64_MAX) return 'beyond the 64-bit range';
  return scaled;
}

/** The operation's fields, keys lower-cased. */
function fieldsOf(json: Readonly<Record<string, unknown>>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(json).map(([key, value]) => [key.toLowerCase(), value]));
}

/** Applies SRC-20 stamps in order; returns every operation (valid or not) and the tokens in deploy order. */
export function indexSrc20(stamps: readonly Src20Stamp[]): {
  readonly operations: readonly Src20Operation[];
  readonly tokens: readonly Src20Token[];
} {
  const tokens = new Map<string, TokenState>();
  const operations: Src20Operation[] = [];
  for (const stamp of stamps) {
    const fields = fieldsOf(stamp.json);
    const op = String(fields.op ?? '').toUpperCase();
    const tick = typeof fields.tick === 'string' ? fields.tick.toUpperCase() : '';
    if (String(fields.p ?? '').toLowerCase() !== 'src-20' || !['DEPLOY', 'MINT', 'TRANSFER'].includes(op)) continue;
    const token = tokens.get(tick);
    const record = (
      valid: boolean,
      status: string | null,
      amt: bigint | null = null,
      dec = token?.dec ?? null,
    ): Src20Operation => {
      const op_ = op as Src20Op;
      const operation = {
        txid: stamp.txid,
        height: stamp.height,
        time: stamp.time,
        op: op_,
        tick,
        creator: stamp.creator,
        destination: stamp.destination,
        amt:
          amt !== null && dec !== null ? formatDecimal(amt, dec) : typeof fields.amt === 'string' ? fields.amt : null,
        dec,
        lim: op_ === 'DEPLOY' && typeof fields.lim !== 'undefined' ? String(fields.lim) : null,
        max: op_ === 'DEPLOY' && typeof fields.max !== 'undefined' ? String(fields.max) : null,
        valid,
        status: valid ? status : `invalid: ${status}`,
      };
      operations.push(operation);
      return operation;
    };
    if ([...tick].length < 1 || [...tick].length > 5) {
      record(false, 'tick must be 1 to 5 characters');
      continue;
    }
    if (op === 'DEPLOY') {
      if (token) {
        record(false, `${tick} is already deployed`);
        continue;
      }
      // Digits only (a string or a JSON integer): Number() would also take "", "0x10", " 8 ", "1e1" and true.
      const dec =
        fields.dec === undefined
          ? DEFAULT_DECIMALS
          : /^\d{1,2}$/.test(String(fields.dec)) && typeof fields.dec !== 'boolean'
            ? Number(fields.dec)
            : Number.NaN;
      if (!Number.isInteger(dec) || dec < 0 || dec > DEFAULT_DECIMALS) {
        record(false, 'dec must be an integer 0 to 18');
        continue;
      }
      const max = src20Units(fields.max, dec);
      const lim = src20Units(fields.lim, dec);
      if (typeof max === 'string' || typeof lim === 'string') {
        record(false, typeof max === 'string' ? `max is ${max}` : `lim is ${lim as string}`);
        continue;
      }
      if (lim > max) {
        record(false, 'lim exceeds max');
        continue;
      }
      const deploy = record(true, null, null, dec);
      tokens.set(tick, { deploy, dec, max, lim, minted: 0n, mints: 0, balances: new Map() });
      continue;
    }
    if (!token) {
      record(false, `${tick} is not deployed`);
      continue;
    }
    const amt = src20Units(fields.amt, token.dec);
    if (typeof amt === 'string') {
      record(false, `amt is ${amt}`);
      continue;
    }
    const credit = (address: string, delta: bigint) =>
      token.balances.set(address, (token.balances.get(address) ?? 0n) + delta);
    if (op === 'MINT') {
      const remaining = token.max - token.minted;
      if (amt > token.lim) record(false, `amt exceeds the mint limit ${formatDecimal(token.lim, token.dec)}`);
      else if (remaining === 0n) record(false, `${tick} is fully minted`);
      else {
        const minted = amt > remaining ? remaining : amt;
        record(
          true,
          minted < amt
            ? `reduced amt from ${formatDecimal(amt, token.dec)} to ${formatDecimal(minted, token.dec)}: max reached`
            : null,
          minted,
        );
        token.minted += minted;
        token.mints += 1;
        credit(stamp.destination, minted);
      }
      continue;
    }
    if ((token.balances.get(stamp.creator) ?? 0n) < amt) {
      record(false, 'insufficient balance');
      continue;
    }
    record(true, null, amt);
    credit(stamp.creator, -amt);
    credit(stamp.destination, amt);
  }
  return {
    operations,
    tokens: [...tokens.entries()].map(([tick, token]) => ({
      tick,
      deploy: token.deploy,
      max: formatDecimal(token.max, token.dec),
      lim: formatDecimal(token.lim, token.dec),
      dec: token.dec,
      minted: formatDecimal(token.minted, token.dec),
      mints: token.mints,
      progress: Number((token.minted * 10_000n) / token.max) / 100,
      holders: [...token.balances]
        .filter(([, held]) => held > 0n)
        .sort(([, a], [, b]) => (a > b ? -1 : a < b ? 1 : 0))
        .map(([address, held]) => ({ address, amt: formatDecimal(held, token.dec) })),
    })),
  };
}
