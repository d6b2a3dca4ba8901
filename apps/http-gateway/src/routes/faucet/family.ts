import type { z } from 'zod';
import type { Sandbox } from '../../sandbox.js';

/** A token the faucet can fund on one sandbox chain. */
export interface FaucetToken {
  readonly symbol: string;
  readonly decimals: number;
  /** NFT collections: their standard (amount counts tokens); absent for fungible tokens. */
  readonly standard?: 'ERC721' | 'ERC1155';
  /** Contract address, mint or asset id as payment requirements and tools name it; null for the chain's native coin. */
  readonly address: string | null;
  /** Another name the token answers to: its EVM address where the chain also has one (Hedera's long-zero form). */
  readonly evmAddress?: string | undefined;
}

/** A seeded liquidity pool on a sandbox chain, as `GET /api/sandbox` lists it. */
export interface SandboxPool {
  readonly address: string;
  /** Symbols of the two tokens. */
  readonly tokens: readonly [string, string];
  readonly evmAddress?: string;
  /** Current reserves in atomic units, in the order of `tokens`, where the chain reads them cheaply. */
  readonly reserves?: readonly string[];
}

/** One sandbox chain as `GET /api/sandbox` describes it. */
export interface SandboxChainDescription {
  /** The chain key a faucet request names. */
  readonly chain: string;
  /** CAIP-2 id. */
  readonly network: string;
  /** Where to send transactions and reads; null for an in-process ledger without an RPC. */
  readonly rpcUrl: string | null;
  readonly nativeSymbol: string;
  readonly tokens: readonly FaucetToken[];
  readonly pools: readonly SandboxPool[];
  /** The swap venue's router contract, where swaps are calls to it. */
  readonly swapRouter?: string;
  /**
   * The chain's launchpad (docs/families/launchpads-evm-hedera.md): bonding (BSC curve manager), factory (Base token
   * factory) or memejob (Hedera curve contract).
   */
  readonly launchpad?: { readonly kind: string; readonly address: string; readonly evmAddress?: string | undefined };
  /** The NFT marketplace's Seaport 1.6, its conduit controller and conduit (ethereum, polygon, base). */
  readonly seaport?: {
    readonly seaport: string;
    readonly conduitController: string;
    readonly conduit: string;
    readonly conduitKey: string;
  };
}

/** What the faucet funds on one chain family: its chains, its address format, its tokens, and how to fund them. */
export interface FaucetFamily {
  /** The chain keys this family funds (a request's `chain`). */
  readonly chains: readonly string[];
  /** The largest amount the chain's ledger can hold in one balance, atomic units, and its integer type's name. */
  readonly maxAtomic: { readonly value: bigint; readonly type: string };
  /** This family's address format; its message is the 400 a wrong address gets. */
  readonly address: z.ZodType<string>;
  /** The chain a token name implies when the request names none (a payment token name, a coin on one chain only). */
  chainOf(token: string): string | undefined;
  /** Describes `chain` (its node may start here, lazily). */
  describe(sandbox: Sandbox, chain: string): Promise<SandboxChainDescription>;
  /** Moves `atomic` units of `token` to `address` on `chain`. */
  fund(sandbox: Sandbox, request: FaucetRequest): Promise<FaucetFunding>;
}

export interface FaucetRequest {
  readonly chain: string;
  readonly address: string;
  readonly token: FaucetToken;
  readonly atomic: bigint;
}

/** The part of a faucet response that depends on the token. */
export interface FaucetFunding {
  /** The funding transaction, or null where the sandbox sets a balance directly. */
  readonly transaction: string | null;
  /** NFTs: the token ids credited (ERC-721: the new ids; ERC-1155: the item id). */
  readonly tokenIds?: readonly string[];
  /** Chain-specific facts of the funding (e.g. the Hedera account id it created or credited). */
  readonly [fact: string]: unknown;
}

/** The token named `nameOrAddress` (a symbol in any case, or a contract/mint address) among a chain's tokens. */
export function findToken(tokens: readonly FaucetToken[], nameOrAddress: string): FaucetToken | undefined {
  const wanted = nameOrAddress.toLowerCase();
  return tokens.find((token) =>
    [token.symbol, token.address, token.evmAddress].some((name) => name?.toLowerCase() === wanted),
  );
}
