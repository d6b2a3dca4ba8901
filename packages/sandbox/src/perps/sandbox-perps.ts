/**
 * The sandbox perp exchange as the sandbox runs it: opened on first use from its file (`<chainsDir>/perps.json`) or new, its
 * simulated participants the market simulator's wallets (market makers quote, the others trade, stake and deposit),
 * its oracle the sandbox market index's prices on Base and Solana, stepped once per market-simulator step, and
 * written back (at most every few seconds, and on stop). A sandbox reset opens a new one.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { SandboxMarketIndex } from '../market/market-index.js';
import type { SimulatedWallet } from '../market/wallets.js';
import { type PerpExchangeState, type PerpParticipant, SandboxPerpExchange } from './exchange.js';
import { SandboxPerpInfo } from './info.js';
import { PERP_MARKETS } from './markets.js';

/** How often a changed exchange is written to its file at most. */
const WRITE_EVERY_MS = 5_000;

export interface SandboxPerps {
  readonly exchange: SandboxPerpExchange;
  /** Its answers in the Hyperliquid info API's shapes. */
  readonly info: SandboxPerpInfo;
  /**
   * Opens the exchange if it is not yet (from its file, or new at the sandbox prices of now); `exchange` and `info`
   * open it at the seed prices otherwise. Readers call it first.
   */
  ready(): Promise<void>;
  /** One exchange tick at the index's current prices (each market-simulator step calls it). */
  step(): Promise<void>;
  /** After a change made outside a step (the sandbox route): writes the file soon. */
  changed(): void;
  reset(): void;
  stop(): void;
}

/** Each wallet's sandbox name: `<label>-<index>.hl`, e.g. `market-maker-8.hl`. */
export const participantName = (wallet: SimulatedWallet): string =>
  `${wallet.label.name.toLowerCase().replace(/[^a-z0-9]+/g, '-')}-${wallet.index}.hl`;

export function startSandboxPerps(options: {
  readonly seed: string;
  readonly wallets: readonly SimulatedWallet[];
  readonly index: SandboxMarketIndex;
  readonly file?: string | undefined;
}): SandboxPerps {
  const participants: PerpParticipant[] = options.wallets.map((wallet) => ({
    address: wallet.evm.address,
    role: wallet.label.kind === 'market_maker' ? 'maker' : 'trader',
    name: participantName(wallet),
  }));
  const open = (state?: PerpExchangeState, references?: ReadonlyMap<string, number>) =>
    SandboxPerpExchange.open({ seed: options.seed, participants, state, references });
  // Opened on first use (a tool call, the route or a simulator step): a new exchange replays a day of ticks.
  let current: { exchange: SandboxPerpExchange; info: SandboxPerpInfo } | undefined;
  let lastWrite = 0;
  let dirty = false;
  const write = (force: boolean) => {
    if (!current || !options.file || !dirty || (!force && Date.now() - lastWrite < WRITE_EVERY_MS)) return;
    mkdirSync(dirname(options.file), { recursive: true });
    const tmp = `${options.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(current.exchange.snapshot()));
    renameSync(tmp, options.file);
    lastWrite = Date.now();
    dirty = false;
  };
  const use = (state?: PerpExchangeState, references?: ReadonlyMap<string, number>) => {
    const exchange = open(state, references);
    current = { exchange, info: new SandboxPerpInfo(exchange) };
    dirty = true;
    write(true);
    return current;
  };
  const opened = (references?: ReadonlyMap<string, number>) =>
    current ??
    use(
      options.file && existsSync(options.file)
        ? (JSON.parse(readFileSync(options.file, 'utf8')) as PerpExchangeState)
        : undefined,
      references,
    );
  const oracle = async (): Promise<Map<string, number>> => {
    const prices = new Map<string, number>();
    for (const chain of ['base', 'solana'] as const) {
      const tokens = await options.index.chain(chain).tokens();
      for (const spec of PERP_MARKETS) {
        if (spec.reference?.chain !== chain) continue;
        const token = tokens.find((known) => known.symbol.toUpperCase() === spec.reference!.symbol.toUpperCase());
        if (token && token.priceUsd > 0) prices.set(spec.coin, token.priceUsd * spec.reference.units);
      }
    }
    return prices;
  };
  return {
    get exchange() {
      return opened().exchange;
    },
    get info() {
      return opened().info;
    },
    ready: async () => {
      if (!current) opened(await oracle());
    },
    step: async () => {
      const prices = await oracle();
      opened(prices).exchange.tick(prices);
      dirty = true;
      write(false);
    },
    changed: () => {
      dirty = true;
      write(false);
    },
    reset: () => {
      // A new exchange, opened on next use at the prices of then.
      current = undefined;
      if (options.file) rmSync(options.file, { force: true });
    },
    stop: () => write(true),
  };
}
