// The BRC-20 market the sandbox chain's marketplace makes: a BRC-20 trade is a marketplace sale of a transfer
// inscription whose sale was its first move (the move that credits the buyer); its price per whole token is the sale's
// price over the transfer's amount. Market cap is the last sale's price per token times the minted supply.
import type { BitcoinIndex, Brc20Token, InscriptionSale } from '../ports/bitcoin-index.js';
import { MARKET_WINDOWS, SATS_PER_BTC } from './sandbox-rune-market.js';

/** One BRC-20 trade: a transfer inscription's sale, with the amount it moved to the buyer. */
export interface Brc20Sale {
  /** The ticker as deployed. */
  readonly tick: string;
  /** Whole tokens. */
  readonly amount: number;
  readonly priceSats: number;
  readonly time: number;
}

export interface SandboxBrc20Market {
  readonly token: Brc20Token;
  /** Sats per whole token at the last sale; 0 before any sale. */
  readonly priceSats: number;
  readonly marketCapBtc: number;
  readonly volume24hSats: number;
  readonly sales24h: number;
}

/**
 * The sales among `sales` that moved a BRC-20 balance: the sold inscription is a transfer, and the index records its
 * transfer sent in the sale's transaction (a transfer inscription sold again moves nothing, and is no BRC-20 trade).
 */
export async function brc20Sales(index: BitcoinIndex, sales: readonly InscriptionSale[]): Promise<Brc20Sale[]> {
  const transfers = await Promise.all(
    sales.map(async (sale) => ((await index.brc20Action(sale.inscriptionId))?.type === 'TRANSFER' ? sale : undefined)),
  );
  const sellers = [...new Set(transfers.flatMap((sale) => (sale?.seller ? [sale.seller] : [])))];
  const activity = new Map(
    await Promise.all(sellers.map(async (seller) => [seller, await index.brc20ActivityOf(seller)] as const)),
  );
  return transfers.flatMap((sale) => {
    if (!sale?.seller) return [];
    const sent = activity
      .get(sale.seller)!
      .find(
        (event) => event.type === 'TRANSFER' && event.txid === sale.txid && event.inscriptionId === sale.inscriptionId,
      );
    const amount = sent ? Number(sent.amount) : 0;
    return sent && amount > 0 ? [{ tick: sent.tick, amount, priceSats: Number(sale.priceSats), time: sale.time }] : [];
  });
}

/** Every token's market, in deploy order, from its trades (oldest first). */
export function brc20Markets(
  tokens: readonly Brc20Token[],
  sales: readonly Brc20Sale[],
  nowSeconds: number,
): SandboxBrc20Market[] {
  return tokens.map((token) => {
    const own = sales.filter((sale) => sale.tick.toLowerCase() === token.tick.toLowerCase());
    const last = own.at(-1);
    const priceSats = last ? last.priceSats / last.amount : 0;
    const recent = own.filter((sale) => sale.time > nowSeconds - MARKET_WINDOWS['24h']);
    return {
      token,
      priceSats,
      marketCapBtc: (priceSats * Number(token.minted)) / SATS_PER_BTC,
      volume24hSats: recent.reduce((total, sale) => total + sale.priceSats, 0),
      sales24h: recent.length,
    };
  });
}
