/**
 * The five sandbox EVM chains, started on demand. Base (8453) is started by the caller (payments settle there at
 * start-up); every other chain starts on its first use, and each chain's market (tokens, pools, NFT collections) is
 * placed and seeded on first use too, so a process that never touches a chain pays nothing for it.
 */
import path from 'node:path';
import { EVM_CHAINS } from '@svc/chains';
import { openSandboxEvmMarket, type SandboxEvmMarket } from './sandbox-market.js';
import { connectSandboxEvmChain, type SandboxEvmChain, startSandboxEvmChain } from './sandbox-chain.js';

export interface SandboxEvmChains {
  /** The sandbox chain `chainId` (1, 56, 137, 8453, 4663) with its seeded market; started and seeded once, memoized. */
  evm(chainId: number): Promise<SandboxEvmMarket>;
  /** The chain ids running now (started or connected to, Base always), without starting any. */
  started(): readonly number[];
  /**
   * Resets every started chain, Base included, to its seed snapshot (see SandboxEvmChain.reset) and forgets the
   * markets: a market is placed and seeded again on its chain's next use.
   */
  reset(): Promise<void>;
  /** Stops the chains this object started (not the Base chain it was given). */
  stop(): Promise<void>;
}

export interface SandboxEvmChainsOptions {
  /** The already running Base chain (8453). */
  readonly base: SandboxEvmChain;
  /** Per-chain state files `<chainsDir>/<key>-<chainId>.json` (e.g. ethereum-1.json); none: ephemeral chains. */
  readonly chainsDir?: string | undefined;
  /** Chains another process runs (chain id to RPC URL): connected to, never started nor stopped here. */
  readonly rpcUrls?: ReadonlyMap<number, string> | undefined;
}

/** The state file of sandbox chain `chainId` under `chainsDir` (Base's is base-8453.json). */
export function sandboxEvmStateFile(chainsDir: string, chainId: number): string {
  const chain = EVM_CHAINS.find((candidate) => candidate.chainId === chainId);
  if (!chain) throw new Error(`chain ${chainId} is not a sandbox EVM chain`);
  return path.join(chainsDir, `${chain.key}-${chainId}.json`);
}

export function sandboxEvmChains(options: SandboxEvmChainsOptions): SandboxEvmChains {
  const chains = new Map<number, Promise<SandboxEvmChain>>([[options.base.chainId, Promise.resolve(options.base)]]);
  const markets = new Map<number, Promise<SandboxEvmMarket>>();
  /** The chains this object started, which it stops (not Base, nor chains another process runs). */
  const owned = new Set<number>();
  const running = new Set<number>([options.base.chainId]);
  let stopped = false;
  const chainOf = (chainId: number): Promise<SandboxEvmChain> => {
    let chain = chains.get(chainId);
    if (!chain) {
      const rpcUrl = options.rpcUrls?.get(chainId);
      chain = rpcUrl
        ? connectSandboxEvmChain({ chainId, rpcUrl })
        : startSandboxEvmChain({
            chainId,
            ...(options.chainsDir ? { stateFile: sandboxEvmStateFile(options.chainsDir, chainId) } : {}),
          });
      if (!rpcUrl) owned.add(chainId);
      chain.then(
        () => running.add(chainId),
        () => undefined,
      );
      // A failed start is not memoized: the next call tries again.
      chain.catch(() => {
        chains.delete(chainId);
        owned.delete(chainId);
      });
      chains.set(chainId, chain);
    }
    return chain;
  };
  const startedChains = async (): Promise<SandboxEvmChain[]> =>
    (await Promise.allSettled(chains.values())).flatMap((chain) => (chain.status === 'fulfilled' ? [chain.value] : []));
  return {
    evm(chainId) {
      if (stopped) return Promise.reject(new Error('the sandbox EVM chains are stopped'));
      let market = markets.get(chainId);
      if (!market) {
        market = chainOf(chainId).then(openSandboxEvmMarket);
        market.catch(() => markets.delete(chainId));
        markets.set(chainId, market);
      }
      return market;
    },
    started: () => [...running],
    async reset() {
      await Promise.all((await startedChains()).map((chain) => chain.reset()));
      markets.clear();
    },
    async stop() {
      stopped = true;
      const started = (await startedChains()).filter((chain) => owned.has(chain.chainId));
      await Promise.all(started.map((chain) => chain.stop()));
    },
  };
}
