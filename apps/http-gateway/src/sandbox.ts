import { randomInt } from 'node:crypto';
import { join } from 'node:path';
import { createLocalFacilitator, NETWORKS, SettlementBroadcasts, stacksTransactionCodec } from '@svc/payments';
import { ANVIL_DEV_MNEMONIC, loadOrCreateKeyPairFile, type SandboxChains, startSandboxChains } from '@svc/sandbox';
import type { FacilitatorClient } from '@x402/core/server';
import { mnemonicToAccount } from 'viem/accounts';
import { SANDBOX_PAY_TO } from '@svc/config';

/**
 * Anvil dev accounts #2 to #5 submit sandbox settlements, in turn (#0 mints sandbox USDC, #1 is the sandbox payee):
 * each account sends one transaction per round trip to anvil, so four settle in parallel.
 */
const SETTLER_ACCOUNT_INDEXES = [2, 3, 4, 5] as const;
/** Gas of the settlers of a gateway on another process's Base (100 ETH each). */
const SETTLER_GAS_WEI = 10n ** 20n;

/**
 * Settlers of a gateway whose Base another process runs: accounts of its own, since each facilitator hands out its
 * settlers' nonces itself (the first gateway's are #2 to #5). Four consecutive indexes past the dev accounts, at a
 * random place no other gateway picks in practice.
 */
const ownSettlerIndexes = (): readonly [number, ...number[]] => {
  const first = 1_000 + randomInt(1_000_000) * SETTLER_ACCOUNT_INDEXES.length;
  return [first, first + 1, first + 2, first + 3];
};
const LAMPORTS_PER_SOL = 1_000_000_000n;

/**
 * The sandbox chains (`@svc/sandbox`) and the in-process facilitator settling on them. The facilitator is wired here,
 * not in `@svc/sandbox`: the payments package tests its schemes on the sandbox chains, so the emulators cannot
 * depend on it.
 */
export interface Sandbox extends Omit<SandboxChains, 'chainsDir'> {
  /** The facilitator's fee payers: SOL_USDC requirements must name the Solana one in `extra.feePayer`. */
  readonly feePayer: { readonly solana: string };
  /** The in-process facilitator settling on the sandbox chains. */
  readonly facilitator: FacilitatorClient;
  /** Each settlement transaction the facilitator broadcasts, announced before its receipt is awaited. */
  readonly settlementBroadcasts: SettlementBroadcasts;
}

export interface StartSandboxOptions {
  /** Chain state (`<dataDir>/chains/…`) and the facilitator's Solana fee payer key persist here; without it everything is ephemeral. */
  dataDir?: string;
  /** Payees, so their USDC token accounts exist (an SPL transfer needs the recipient's account). Default: SANDBOX_PAY_TO. */
  payTo?: { readonly solana?: string };
  /** Sandbox EVM chains another gateway runs (SANDBOX_EVM_RPC_URLS): reached instead of started, Base included. */
  evmRpcUrls?: ReadonlyMap<number, string>;
  /** Trades a minute of the market simulator (SANDBOX_MARKET_SIM_RATE); default 0: it trades only when stepped. */
  marketSimulatorRate?: number;
  /** Seconds between the cross-chain operator's background steps (SANDBOX_CROSS_CHAIN_TICK_SECONDS); default 0: off. */
  crossChainTickSeconds?: number;
  /** Most payments one Base settlement transaction carries (SETTLEMENT_BATCH_MAX); default: the facilitator's. */
  settlementBatchMax?: number;
}

/** Start the sandbox chains and the in-process facilitator. With `dataDir`, chain state persists there. */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<Sandbox> {
  const { chainsDir, ...chains } = await startSandboxChains({
    dataDir: options.dataDir,
    stacksCodec: stacksTransactionCodec,
    evmRpcUrls: options.evmRpcUrls,
    marketSimulatorRate: options.marketSimulatorRate,
    crossChainTickSeconds: options.crossChainTickSeconds,
  });
  try {
    // The facilitator hands out these accounts' nonces itself, in order (a NonceQueue each), reading the first from the chain.
    const sharedBase = options.evmRpcUrls?.has(chains.base.chainId) ?? false;
    const settler = (addressIndex: number) => mnemonicToAccount(ANVIL_DEV_MNEMONIC, { addressIndex });
    const [first, ...others] = sharedBase ? ownSettlerIndexes() : SETTLER_ACCOUNT_INDEXES;
    const settlers = [settler(first), ...others.map(settler)] as const;
    if (sharedBase)
      await Promise.all(settlers.map((settler) => chains.base.setNativeBalance(settler.address, SETTLER_GAS_WEI)));
    // The Solana fee payer co-signs and pays for every SOL_USDC settlement; its key lives with the chain state.
    const solanaFeePayer = await loadOrCreateKeyPairFile(
      chainsDir ? join(chainsDir, 'solana-fee-payer.json') : undefined,
    );
    // Seeded at start and again after each reset (which restores Solana as it was before this).
    const seedSolana = async () => {
      if ((await chains.solana.solBalance(solanaFeePayer.address)) < LAMPORTS_PER_SOL)
        await chains.solana.airdrop(solanaFeePayer.address, 10n * LAMPORTS_PER_SOL);
      await chains.solana.mintUsdc(options.payTo?.solana ?? SANDBOX_PAY_TO.solana, 0n);
    };
    await seedSolana();
    const settlementBroadcasts = new SettlementBroadcasts();
    const facilitator = createLocalFacilitator({
      broadcasts: settlementBroadcasts,
      evm: [{ network: NETWORKS.base, rpcUrl: chains.base.rpcUrl, settlers, maxBatchSize: options.settlementBatchMax }],
      svm: [{ network: NETWORKS.solana, rpcUrl: chains.solana.rpcUrl, feePayer: solanaFeePayer }],
      stacks: [{ network: NETWORKS.stacks, target: chains.stacks }],
    });
    const reset = async () => {
      const done = await chains.reset();
      await seedSolana();
      return done;
    };
    return { ...chains, reset, feePayer: { solana: solanaFeePayer.address }, facilitator, settlementBroadcasts };
  } catch (error) {
    await chains.stop();
    throw error;
  }
}
