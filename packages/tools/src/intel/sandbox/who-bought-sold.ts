// intel_who_bought_sold in sandbox: per wallet, what it bought and sold of one token over the date range.
import type { MarketActivity, WalletLabel } from '../../ports/market-activity.js';
import {
  dayRange,
  firstPage,
  type IntelInput,
  isSmartMoney,
  labelName,
  marketChainOf,
  marketTokenOf,
  notSimulatedNote,
  sideOf,
} from './market-scope.js';

export const WHO_BOUGHT_SOLD_NOTE =
  "Sandbox: from the token's swaps on the sandbox chain in the date range, buyers and sellers together, largest net " +
  "token volume (bought less sold) first; the USD volumes are the swaps' values when they landed. label_type " +
  'smart_money keeps the simulated wallets labelled smart money or fund; all_traders keeps everyone, a wallet the ' +
  "simulator does not run (a caller's vault) with address_label null.";

interface Volumes {
  readonly address: string;
  readonly label: WalletLabel | null;
  bought: number;
  sold: number;
  boughtUsd: number;
  soldUsd: number;
}

/** Nansen's /tgm/who-bought-sold rows (with the net_* fields of its 30-10-2026 change). */
export async function sandboxWhoBoughtSold(input: IntelInput<'intel_who_bought_sold'>, market: MarketActivity) {
  const scope = { chain: input.chain, token_address: input.token_address, label_type: input.label_type };
  const chain = marketChainOf(market, input.chain);
  if (!chain) return { ...scope, ...firstPage([], input.per_page), note: notSimulatedNote(market, [input.chain]) };
  const token = await marketTokenOf(market, chain, input.chain, input.token_address);
  const trades = await market.trades(chain, { ...dayRange(input.date_from, input.date_to), token: token.address });
  const wallets = new Map<string, Volumes>();
  for (const trade of trades) {
    const side = sideOf(trade, token.address);
    if (!side || (input.label_type === 'smart_money' && !isSmartMoney(trade.traderLabel))) continue;
    const key = trade.trader.toLowerCase();
    const volumes = wallets.get(key) ?? {
      address: trade.trader,
      label: trade.traderLabel,
      bought: 0,
      sold: 0,
      boughtUsd: 0,
      soldUsd: 0,
    };
    if (side.side === 'buy') {
      volumes.bought += side.amount;
      volumes.boughtUsd += trade.valueUsd;
    } else {
      volumes.sold += side.amount;
      volumes.soldUsd += trade.valueUsd;
    }
    wallets.set(key, volumes);
  }
  const rows = [...wallets.values()]
    .map((volumes) => ({
      address: volumes.address,
      address_label: labelName(volumes.label),
      bought_token_volume: volumes.bought,
      sold_token_volume: volumes.sold,
      token_trade_volume: volumes.bought + volumes.sold,
      net_token_volume: volumes.bought - volumes.sold,
      bought_volume_usd: volumes.boughtUsd,
      sold_volume_usd: volumes.soldUsd,
      trade_volume_usd: volumes.boughtUsd + volumes.soldUsd,
      net_volume_usd: volumes.boughtUsd - volumes.soldUsd,
    }))
    .sort((a, b) => b.net_token_volume - a.net_token_volume);
  return { ...scope, ...firstPage(rows, input.per_page), note: WHO_BOUGHT_SOLD_NOTE };
}
