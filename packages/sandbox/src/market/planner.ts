/**
 * What the market simulator means to do next, decided without touching a chain: which wallet trades on which chain,
 * which pair, which way and how much (in USD). Deterministic: the same seed and the same chains give the same
 * sequence of intended trades. How each wallet trades follows its label:
 * - smart money and funds trade large and lean into two favourite tokens each, in accumulation and distribution
 *   phases (mostly buying, then mostly selling);
 * - market makers trade both sides of any pair at mid sizes;
 * - retail trades small, either way;
 * - fresh wallets only buy.
 */
import { seededRandom } from './prng.js';
import { SIMULATED_WALLET_LABELS, type SimulatedWalletKind } from './wallets.js';

/** A pool the simulator trades: `base` against `quote` (symbols as the chain's market names them). */
export interface PlannedPair {
  readonly base: string;
  readonly quote: string;
}

/** A chain the simulator trades on, with the pairs it trades there. */
export interface PlannerChain {
  readonly chain: string;
  readonly pairs: readonly PlannedPair[];
}

export interface IntendedTrade {
  /** 0, 1, 2, … in planning order. */
  readonly step: number;
  /** Index of the wallet in SIMULATED_WALLET_LABELS. */
  readonly wallet: number;
  readonly chain: string;
  readonly base: string;
  readonly quote: string;
  /** buy: quote sold for base; sell: base sold for quote. */
  readonly side: 'buy' | 'sell';
  readonly sizeUsd: number;
}

interface Behaviour {
  /** Relative chance this wallet is the next to trade. */
  readonly weight: number;
  /** Trade size range in USD (drawn log-uniformly). */
  readonly minUsd: number;
  readonly maxUsd: number;
}

const BEHAVIOUR: Record<SimulatedWalletKind, Behaviour> = {
  smart_money: { weight: 1, minUsd: 2_000, maxUsd: 20_000 },
  fund: { weight: 0.6, minUsd: 10_000, maxUsd: 60_000 },
  market_maker: { weight: 1.5, minUsd: 1_000, maxUsd: 10_000 },
  retail: { weight: 1.5, minUsd: 20, maxUsd: 600 },
  fresh_wallet: { weight: 0.8, minUsd: 50, maxUsd: 2_000 },
};
/** Trades per accumulation or distribution phase of a smart-money or fund wallet. */
const PHASE_STEPS = 40;

export class TradePlanner {
  readonly #random: () => number;
  #step = 0;

  constructor(seed: string) {
    this.#random = seededRandom(`${seed}:planner`);
  }

  /** The next intended trade on one of `chains` (each with at least one pair). */
  next(chains: readonly PlannerChain[]): IntendedTrade {
    const tradable = chains.filter((chain) => chain.pairs.length > 0);
    if (tradable.length === 0) throw new Error('the market simulator has no chain with a pool to trade');
    const step = this.#step++;
    const wallet = this.#pickWallet();
    const { kind } = SIMULATED_WALLET_LABELS[wallet]!;
    const chain = tradable[Math.floor(this.#random() * tradable.length)]!;
    const bases = [...new Set(chain.pairs.map((pair) => pair.base))];
    const leaning = kind === 'smart_money' || kind === 'fund';
    // Two favourites per wallet on each chain, by its index: the tokens its flows concentrate on.
    const favourites = [bases[wallet % bases.length]!, bases[(wallet + 1) % bases.length]!];
    const base = leaning && this.#random() < 0.8 ? this.#pick(favourites) : this.#pick(bases);
    const pair = this.#pick(chain.pairs.filter((candidate) => candidate.base === base));
    const side = this.#side(kind, wallet, step);
    const { minUsd, maxUsd } = BEHAVIOUR[kind];
    const sizeUsd = Math.round(minUsd * (maxUsd / minUsd) ** this.#random() * 100) / 100;
    return { step, wallet, chain: chain.chain, base: pair.base, quote: pair.quote, side, sizeUsd };
  }

  #pickWallet(): number {
    const weights = SIMULATED_WALLET_LABELS.map((label) => BEHAVIOUR[label.kind].weight);
    let roll = this.#random() * weights.reduce((sum, weight) => sum + weight, 0);
    for (const [index, weight] of weights.entries()) {
      roll -= weight;
      if (roll < 0) return index;
    }
    return weights.length - 1;
  }

  #side(kind: SimulatedWalletKind, wallet: number, step: number): 'buy' | 'sell' {
    if (kind === 'fresh_wallet') return 'buy';
    if (kind === 'smart_money' || kind === 'fund') {
      const accumulating = Math.floor((step + wallet * 7) / PHASE_STEPS) % 2 === 0;
      return this.#random() < 0.75 === accumulating ? 'buy' : 'sell';
    }
    return this.#random() < 0.5 ? 'buy' : 'sell';
  }

  #pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.#random() * items.length)]!;
  }
}
