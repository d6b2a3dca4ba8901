// Prediction-market tools (Polymarket): Gamma for events, tags and search, the Data API for positions, the CLOB V2 for
// orders and the Conditional Tokens contract on Polygon for redemptions in live mode; the sandbox Polygon chain's
// Conditional Tokens markets in sandbox mode (docs/families/predict.md).
import { defineFamily } from '../family.js';
import {
  getPredictEvent,
  getPredictEvents,
  getPredictEventsByTag,
  getPredictTags,
  getPredictUserPositions,
  searchPredictEvents,
} from './predict-reads.js';
import { placePredictOrder, redeemPredictPosition } from './predict-writes.js';
import { placePredictOrderValue, redeemPredictPositionValue } from './valuations.js';

export const predictFamily = defineFamily({
  handlers: {
    getPredictEvents,
    getPredictTags,
    getPredictEventsByTag,
    searchPredictEvents,
    getPredictEvent,
    getPredictUserPositions,
    placePredictOrder,
    redeemPredictPosition,
  },
  valuations: { placePredictOrder: placePredictOrderValue, redeemPredictPosition: redeemPredictPositionValue },
});
