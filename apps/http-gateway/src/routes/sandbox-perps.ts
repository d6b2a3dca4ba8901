import { EVMADDR, invalidField, parseInput } from '@svc/contracts';
import { PERP_MARKETS, type SandboxPerps } from '@svc/sandbox';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { jsonBody, operation, type PathItem } from '../openapi-service-routes.js';

/** The largest position one request opens (USD notional). */
const MAX_POSITION_USD = 1_000_000;

export const perpPositionRequest = z.strictObject({
  address: EVMADDR,
  coin: z.string().min(1),
  action: z.enum(['open', 'close']),
  side: z.enum(['long', 'short']).optional(),
  sizeUsd: z.number().positive().max(MAX_POSITION_USD).optional(),
  leverage: z.number().int().min(1).optional(),
  name: z
    .string()
    .regex(/^[a-z0-9-]{1,40}\.hl$/, 'must be a lower-case name ending in .hl, e.g. "alice.hl"')
    .optional(),
});

const tradesQuery = z.strictObject({ coin: z.string().min(1) });

/** The OpenAPI description of the routes below. */
export const SANDBOX_PERPS_OPENAPI_PATHS: Readonly<Record<string, PathItem>> = {
  '/api/sandbox/perps/position': {
    post: operation('sandboxPerpPosition', {
      tag: 'Sandbox',
      summary:
        'Open (market order, margin deposited by the sandbox) or close a position on the sandbox perp exchange for an address; optionally give the address a sandbox .hl name.',
      requestBody: jsonBody(perpPositionRequest),
    }),
  },
  '/api/sandbox/perps/trades': {
    get: operation('sandboxPerpTrades', {
      tag: 'Sandbox',
      summary: "The sandbox perp exchange's trades of one coin (the last 25 hours), oldest first.",
    }),
  },
};

/** The market's coin as the exchange spells it (any case given), or a 400 listing the markets. */
function coinOf(coin: string): string {
  const market = PERP_MARKETS.find((known) => known.coin.toLowerCase() === coin.toLowerCase());
  if (!market)
    throw invalidField(
      'coin',
      'unknown_market',
      `no sandbox perp market ${coin}; it has ${PERP_MARKETS.map((m) => m.coin).join(', ')}`,
    );
  return market.coin;
}

/**
 * The sandbox perp exchange's routes (sandbox mode only), so agents can try the perpdex account tools:
 * - `POST /api/sandbox/perps/position {address, coin, action: "open", side, sizeUsd, leverage?}` opens (or adds to) a
 *   position with a market order against the makers' book; the sandbox deposits its margin (sizeUsd / leverage,
 *   leverage default 5) into the address's perp account first. `{address, coin, action: "close"}` closes the whole
 *   position. `name` (e.g. "alice.hl") also makes the name resolve to the address in the perpdex tools' `user`.
 * - `GET /api/sandbox/perps/trades?coin=` lists the coin's trades, from which its candles and funding are computed.
 */
export function sandboxPerpsRoutes(app: FastifyInstance, perps: SandboxPerps): void {
  app.post('/api/sandbox/perps/position', async (request) => {
    const body = parseInput(perpPositionRequest, request.body, 'sandbox perp position');
    const coin = coinOf(body.coin);
    await perps.ready();
    const { exchange } = perps;
    if (body.name) exchange.registerName(body.name, body.address);
    let result;
    if (body.action === 'open') {
      if (!body.side) throw invalidField('side', 'required', 'long or short, to open a position');
      if (body.sizeUsd === undefined) throw invalidField('sizeUsd', 'required', 'the USD notional to open');
      const { maxLeverage } = exchange.market(coin).spec;
      const leverage = body.leverage ?? Math.min(5, maxLeverage);
      if (leverage > maxLeverage)
        throw invalidField('leverage', 'too_big', `${coin} allows at most ${maxLeverage}x`, { limit: maxLeverage });
      if (body.sizeUsd / exchange.markPx(coin) < 10 ** -exchange.market(coin).spec.szDecimals)
        throw invalidField('sizeUsd', 'too_small', `less than one ${coin} size unit at the mark price`);
      result = exchange.openPosition({ address: body.address, coin, side: body.side, sizeUsd: body.sizeUsd, leverage });
    } else {
      if (body.side || body.sizeUsd !== undefined || body.leverage !== undefined)
        throw invalidField(
          'action',
          'close_takes_no_size',
          'close takes only address and coin: it closes the whole position',
        );
      result = exchange.closePosition({ address: body.address, coin });
    }
    perps.changed();
    const position = exchange.account(body.address)?.positions[coin];
    return {
      sandbox: true,
      address: body.address,
      coin,
      action: body.action,
      time: result.time,
      fills: result.fills.map(({ px, sz, side, closedPnl, fee, tid, dir }) => ({
        px,
        sz,
        side,
        dir,
        closedPnl,
        fee,
        tid,
      })),
      position: position ? { szi: position.szi, entryPx: position.entryPx, leverage: position.leverage } : null,
      accountValue: exchange.accountValue(body.address),
      ...(body.name ? { name: body.name } : {}),
    };
  });

  app.get('/api/sandbox/perps/trades', async (request) => {
    const { coin } = parseInput(tradesQuery, request.query ?? {}, 'sandbox perp trades');
    const known = coinOf(coin);
    await perps.ready();
    return { sandbox: true, coin: known, trades: perps.exchange.trades(known) };
  });
}
