import type { SandboxEvmMarket } from '../evm/sandbox-market.js';
import type { BitcoinSandboxLedger } from '../bitcoin/ledger.js';
import type { HederaSandboxLedger } from '../hedera/ledger.js';
import type { SandboxSolana } from '../solana/sandbox-solana.js';
import { BridgeOperator } from './bridge-operator.js';
import { sandboxChainLegs } from './chain-legs.js';
import { OperatorClock } from './operator-clock.js';
import { RouterSolver } from './router-solver.js';

/** The sandbox's cross-chain counterparties: the bridge operator and the router solver, on one clock. */
export interface SandboxCrossChain {
  readonly clock: OperatorClock;
  readonly bridge: BridgeOperator;
  readonly router: RouterSolver;
  /**
   * Moves the clock on by `seconds` (0: not at all), then every open exchange and request one state
   * (POST /api/sandbox/cross-chain/advance and the background ticker).
   */
  advance(seconds: number): Promise<{ aheadSeconds: number; exchanges: number; requests: number }>;
  /** Sandbox reset: the chains no longer hold any exchange, and the treasuries are funded again on next use. */
  reset(): Promise<void>;
  stop(): void;
}

export interface StartSandboxCrossChainOptions {
  readonly evm: (chainId: number) => Promise<SandboxEvmMarket>;
  readonly solana: SandboxSolana;
  /** The Hedera ledger (started on first use: the treasury is funded there when it first serves Hedera). */
  readonly hedera: () => Promise<HederaSandboxLedger>;
  /** The Bitcoin ledger (in process). */
  readonly bitcoin: BitcoinSandboxLedger;
  /** Seconds between background steps (`npm start`); 0: none, processing happens on status reads and the route only. */
  readonly tickSeconds: number;
}

/**
 * Starts the operator and the solver. Both treasuries are funded on Solana now; on an EVM chain, Hedera or Bitcoin when
 * they first serve it (those chains start on first use, and starting them all for this would slow every start).
 */
export async function startSandboxCrossChain(options: StartSandboxCrossChainOptions): Promise<SandboxCrossChain> {
  const legs = sandboxChainLegs(options);
  const clock = new OperatorClock();
  const bridge = new BridgeOperator(legs, clock);
  const router = new RouterSolver(legs, clock);
  // Solana is funded now; the others when first served (Bitcoin too: BTC is priced on the Ethereum anvil).
  const fundAtStart = () => Promise.all([bridge.treasury.ready('sol'), router.treasury.ready('sol')]);
  await fundAtStart();
  const advance = async (seconds: number) => {
    clock.advance(seconds);
    const [exchanges, requests] = await Promise.all([bridge.advanceAll(), router.advanceAll()]);
    return { aheadSeconds: clock.aheadSeconds, exchanges, requests };
  };
  let ticking = false;
  const ticker =
    options.tickSeconds > 0
      ? setInterval(() => {
          if (ticking) return;
          ticking = true;
          // A failed step stays where it was and is tried again on the next tick.
          void advance(0)
            .catch(() => undefined)
            .finally(() => (ticking = false));
        }, options.tickSeconds * 1000)
      : undefined;
  ticker?.unref();
  return {
    clock,
    bridge,
    router,
    advance,
    async reset() {
      clock.reset();
      bridge.reset();
      router.reset();
      await fundAtStart();
    },
    stop: () => clearInterval(ticker),
  };
}
