import { amountIn, amountOut, HBAR, type HederaNetwork, type HederaPoolView } from '@svc/chains';
import { invalidField, ServiceError } from '@svc/contracts';

/** A swap path over the venue's pools: a direct pool, else two hops through HBAR (where most liquidity is). */
export interface SwapRoute {
  readonly assets: readonly string[];
  readonly pools: readonly HederaPoolView[];
}

const poolOf = (pools: readonly HederaPoolView[], a: string, b: string) =>
  pools.find((pool) => pool.assets.includes(a) && pool.assets.includes(b));

export async function routeOf(network: HederaNetwork, from: string, to: string): Promise<SwapRoute> {
  if (from === to) throw invalidField('toTokenId', 'same_token', 'must differ from fromTokenId');
  const pools = await network.pools();
  const candidates = [
    [from, to],
    [from, HBAR, to],
  ].filter((path) => new Set(path).size === path.length);
  for (const assets of candidates) {
    const hops = assets.slice(1).map((asset, index) => poolOf(pools, assets[index] as string, asset));
    if (hops.every((pool) => pool !== undefined)) return { assets, pools: hops };
  }
  throw new ServiceError(
    'not_found',
    `The swap venue has no pool route from ${from} to ${to} (direct or through HBAR).`,
    { extra: { from, to } },
  );
}

const reservesFor = (pool: HederaPoolView, from: string) =>
  pool.assets[0] === from ? pool.reserves : ([pool.reserves[1], pool.reserves[0]] as const);

/** What `input` of the route's first asset buys at the current reserves. */
export function exactInput(route: SwapRoute, input: bigint): bigint {
  return route.pools.reduce((amount, pool, hop) => {
    const [reserveIn, reserveOut] = reservesFor(pool, route.assets[hop] as string);
    return amountOut(amount, reserveIn, reserveOut);
  }, input);
}

/** The input that buys exactly `output` of the route's last asset; undefined when the pools cannot pay that much. */
export function exactOutput(route: SwapRoute, output: bigint): bigint | undefined {
  let amount: bigint | undefined = output;
  for (let hop = route.pools.length - 1; hop >= 0 && amount !== undefined; hop -= 1) {
    const [reserveIn, reserveOut] = reservesFor(route.pools[hop] as HederaPoolView, route.assets[hop] as string);
    amount = amountIn(amount, reserveIn, reserveOut);
  }
  return amount;
}

/** The route as token ids, with HBAR as the spec's 0.0.0 id. */
export const routeIds = (route: SwapRoute) => route.assets.map((asset) => (asset === HBAR ? '0.0.0' : asset));

/** What `input` of the route's first asset is worth in its last at the pools' spot prices (no fee, no price impact). */
export function spotValue(route: SwapRoute, input: bigint): bigint {
  return route.pools.reduce((amount, pool, hop) => {
    const [reserveIn, reserveOut] = reservesFor(pool, route.assets[hop] as string);
    return (amount * reserveOut) / reserveIn;
  }, input);
}
