import { ServiceError, type ToolByName, type ToolInput } from '@svc/contracts';
import { createPosition, type OrderNetwork } from '@svc/store';
import { callerOf, type Handler, type HandlerContext, withCommitPoint } from '../handler.js';
import { PLACED_NOT_FILLED, sameTokenRefused } from './create-entry.js';
import { requireWatchedNetwork } from './live/order-networks.js';
import { accountActor } from './owned-position.js';
import { positionView } from './position-view.js';
import { tokenKey } from './tokens.js';

type ExitTool =
  | 'createSolanaConditionalExit'
  | 'createEthereumConditionalExit'
  | 'createBscConditionalExit'
  | 'createPolygonConditionalExit'
  | 'createBaseConditionalExit';
type ExitInput = ToolInput<ToolByName<'createBaseConditionalExit'>>;

async function createExit(network: OrderNetwork, input: ExitInput, context: HandlerContext) {
  const { accountId } = callerOf(context);
  const asset = tokenKey(network, input.assetToSell);
  const receive = tokenKey(network, input.receiveToken);
  if (asset === receive) throw sameTokenRefused('receiveToken', 'assetToSell');
  // Spec: "LIMIT sells at an ABOVE trigger or better"; a BELOW sell is a stop (STOP_MARKET).
  if (input.exitType === 'LIMIT' && input.triggerDirection !== 'ABOVE') {
    const message =
      'exitType LIMIT sells at an ABOVE trigger or better: use triggerDirection ABOVE, or exitType STOP_MARKET for a BELOW stop-loss';
    throw new ServiceError('invalid_input', message, {
      issues: [{ field: 'triggerDirection', rule: 'custom', message }],
    });
  }
  requireWatchedNetwork(context.orderNetworks, network);
  await context.commit?.();
  const position = await createPosition(context.db, {
    accountId,
    network,
    kind: 'EXIT',
    asset,
    quoteToken: receive,
    actor: accountActor(accountId),
    orders: [
      {
        role: 'EXIT',
        orderType: input.exitType,
        watchToken: asset,
        triggerPrice: input.triggerPriceUsd,
        direction: input.triggerDirection,
        sellToken: asset,
        buyToken: receive,
        sellQuantity: String(input.sellQuantity),
        buyQuantity: null,
        status: 'PENDING',
      },
    ],
  });
  return { placed: true, note: PLACED_NOT_FILLED, position: positionView(position) };
}

/** createXConditionalExit for one network: sells a held asset when its USD price crosses the trigger (settles at its commit point, as entries do). */
export const conditionalExit = <N extends ExitTool>(network: OrderNetwork): Handler<N> =>
  withCommitPoint((input: ExitInput, context: HandlerContext) =>
    createExit(network, input, context),
  ) as unknown as Handler<N>;
