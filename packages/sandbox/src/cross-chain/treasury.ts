import { type CrossChainNetwork, SANDBOX_CROSS_CHAIN_ASSETS } from './assets.js';
import type { ChainLegs } from './chain-leg.js';
import { atomicWorth } from './pricing.js';

/** USD worth of every served currency a treasury holds when funded: far above what any sandbox swap moves. */
const TREASURY_USD = 10_000_000;

/**
 * The liquidity of one operator key ("bridge-treasury", "router-solver") on every network it serves, funded through
 * the chains' sandbox faucets on first use of each network (the EVM anvils themselves start on first use) and again
 * after a sandbox reset, which takes the funds back.
 */
export class Treasury {
  readonly #funded = new Map<CrossChainNetwork, Promise<void>>();

  constructor(
    readonly label: string,
    private readonly legs: ChainLegs,
  ) {}

  /** Funds the treasury on `network` once (a failed funding is retried on next use). */
  ready(network: CrossChainNetwork): Promise<void> {
    let funded = this.#funded.get(network);
    if (!funded) {
      funded = this.#fund(network);
      this.#funded.set(network, funded);
      funded.catch(() => this.#funded.delete(network));
    }
    return funded;
  }

  async #fund(network: CrossChainNetwork): Promise<void> {
    const leg = this.legs[network];
    for (const asset of SANDBOX_CROSS_CHAIN_ASSETS.filter((candidate) => candidate.network === network)) {
      await leg.fund(this.label, asset, atomicWorth(TREASURY_USD, asset, await leg.priceUsd(asset)));
    }
  }

  /** After a sandbox reset: every network is funded again on next use. */
  forget(): void {
    this.#funded.clear();
  }
}
