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
  const markets = new Map<number, Promise<SandboxEvmMarket>>();
  const started: Promise<SandboxEvmChain>[] = [];
  let stopped = false;
  return {
    evm(chainId) {
      if (stopped) return Promise.reject(new Error('the sandbox EVM chains are stopped'));
      let market = markets.get(chainId);
      if (!market) {
        const rpcUrl = options.rpcUrls?.get(chainId);
        const chain =
          chainId === options.base.chainId
            ? Promise.resolve(options.base)
            : rpcUrl
              ? connectSandboxEvmChain({ chainId, rpcUrl })
              : startSandboxEvmChain({
                  chainId,
                  ...(options.chainsDir ? { stateFile: sandboxEvmStateFile(options.chainsDir, chainId) } : {}),
                });
        if (chainId !== options.base.chainId && !rpcUrl) started.push(chain);
        market = chain.then(openSandboxEvmMarket);
        // A failed start is not memoized: the next call tries again.
        market.catch(() => markets.delete(chainId));
        markets.set(chainId, market);
      }
      return market;
    },
    async stop() {
      stopped = true;
      const chains = await Promise.allSettled(started);
      await Promise.all(chains.map((chain) => (chain.status === 'fulfilled' ? chain.value.stop() : undefined)));
    },
  };
}
