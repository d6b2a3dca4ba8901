import { join } from 'node:path';
import {
  ANVIL_DEV_MNEMONIC,
  HederaSandboxLedger,
  loadOrCreateKeyPairFile,
  type SandboxEvmChain,
  type SandboxEvmChains,
  sandboxEvmChains,
  SandboxBitcoin,
  type SandboxSolana,
  StacksSandboxLedger,
  startSandboxEvmChain,
  startSandboxSolana,
} from '@svc/chains';
import { createLocalFacilitator, NETWORKS, SettlementBroadcasts, stacksTransactionCodec } from '@svc/payments';
import type { FacilitatorClient } from '@x402/core/server';
import { mnemonicToAccount } from 'viem/accounts';
import { SANDBOX_PAY_TO } from './config.js';

/**
 * Anvil dev accounts #2 to #5 submit sandbox settlements, in turn (#0 mints sandbox USDC, #1 is the sandbox payee):
 * each account sends one transaction per round trip to anvil, so four settle in parallel.
 */
const SETTLER_ACCOUNT_INDEXES = [2, 3, 4, 5] as const;
const LAMPORTS_PER_SOL = 1_000_000_000n;

export interface Sandbox {
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
  /** The facilitator's fee payers: SOL_USDC requirements must name the Solana one in `extra.feePayer`. */
  readonly feePayer: { readonly solana: string };
  /** The in-process facilitator settling on the sandbox chains. */
  readonly facilitator: FacilitatorClient;
  /** Each settlement transaction the facilitator broadcasts, announced before its receipt is awaited. */
  readonly settlementBroadcasts: SettlementBroadcasts;
  stop(): Promise<void>;
}

export interface StartSandboxOptions {
  /** Chain state (`<dataDir>/chains/…`) and the facilitator's Solana fee payer key persist here; without it everything is ephemeral. */
  dataDir?: string;
  /** Payees, so their USDC token accounts exist (an SPL transfer needs the recipient's account). Default: SANDBOX_PAY_TO. */
  payTo?: { readonly solana?: string };
}

/** Start the sandbox chains and the in-process facilitator. With `dataDir`, chain state persists there. */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<Sandbox> {
  const chainsDir = options.dataDir ? join(options.dataDir, 'chains') : undefined;
  const [base, solana] = await Promise.allSettled([
    startSandboxEvmChain({ chainId: 8453, ...(chainsDir ? { stateFile: join(chainsDir, 'base-8453.json') } : {}) }),
    startSandboxSolana(chainsDir ? { stateFile: join(chainsDir, 'solana-litesvm.bin') } : {}),
  ]);
  if (base.status === 'rejected' || solana.status === 'rejected') {
    await Promise.all([base, solana].map((started) => (started.status === 'fulfilled' ? started.value.stop() : undefined)));
    throw base.status === 'rejected' ? base.reason : (solana as PromiseRejectedResult).reason;
  }
  try {
    // Loaded from its file here, inside the try: a corrupt file stops the chains started above.
    const stacks = new StacksSandboxLedger({ codec: stacksTransactionCodec, ...(chainsDir ? { file: join(chainsDir, 'stacks-1.json') } : {}) });
    const bitcoin = new SandboxBitcoin({ file: chainsDir ? join(chainsDir, 'bitcoin-mainnet.json') : undefined });
    // The facilitator hands out these accounts' nonces itself, in order (a NonceQueue each), reading the first from the chain.
    const settler = (addressIndex: number) => mnemonicToAccount(ANVIL_DEV_MNEMONIC, { addressIndex });
    const [first, ...others] = SETTLER_ACCOUNT_INDEXES;
    // The Solana fee payer co-signs and pays for every SOL_USDC settlement; its key lives with the chain state.
    const solanaFeePayer = await loadOrCreateKeyPairFile(chainsDir ? join(chainsDir, 'solana-fee-payer.json') : undefined);
    if ((await solana.value.solBalance(solanaFeePayer.address)) < LAMPORTS_PER_SOL) await solana.value.airdrop(solanaFeePayer.address, 10n * LAMPORTS_PER_SOL);
    await solana.value.mintUsdc(options.payTo?.solana ?? SANDBOX_PAY_TO.solana, 0n);
    const settlementBroadcasts = new SettlementBroadcasts();
    const facilitator = createLocalFacilitator({
      broadcasts: settlementBroadcasts,
      evm: [{ network: NETWORKS.base, rpcUrl: base.value.rpcUrl, settlers: [settler(first), ...others.map(settler)] }],
      svm: [{ network: NETWORKS.solana, rpcUrl: solana.value.rpcUrl, feePayer: solanaFeePayer }],
      stacks: [{ network: NETWORKS.stacks, target: stacks }],
    });
    const evmChains = sandboxEvmChains({ base: base.value, chainsDir });
    let hedera: Promise<HederaSandboxLedger> | undefined;
    return {
      base: base.value,
      evm: evmChains.evm,
      solana: solana.value,
      stacks,
      hedera: () => (hedera ??= HederaSandboxLedger.create(chainsDir ? { file: join(chainsDir, 'hedera-mainnet.json') } : {})),
      bitcoin,
      feePayer: { solana: solanaFeePayer.address },
      facilitator,
      settlementBroadcasts,
      stop: async () => {
        // close() writes the Stacks ledger's last changes to its file.
        await evmChains.stop();
        await Promise.all([base.value.stop(), solana.value.stop(), stacks.close(), bitcoin.stop()]);
      },
    };
  } catch (error) {
    await Promise.all([base.value.stop(), solana.value.stop()]);
    throw error;
  }
}
