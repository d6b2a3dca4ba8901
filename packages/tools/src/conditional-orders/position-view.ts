import type { StoredOrder, StoredPosition } from '@svc/store';

/** An order as the tools show it. */
export function orderView(order: StoredOrder) {
  return {
    orderId: order.orderId,
    role: order.role,
    type: order.orderType,
    status: order.status,
    network: order.network,
    watchToken: order.watchToken,
    triggerPriceUsd: order.triggerPrice,
    direction: order.direction,
    sellToken: order.sellToken,
    buyToken: order.buyToken,
    sellQuantity: order.sellQuantity,
    buyQuantity: order.buyQuantity,
    claimedBy: order.claimedBy,
    claimedAt: order.claimedAt,
    priceSeenUsd: order.priceSeen,
    txHash: order.txHash,
    soldQuantity: order.soldQuantity,
    boughtQuantity: order.boughtQuantity,
    failureReason: order.failureReason,
    createdAt: order.createdAt,
    updatedAt: order.updatedAt,
  };
}

/** A position as the tools show it: its orders (with orderId) and its history (who, when, price seen, tx, outcome). */
export function positionView(position: StoredPosition) {
  return {
    positionId: position.positionId,
    network: position.network,
    kind: position.kind,
    status: position.status,
    asset: position.asset,
    quoteToken: position.quoteToken,
    createdAt: position.createdAt,
    updatedAt: position.updatedAt,
    orders: position.orders.map(orderView),
    history: position.history,
  };
}
