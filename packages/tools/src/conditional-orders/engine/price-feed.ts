import type { OrderNetwork } from '@svc/store';

/** A token's USD price on a network. */
export interface PriceTick {
  readonly network: OrderNetwork;
  readonly token: string;
  readonly priceUsd: number;
}

/**
 * Where the trigger engine's prices come from: the sandbox market (the sandbox DEX pools and the price set with
 * POST /api/sandbox/prices) or the live feeds (live/: Jupiter Price API v3 on Solana, the 0x quote into USDC on the EVM
 * networks). `prices` answers for the tokens the engine watches; a token the feed does not know is simply absent.
 */
export interface PriceFeed {
  prices(tokens: readonly { network: OrderNetwork; token: string }[]): Promise<PriceTick[]>;
}
