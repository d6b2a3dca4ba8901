import { invalidField } from '@svc/contracts';

/**
 * splBuyIntent's amount_text, per the spec:
 * - a bare number, optionally with a k (thousand) or m (million) suffix: the quantity of the BUY token to receive;
 * - '$N' (or 'N usd'): spend N US dollars' worth of spend_token;
 * - 'N sol': spend N SOL; 'N SYMBOL': spend N of spend_token, and SYMBOL must name spend_token.
 * Quantities stay decimal text (no floating point) until they are scaled to the token's atomic units.
 */
export type AmountText =
  | { readonly kind: 'receive'; readonly quantity: string }
  | { readonly kind: 'spendUsd'; readonly usd: string }
  | { readonly kind: 'spend'; readonly quantity: string; readonly symbol: string };

const NUMBER = String.raw`(\d+(?:\.\d+)?|\.\d+)`;
const RECEIVE = new RegExp(String.raw`^${NUMBER}\s*([kKmM])?$`);
const USD = new RegExp(String.raw`^(?:\$\s*${NUMBER}|${NUMBER}\s*[Uu][Ss][Dd])$`);
const SPEND = new RegExp(String.raw`^${NUMBER}\s+(\S+)$`);

/** `decimal` × 10^places, as decimal text. */
function shift(decimal: string, places: number): string {
  const [whole = '', fraction = ''] = decimal.split('.');
  const digits = `${whole}${fraction.padEnd(places, '0')}`;
  const point = whole.length + places;
  const shifted = `${digits.slice(0, point)}.${digits.slice(point)}`.replace(/^0+(?=\d)/, '').replace(/\.?0*$/, '');
  return shifted === '' ? '0' : shifted;
}

export function parseAmountText(text: string): AmountText {
  const trimmed = text.trim();
  const receive = RECEIVE.exec(trimmed);
  if (receive) {
    const suffix = receive[2]?.toLowerCase();
    return { kind: 'receive', quantity: shift(receive[1] as string, suffix === 'k' ? 3 : suffix === 'm' ? 6 : 0) };
  }
  const usd = USD.exec(trimmed);
  if (usd) return { kind: 'spendUsd', usd: (usd[1] ?? usd[2]) as string };
  const spend = SPEND.exec(trimmed);
  if (spend) return { kind: 'spend', quantity: spend[1] as string, symbol: spend[2] as string };
  throw invalidField(
    'amount_text',
    'format',
    "expected a number to receive ('250', '1.5k', '2m'), '$N' to spend dollars, 'N sol' or 'N SYMBOL' to spend spend_token",
  );
}
