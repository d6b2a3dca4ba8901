import { EVM_CHAINS, type EvmChain } from '@svc/chains';
import { SOLANA_RPC_SETTING } from '@svc/providers';

/** The chains a wallet can be tracked on (addTrackedWallet's `chains`). */
export type WatchedChain = 'eth' | 'base' | 'bsc' | 'polygon' | 'solana';

/** An EVM chain the watcher can poll. */
export interface WatchedEvmChain {
  readonly chain: Exclude<WatchedChain, 'solana'>;
  /**
   * The registry's chain: its id, its native coin and its `rpcSetting`, the one setting naming its live RPC that the
   * wallet tools, the conditional orders and this watcher all read.
   */
  readonly evm: EvmChain;
  /**
   * Live mode reads blocks this far behind the head, so events are rarely recorded from a block that is then
   * reorganised away (events are never retracted). Sandbox chains do not reorganise: 0 there.
   */
  readonly confirmations: number;
}

function registryChain(key: EvmChain['key']): EvmChain {
  const chain = EVM_CHAINS.find((candidate) => candidate.key === key);
  if (!chain) throw new Error(`chain ${key} is not in the chain registry`);
  return chain;
}

export const WATCHED_EVM_CHAINS: readonly WatchedEvmChain[] = [
  { chain: 'eth', evm: registryChain('ethereum'), confirmations: 12 },
  { chain: 'base', evm: registryChain('base'), confirmations: 12 },
  { chain: 'bsc', evm: registryChain('bsc'), confirmations: 15 },
  { chain: 'polygon', evm: registryChain('polygon'), confirmations: 32 },
];

/** Live Solana's RPC setting, read by the Solana tools too. */
export const SOLANA_WATCH_SETTING = SOLANA_RPC_SETTING.setting;

/**
 * Where a watcher reaches its chain: an RPC URL, or a chain that starts on first use (a sandbox anvil), which the
 * watcher starts only once a wallet is tracked on it (`start` resolves the chain's RPC URL).
 */
export type ChainRpc = string | { readonly start: () => Promise<string> };

export type WatchedChainRpcs = Partial<Record<WatchedChain, ChainRpc>>;

/** Live mode: each chain's URL from its setting (the registry's `rpcSetting`, SOLANA_RPC_URL); unset ones are absent. */
export function liveWatchedChainRpcs(settings: Readonly<Record<string, string | undefined>>): WatchedChainRpcs {
  const rpcs: WatchedChainRpcs = {};
  for (const watched of WATCHED_EVM_CHAINS) {
    const url = settings[watched.evm.rpcSetting];
    if (url) rpcs[watched.chain] = url;
  }
  const solana = settings[SOLANA_WATCH_SETTING];
  if (solana) rpcs.solana = solana;
  return rpcs;
}

/** The sandbox chains as the watcher needs them (a structural slice of @svc/sandbox's, which live mode never loads). */
export interface SandboxChainsToWatch {
  /** Runs from start: payments settle there. */
  readonly base: { readonly chainId: number; readonly rpcUrl: string };
  /** The sandbox EVM chain `chainId`, started (with its market) on first call. */
  evm(chainId: number): Promise<{ readonly chain: { readonly rpcUrl: string } }>;
  readonly solana: { readonly rpcUrl: string };
}

/**
 * Sandbox mode: every watched chain. Base and Solana run from start; eth, bsc and polygon start when a wallet is
 * first tracked on them (not at boot: each is an anvil process).
 */
export function sandboxWatchedChainRpcs(sandbox: SandboxChainsToWatch): WatchedChainRpcs {
  const rpcs: WatchedChainRpcs = { solana: sandbox.solana.rpcUrl };
  for (const { chain, evm } of WATCHED_EVM_CHAINS)
    rpcs[chain] =
      evm.chainId === sandbox.base.chainId
        ? sandbox.base.rpcUrl
        : { start: async () => (await sandbox.evm(evm.chainId)).chain.rpcUrl };
  return rpcs;
}
