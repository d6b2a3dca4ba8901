import type { Queryable } from './db.js';

/** A sandbox market price: USD per 1 token on a network (migration 16). */
export interface SandboxPrice {
  readonly network: string;
  readonly token: string;
  readonly priceUsd: string;
  readonly updatedAt: string;
}

type PriceRow = { network: string; token: string; price_usd: string; updated_at: Date | string };
const toPrice = (row: PriceRow): SandboxPrice => ({
  network: row.network,
  token: row.token,
  priceUsd: row.price_usd,
  updatedAt: new Date(row.updated_at).toISOString(),
});

/** Set the sandbox market's USD price of a token. */
export async function setSandboxPrice(
  db: Queryable,
  network: string,
  token: string,
  priceUsd: string,
): Promise<SandboxPrice> {
  const { rows } = await db.query<PriceRow>(
    `INSERT INTO sandbox_prices (network, token, price_usd) VALUES ($1, $2, $3)
     ON CONFLICT (network, token) DO UPDATE SET price_usd = EXCLUDED.price_usd, updated_at = now()
     RETURNING network, token, price_usd::text AS price_usd, updated_at`,
    [network, token, priceUsd],
  );
  return toPrice(rows[0] as PriceRow);
}

/** Sandbox prices, all or those of one network (and token). */
export async function sandboxPrices(
  db: Queryable,
  filter: { network?: string; token?: string } = {},
): Promise<SandboxPrice[]> {
  const { rows } = await db.query<PriceRow>(
    `SELECT network, token, price_usd::text AS price_usd, updated_at FROM sandbox_prices
      WHERE ($1::text IS NULL OR network = $1) AND ($2::text IS NULL OR token = $2) ORDER BY network, token`,
    [filter.network ?? null, filter.token ?? null],
  );
  return rows.map(toPrice);
}
