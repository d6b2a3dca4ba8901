import { join } from 'node:path';
import { HederaSandboxLedger } from './hedera/ledger.js';
import { SandboxBitcoin } from './bitcoin/sandbox-bitcoin.js';
import { connectSandboxEvmChain, type SandboxEvmChain, startSandboxEvmChain } from './evm/sandbox-chain.js';
import { type SandboxEvmChains, sandboxEvmChains } from './evm/sandbox-evm-chains.js';
import { type SandboxSolana, startSandboxSolana } from './solana/sandbox-solana.js';
import type { StacksTransactionCodec } from './stacks/codec.js';
import { type SandboxWeb, startSandboxWeb } from './web/sandbox-web.js';
import { type SandboxMarketSim, startSandboxMarketSim } from './market/sandbox-market-sim.js';
import { StacksSandboxLedger } from './stacks/ledger.js';
import { type SandboxPerps, startSandboxPerps } from './perps/sandbox-perps.js';
import { SIMULATED_WALLET_SEED } from './market/wallets.js';
import { type SandboxCrossChain, startSandboxCrossChain } from './cross-chain/sandbox-cross-chain.js';

/** The sandbox's chain families: `evm` is every anvil chain (Base, Ethereum, BSC, Polygon, …). */
export type SandboxChainFamily = 'evm' | 'solana' | 'stacks' | 'hedera' | 'bitcoin';

/** What a sandbox reset did: the families restored to their seeded state, and the ones it cannot restore yet. */
export interface SandboxReset {
  readonly reset: readonly SandboxChainFamily[];
  readonly notReset: readonly SandboxChainFamily[];
}

/** Every sandbox chain the service runs on: each one an emulator in this process or a child process (anvil). */
export interface SandboxChains {
  /** The sandbox Base chain (anvil, chain id 8453) with USDC at its canonical address. */
  readonly base: SandboxEvmChain;
  /** The five sandbox EVM chains with their seeded markets (tokens, pools, NFTs), each started and seeded on first use. */
  readonly evm: SandboxEvmChains['evm'];
  /** The sandbox Solana chain (LiteSVM behind a JSON-RPC facade) with USDC at the mainnet mint address. */
  readonly solana: SandboxSolana;
  /** The sandbox Stacks chain (stacks:1): an in-process ledger of STX, sBTC and USDCx applying signed transfers. */
  readonly stacks: StacksSandboxLedger;
  /** The sandbox Hedera ledger (in process), started on first use: loading @hashgraph/sdk costs about 1.3 s. */
  hedera(): Promise<HederaSandboxLedger>;
  /** The sandbox Bitcoin chain: an in-process UTXO ledger; its Esplora facade listens from first use. */
  readonly bitcoin: SandboxBitcoin;
  /** The sandbox's local web (pages about the seeded tokens on loopback HTTP) that the web tools search and crawl. */
  readonly web: SandboxWeb;
  /**
   * The computed market: simulated wallets trading on the sandbox pools (the simulator) and the index of what happened
   * on the chains (swaps, prices, holders), which the market tools answer from.
   */
  readonly market: SandboxMarketSim;
  /**
   * The simulated perp exchange (Hyperliquid-like): markets following the sandbox prices, ticking with the market
   * simulator's steps, kept in `<chainsDir>/perps.json`. The perpdex tools answer from it.
   */
  readonly perps: SandboxPerps;
  /** The cross-chain counterparties: the bridge operator (ChangeNOW's flow) and the router solver (Relay's). */
  readonly crossChain: SandboxCrossChain;
  /** Where chain state persists (`<dataDir>/chains`); undefined when every chain is ephemeral. */
  readonly chainsDir: string | undefined;
  /**
   * Restores the chains to their seeded state (as they were when started; markets are seeded again on next use).
   * Resets run one at a time; a payment or faucet call running meanwhile may land on either side of it.
   */
  reset(): Promise<SandboxReset>;
  stop(): Promise<void>;
}

export interface StartSandboxChainsOptions {
  /** Chain state persists under `<dataDir>/chains/`; without it every chain is ephemeral. */
  readonly dataDir?: string | undefined;
  /** How the Stacks ledger decodes and checks signed transactions (`stacksTransactionCodec` from `@svc/payments`). */
  readonly stacksCodec: StacksTransactionCodec;
  /**
   * EVM chains another process runs (chain id to RPC URL; SANDBOX_EVM_RPC_URLS): reached there instead of started,
   * so several gateways share one sandbox Base. The chains not listed start here as usual.
   */
  readonly evmRpcUrls?: ReadonlyMap<number, string> | undefined;
  /**
   * Trades a minute the market simulator makes across the running chains (SANDBOX_MARKET_SIM_RATE); default 0: it
   * trades only when stepped (tests drive it by hand).
   */
  readonly marketSimulatorRate?: number | undefined;
  /** Seconds between the cross-chain operator's background steps (SANDBOX_CROSS_CHAIN_TICK_SECONDS); default 0: off. */
  readonly crossChainTickSeconds?: number | undefined;
}

/** Start every sandbox chain. Base and Solana start at once (payments settle there); the others on first use. */
export async function startSandboxChains(options: StartSandboxChainsOptions): Promise<SandboxChains> {
  const chainsDir = options.dataDir ? join(options.dataDir, 'chains') : undefined;
  const baseRpcUrl = options.evmRpcUrls?.get(8453);
  const [base, solana, web] = await Promise.allSettled([
    baseRpcUrl
      ? connectSandboxEvmChain({ chainId: 8453, rpcUrl: baseRpcUrl })
      : startSandboxEvmChain({ chainId: 8453, ...(chainsDir ? { stateFile: join(chainsDir, 'base-8453.json') } : {}) }),
    startSandboxSolana(chainsDir ? { stateFile: join(chainsDir, 'solana-litesvm.bin') } : {}),
    startSandboxWeb(),
  ]);
  if (base.status === 'rejected' || solana.status === 'rejected' || web.status === 'rejected') {
    const started = [base, solana, web];
    await Promise.all(started.map((one) => (one.status === 'fulfilled' ? one.value.stop() : undefined)));
    throw (started.find((one) => one.status === 'rejected') as PromiseRejectedResult).reason;
  }
  try {
    // Loaded from its file here, inside the try: a corrupt file stops the chains started above.
    const stacks = new StacksSandboxLedger({
      codec: options.stacksCodec,
      ...(chainsDir ? { file: join(chainsDir, 'stacks-1.json') } : {}),
    });
    const bitcoin = new SandboxBitcoin({ file: chainsDir ? join(chainsDir, 'bitcoin-mainnet.json') : undefined });
    const evmChains = sandboxEvmChains({ base: base.value, chainsDir, rpcUrls: options.evmRpcUrls });
    let hedera: Promise<HederaSandboxLedger> | undefined;
    /** The Hedera ledger once started (the launchpad crowd trades there only then: it never starts a chain). */
    let startedHedera: HederaSandboxLedger | undefined;
    /** Hedera's state as created (it starts on first use), for a reset. */
    let hederaSeed: ReturnType<HederaSandboxLedger['snapshot']> | undefined;
    // Seeded state of the in-process ledgers: as loaded (from their files, or empty) at start.
    const stacksSeed = stacks.snapshot();
    const bitcoinSeed = bitcoin.snapshot();
    const market = await startSandboxMarketSim({
      evm: evmChains,
      solana: solana.value,
      rate: options.marketSimulatorRate ?? 0,
      remoteEvmChainIds: new Set(options.evmRpcUrls?.keys() ?? []),
      bitcoin: bitcoin.ledger,
      bitcoinBook: bitcoin.marketplace,
      hedera: () => startedHedera,
    });
    const perps = startSandboxPerps({
      seed: SIMULATED_WALLET_SEED,
      wallets: market.index.wallets,
      index: market.index,
      file: chainsDir ? join(chainsDir, 'perps.json') : undefined,
    });
    market.simulator.onStep(() => perps.step());
    let resetting: Promise<unknown> = Promise.resolve();
    const resetChains = async (): Promise<SandboxReset> => {
      await Promise.all([evmChains.reset(), solana.value.reset()]);
      market.reset();
      perps.reset();
      await crossChain.reset();
      stacks.restore(stacksSeed);
      bitcoin.restore(bitcoinSeed);
      // A Hedera ledger still starting is not reset: it is in its seeded state already.
      if (hedera && hederaSeed) (await hedera).restore(hederaSeed);
      return { reset: ['evm', 'solana', 'stacks', 'hedera', 'bitcoin'], notReset: [] };
    };
    const hederaLedger = () =>
      (hedera ??= HederaSandboxLedger.create(chainsDir ? { file: join(chainsDir, 'hedera-mainnet.json') } : {}).then(
        (ledger) => {
          hederaSeed = ledger.snapshot();
          startedHedera = ledger;
          return ledger;
        },
      ));
    const crossChain = await startSandboxCrossChain({
      evm: evmChains.evm,
      solana: solana.value,
      hedera: hederaLedger,
      bitcoin: bitcoin.ledger,
      tickSeconds: options.crossChainTickSeconds ?? 0,
    });
    return {
      base: base.value,
      evm: evmChains.evm,
      solana: solana.value,
      stacks,
      hedera: hederaLedger,
      bitcoin,
      web: web.value,
      market,
      perps,
      crossChain,
      chainsDir,
      reset: () => {
        const done = resetting.then(resetChains);
        resetting = done.catch(() => undefined);
        return done;
      },
      stop: async () => {
        // close() writes the Stacks ledger's last changes to its file.
        crossChain.stop();
        await market.stop();
        perps.stop();
        await evmChains.stop();
        await Promise.all([base.value.stop(), solana.value.stop(), stacks.close(), bitcoin.stop(), web.value.stop()]);
      },
    };
  } catch (error) {
    await Promise.all([base.value.stop(), solana.value.stop(), web.value.stop()]);
    throw error;
  }
}
