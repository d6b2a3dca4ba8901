import { ServiceError } from '@svc/contracts';
import type { HandlerContext } from '../handler.js';
import type { PredictMarkets } from '../ports/predict-markets.js';

/** The prediction-market venue of this service (Polymarket live, the sandbox Polygon markets in sandbox mode). */
export function predictMarketsOf(context: Pick<HandlerContext, 'predictMarkets'>, tool: string): PredictMarkets {
  if (context.predictMarkets) return context.predictMarkets;
  throw new ServiceError(
    'not_implemented',
    `${tool} has no prediction-market venue in this service (no sandbox chains)`,
  );
}
