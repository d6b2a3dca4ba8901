/**
 * The sandbox market index across chains: one ChainIndex per chain (an EVM chain's is made on its first read, which
 * starts the chain if nothing has yet), and the simulated wallets' labels. Every read syncs its chain to the head.
 */
import { EVM_CHAINS, evmChainById, evmChainByKey } from '@svc/chains';
import type { SandboxEvmChains } from '../evm/sandbox-evm-chains.js';
import type { SandboxSolana } from '../solana/sandbox-solana.js';
import { EvmChainIndex } from './evm-index.js';
import type { ChainIndex, SandboxMarketChain } from './indexed.js';
import { SolanaChainIndex } from './solana-index.js';
import type { SimulatedWallet, SimulatedWalletLabel } from './wallets.js';

/** The chains the sandbox market runs, EVM first (the catalog's order), then Solana. */
export const SANDBOX_MARKET_CHAINS: readonly SandboxMarketChain[] = [...EVM_CHAINS.map((chain) => chain.key), 'solana'];

export class SandboxMarketIndex {
  readonly chains = SANDBOX_MARKET_CHAINS;
  readonly #indexes = new Map<SandboxMarketChain, ChainIndex>();
  /** chain family → lower-case address → label. */
  readonly #labels: ReadonlyMap<'evm' | 'solana', ReadonlyMap<string, SimulatedWalletLabel>>;

  constructor(
    private readonly evm: SandboxEvmChains,
    private readonly solana: SandboxSolana,
    readonly wallets: readonly SimulatedWallet[],
  ) {
    this.#labels = new Map([
      ['evm', new Map(wallets.map((wallet) => [wallet.evm.address.toLowerCase(), wallet.label]))],
      ['solana', new Map(wallets.map((wallet) => [wallet.solana.address.toLowerCase(), wallet.label]))],
    ]);
  }

  /** The index of `chain`. */
  chain(chain: SandboxMarketChain): ChainIndex {
    let index = this.#indexes.get(chain);
    if (!index) {
      if (chain === 'solana') {
        index = new SolanaChainIndex(this.solana, () => this.wallets.map((wallet) => wallet.solana.address));
      } else {
        const chainId = evmChainByKey(chain)!.chainId;
        index = new EvmChainIndex(
          () => this.evm.evm(chainId),
          () => this.wallets.map((wallet) => wallet.evm.address),
        );
      }
      this.#indexes.set(chain, index);
    }
    return index;
  }

  /** The simulated wallet's label; undefined for any other address. */
  labelOf(chain: SandboxMarketChain, address: string): SimulatedWalletLabel | undefined {
    return this.#labels.get(chain === 'solana' ? 'solana' : 'evm')!.get(address.toLowerCase());
  }

  /** The simulated wallets' addresses on `chain`, with their labels. */
  labelledWallets(chain: SandboxMarketChain): readonly { address: string; label: SimulatedWalletLabel }[] {
    return this.wallets.map((wallet) => ({
      address: chain === 'solana' ? wallet.solana.address : wallet.evm.address,
      label: wallet.label,
    }));
  }

  /** Forgets every chain's index (the chains were restored to their seed). */
  reset(): void {
    for (const index of this.#indexes.values()) index.reset();
  }

  /** Syncs the chains running now without starting any (a background catch-up: reads sync anyway). */
  async syncRunning(): Promise<void> {
    for (const chainId of this.evm.started()) await this.chain(evmChainById(chainId)!.key).trades();
    await this.chain('solana').trades();
  }
}
