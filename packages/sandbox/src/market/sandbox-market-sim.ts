/**
 * The computed sandbox market: the simulated wallets, the simulator trading with them and the index following the
 * chains, started together with the sandbox chains.
 */
import type { BitcoinSandboxLedger } from '../bitcoin/ledger.js';
import type { OrderBook } from '../bitcoin/marketplace/order-book.js';
import type { HederaSandboxLedger } from '../hedera/ledger.js';
import type { SandboxEvmChains } from '../evm/sandbox-evm-chains.js';
import type { SandboxSolana } from '../solana/sandbox-solana.js';
import { SandboxMarketIndex } from './market-index.js';
import { MarketSimulator } from './simulator.js';
import { NftTrader } from './nft-trader.js';
import { SIMULATED_WALLET_SEED, simulatedWallets } from './wallets.js';

/** While the clock runs, the simulated NFT traders sell one token on Base's Seaport once per this many trades' time. */
const NFT_SALE_EVERY_TRADES = 10;

/** How often a running simulator's chains are indexed in the background (reads sync anyway; this bounds catch-up). */
const BACKGROUND_SYNC_MS = 60_000;

export interface SandboxMarketSim {
  readonly index: SandboxMarketIndex;
  readonly simulator: MarketSimulator;
  /** The simulated NFT traders (Seaport sales on Base), on the simulator's clock; `trade` runs one sale by hand. */
  readonly nftTrader: NftTrader;
  /** After a sandbox reset: the index starts over and the wallets are funded again as they trade. */
  reset(): void;
  stop(): Promise<void>;
}

export interface StartSandboxMarketSimOptions {
  readonly evm: SandboxEvmChains;
  readonly solana: SandboxSolana;
  /** Trades a minute across chains; 0: the simulator only trades when stepped. */
  readonly rate: number;
  /** Seed of the wallets' keys and of the planner. Default: SIMULATED_WALLET_SEED. */
  readonly seed?: string | undefined;
  readonly remoteEvmChainIds?: ReadonlySet<number> | undefined;
  /** The sandbox Bitcoin ledger: with it, the simulator also trades runes and inscriptions on its marketplace. */
  readonly bitcoin?: BitcoinSandboxLedger | undefined;
  /** Its marketplace's order book, where the collection asks rest. */
  readonly bitcoinBook?: OrderBook | undefined;
  /** The Hedera ledger when it has started (its launchpad's crowd trades there then). */
  readonly hedera?: (() => HederaSandboxLedger | undefined) | undefined;
}

export async function startSandboxMarketSim(options: StartSandboxMarketSimOptions): Promise<SandboxMarketSim> {
  const seed = options.seed ?? SIMULATED_WALLET_SEED;
  const wallets = await simulatedWallets(seed);
  const index = new SandboxMarketIndex(options.evm, options.solana, wallets);
  const simulator = new MarketSimulator({
    seed,
    rate: options.rate,
    wallets,
    evm: options.evm,
    solana: options.solana,
    remoteEvmChainIds: options.remoteEvmChainIds ?? new Set(),
    bitcoin: options.bitcoin,
    bitcoinBook: options.bitcoinBook,
    hedera: options.hedera,
  });
  const background =
    options.rate > 0
      ? setInterval(() => void index.syncRunning().catch(() => undefined), BACKGROUND_SYNC_MS)
      : undefined;
  background?.unref();
  const nftTrader = new NftTrader(wallets, seed);
  // Base's market is opened on first use only; an NFT sale waits until something opened it (a failed sale is retried next time).
  const nftSales =
    options.rate > 0
      ? setInterval(
          () => {
            if (!simulator.state().paused && options.evm.started().includes(8453))
              void options.evm
                .evm(8453)
                .then((base) => nftTrader.trade(base))
                .catch(() => undefined);
          },
          (60_000 / options.rate) * NFT_SALE_EVERY_TRADES,
        )
      : undefined;
  nftSales?.unref();
  return {
    index,
    simulator,
    nftTrader,
    reset: () => {
      index.reset();
      simulator.reset();
      nftTrader.reset();
    },
    stop: async () => {
      clearInterval(background);
      clearInterval(nftSales);
      await simulator.stop();
    },
  };
}
