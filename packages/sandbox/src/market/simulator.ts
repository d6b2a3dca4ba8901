/**
 * The market simulator: at `rate` trades a minute (across chains), the planner's next intended trade is carried out
 * by its simulated wallet as a real signed transaction. It trades only on the chains running in this process: Base
 * and Solana always, each other sandbox EVM chain once something started it (the simulator never starts a chain),
 * and never on a chain another process runs (SANDBOX_EVM_RPC_URLS: that process's simulator trades there).
 * Given the sandbox Bitcoin ledger, every BITCOIN_EVERY-th trade is a marketplace sale there (bitcoin-trader.ts).
 * Every SOLANA_CROWD_EVERY-th step the Solana launchpads' simulated crowd also trades a bonding-curve token on the sandbox
 * Solana chain (solana/launchpads/crowd.ts), besides the step's own trade, so the launchpad lists stay alive.
 * Trades run one at a time; `step(n)` drives it by hand, `pause()`/`resume()` stop and restart the clock.
 * Every LAUNCHPAD_EVERY-th tick of the clock, the launchpads' crowd also acts (launchpad-crowd.ts: launches and
 * curve trades on the BSC and Base launchpads, when those chains run here); `stepLaunchpads(n)` drives it by hand.
 * `step` never moves this EVM crowd; the trades `step` returns are the planner's alone (the Solana crowd's are not listed).
 */
import { evmChainById, evmChainByKey } from '@svc/chains';
import type { BitcoinSandboxLedger } from '../bitcoin/ledger.js';
import type { OrderBook } from '../bitcoin/marketplace/order-book.js';
import type { HederaSandboxLedger } from '../hedera/ledger.js';
import { sandboxMarketLayout } from '../evm/sandbox-market.js';
import type { SandboxEvmChains } from '../evm/sandbox-evm-chains.js';
import { crowdTrade } from '../solana/launchpads/crowd.js';
import type { SandboxSolana } from '../solana/sandbox-solana.js';
import { SOLANA_WSOL_MINT } from '../solana/tokens.js';
import { BitcoinTrader } from './bitcoin-trader.js';
import { EvmTrader, type ExecutedTrade } from './evm-trader.js';
import { type CrowdAction, LaunchpadCrowd } from './launchpad-crowd.js';
import { type PlannerChain, TradePlanner } from './planner.js';
import { SolanaTrader } from './solana-trader.js';
import type { SimulatedWallet } from './wallets.js';

export interface MarketSimulatorState {
  /** The clock is on (rate above 0 and not paused). */
  readonly running: boolean;
  /** Trades a minute across chains (SANDBOX_MARKET_SIM_RATE); 0: only `step` trades. */
  readonly rate: number;
  readonly paused: boolean;
  /** Trades that landed since start (Bitcoin marketplace sales included). */
  readonly trades: number;
  /** Trades that failed (their transaction refused or reverted, or the chain was being reset); crowd actions too. */
  readonly failed: number;
  /** The launchpads' crowd actions that landed (launches, curve buys and sells). */
  readonly launchpadActions: number;
  readonly lastError: string | null;
  /** The chains it trades on now. */
  readonly chains: readonly string[];
}

export interface MarketSimulatorOptions {
  readonly seed: string;
  readonly rate: number;
  readonly wallets: readonly SimulatedWallet[];
  readonly evm: SandboxEvmChains;
  readonly solana: SandboxSolana;
  /** EVM chains another process runs: never traded on here. */
  readonly remoteEvmChainIds: ReadonlySet<number>;
  /** The sandbox Bitcoin ledger, whose marketplace the Bitcoin leg trades on; without it there is no Bitcoin leg. */
  readonly bitcoin?: BitcoinSandboxLedger | undefined;
  /** The marketplace's order book the Bitcoin leg's collection asks rest on (a book of its own without it). */
  readonly bitcoinBook?: OrderBook | undefined;
  /** The Hedera ledger when it has started: the launchpad crowd also trades on its launchpad then. */
  readonly hedera?: (() => HederaSandboxLedger | undefined) | undefined;
}

/** The most trades one `step` call carries out. */
export const MAX_STEPS = 100;
/** One trade in this many is a Bitcoin marketplace sale (the last of each run of them). */
export const BITCOIN_EVERY = 4;
/** The launchpads' crowd acts on every this-many-th tick of the clock. */
export const LAUNCHPAD_EVERY = 5;
/** Every this many steps the Solana launchpad crowd trades too (not counted as a trade: the market index does not see curves). */
export const SOLANA_CROWD_EVERY = 3;

export class MarketSimulator {
  readonly #planner: TradePlanner;
  readonly #evmTrader = new EvmTrader();
  readonly #solanaTrader: SolanaTrader;
  readonly #bitcoinTrader: BitcoinTrader | undefined;
  readonly #crowd: LaunchpadCrowd;
  #ticks = 0;
  #launchpadActions = 0;
  /** Trades attempted, which decides whose turn it is. */
  #attempts = 0;
  #paused = false;
  #trades = 0;
  #failed = 0;
  #lastError: string | null = null;
  #timer: NodeJS.Timeout | undefined;
  /** Trades run one at a time: the clock and `step` calls queue here. */
  #queue: Promise<unknown> = Promise.resolve();
  #busy = false;
  /** What else moves with each step (the sandbox perp exchange ticks). */
  readonly #stepListeners: (() => Promise<void>)[] = [];

  constructor(private readonly options: MarketSimulatorOptions) {
    if (!(options.rate >= 0) || !Number.isFinite(options.rate))
      throw new RangeError(`the market simulator's rate must be a number of trades a minute, 0 or more`);
    this.#planner = new TradePlanner(options.seed);
    this.#solanaTrader = new SolanaTrader(options.solana);
    this.#crowd = new LaunchpadCrowd(
      options.seed,
      options.wallets,
      options.evm,
      options.remoteEvmChainIds,
      options.hedera,
    );
    this.#bitcoinTrader =
      options.bitcoin && new BitcoinTrader(options.bitcoin, options.wallets, options.seed, options.bitcoinBook);
    this.#startClock();
  }

  state(): MarketSimulatorState {
    return {
      running: this.#timer !== undefined,
      rate: this.options.rate,
      paused: this.#paused,
      trades: this.#trades,
      failed: this.#failed,
      launchpadActions: this.#launchpadActions,
      lastError: this.#lastError,
      chains: [...this.#chains().map((chain) => chain.chain), ...(this.#bitcoinTrader ? ['bitcoin'] : [])],
    };
  }

  pause(): void {
    this.#paused = true;
    clearInterval(this.#timer);
    this.#timer = undefined;
  }

  resume(): void {
    this.#paused = false;
    this.#startClock();
  }

  /** Carries out the next `steps` intended trades, one after another; resolves with those that landed. */
  step(steps = 1): Promise<ExecutedTrade[]> {
    if (!Number.isInteger(steps) || steps < 1 || steps > MAX_STEPS)
      return Promise.reject(new RangeError(`steps must be a whole number from 1 to ${MAX_STEPS}`));
    const done = this.#queue.then(async () => {
      const executed: ExecutedTrade[] = [];
      for (let index = 0; index < steps; index++) {
        const trade = await this.#one();
        if (trade) executed.push(trade);
        for (const listener of this.#stepListeners) await listener().catch((error: unknown) => this.#fail(error));
        if (this.#attempts % SOLANA_CROWD_EVERY === 0) await this.#crowdTrade();
      }
      return executed;
    });
    this.#queue = done.catch(() => undefined);
    return done;
  }

  /** Runs `listener` after each step, in the step's turn (a failing listener counts as a failed step, nothing more). */
  onStep(listener: () => Promise<void>): void {
    this.#stepListeners.push(listener);
  }

  /** Carries out the launchpads' crowd's next `steps` actions, one after another; resolves with those that landed. */
  stepLaunchpads(steps = 1): Promise<CrowdAction[]> {
    if (!Number.isInteger(steps) || steps < 1 || steps > MAX_STEPS)
      return Promise.reject(new RangeError(`steps must be a whole number from 1 to ${MAX_STEPS}`));
    const done = this.#queue.then(async () => {
      const executed: CrowdAction[] = [];
      for (let index = 0; index < steps; index++) {
        const action = await this.#crowdAction();
        if (action) executed.push(action);
      }
      return executed;
    });
    this.#queue = done.catch(() => undefined);
    return done;
  }

  async #crowdAction(): Promise<CrowdAction | undefined> {
    try {
      const action = await this.#crowd.act();
      this.#launchpadActions += 1;
      return action;
    } catch (error) {
      this.#failed += 1;
      this.#lastError = error instanceof Error ? error.message : String(error);
      return undefined;
    }
  }

  /** Forgets which wallets were funded and approved (the chains were restored to their seed). */
  reset(): void {
    this.#crowd.reset();
    this.#evmTrader.reset();
    this.#solanaTrader.reset();
  }

  /** Stops the clock and waits for the trade under way. */
  async stop(): Promise<void> {
    this.pause();
    await this.#queue;
  }

  #startClock(): void {
    if (this.#paused || this.options.rate === 0 || this.#timer) return;
    this.#timer = setInterval(() => {
      // A trade slower than the interval is not queued behind: the clock skips a beat instead.
      if (this.#busy) return;
      this.#busy = true;
      this.#ticks += 1;
      const tick = this.#ticks % LAUNCHPAD_EVERY === 0 ? this.stepLaunchpads(1).then(() => this.step(1)) : this.step(1);
      void tick.finally(() => {
        this.#busy = false;
      });
    }, 60_000 / this.options.rate);
    this.#timer.unref();
  }

  /** The chains it trades on now, with the pairs it trades there: running EVM chains by chain id, then Solana. */
  #chains(): PlannerChain[] {
    const evm = this.options.evm
      .started()
      .filter((chainId) => !this.options.remoteEvmChainIds.has(chainId))
      .sort((a, b) => a - b)
      .map((chainId) => ({
        chain: evmChainById(chainId)!.key,
        pairs: sandboxMarketLayout(chainId, '0x0000000000000000000000000000000000000000').pools.map(
          ({ tokens: [base, quote] }) => ({ base, quote }),
        ),
      }));
    const solana = {
      chain: 'solana',
      pairs: this.options.solana.venue.pools
        .filter((pool) => pool.base.mint !== SOLANA_WSOL_MINT)
        .map((pool) => ({ base: pool.base.symbol, quote: pool.quote.symbol })),
    };
    return [...evm, solana];
  }

  async #one(): Promise<ExecutedTrade | undefined> {
    this.#attempts += 1;
    if (this.#bitcoinTrader && this.#attempts % BITCOIN_EVERY === 0) {
      const trader = this.#bitcoinTrader;
      return this.#settle(async () => trader.trade());
    }
    const intent = this.#planner.next(this.#chains());
    const wallet = this.options.wallets[intent.wallet]!;
    return this.#settle(async () =>
      intent.chain === 'solana'
        ? this.#solanaTrader.trade(wallet, intent)
        : this.#evmTrader.trade(await this.options.evm.evm(evmChainByKey(intent.chain)!.chainId), wallet, intent),
    );
  }

  /** One launchpad crowd trade; a failure is reported as the last error, not as a failed market trade. */
  async #crowdTrade(): Promise<void> {
    try {
      await crowdTrade(this.options.solana.launchpads, this.#attempts / SOLANA_CROWD_EVERY);
    } catch (error) {
      this.#lastError = `launchpad crowd: ${error instanceof Error ? error.message : String(error)}`;
    }
  }

  /** Runs one trade, counting it as landed or failed. */
  async #settle(trade: () => Promise<ExecutedTrade>): Promise<ExecutedTrade | undefined> {
    try {
      const executed = await trade();
      this.#trades += 1;
      return executed;
    } catch (error) {
      this.#fail(error);
      return undefined;
    }
  }

  #fail(error: unknown): void {
    this.#failed += 1;
    this.#lastError = error instanceof Error ? error.message : String(error);
  }
}
