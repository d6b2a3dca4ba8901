/**
 * The sandbox Solana chain: the LiteSVM ledger (SOL, WSOL, USDC, BONK, JUP at their mainnet mints) behind a local
 * JSON-RPC facade, with a swap venue (swap-venue.ts) and bonding-curve launchpads (launchpads/) whose simulated crowd has
 * launched and traded a few tokens before the chain is handed out.
 * Point @solana/kit's `createSolanaRpc(rpcUrl)`, or @x402/svm's client (`{ rpcUrl }`) and facilitator
 * (`toFacilitatorSvmSigner(signer, { defaultRpcUrl: rpcUrl })`), at `rpcUrl`.
 */
import { type Address, address, isAddress, type KeyPairSigner, type Signature } from '@solana/kit';
import { type LandedTransaction, type SandboxMintState, SolanaLedger } from './ledger.js';
import { seedLaunchpadCrowd } from './launchpads/crowd.js';
import { SandboxLaunchpads } from './launchpads/launchpads.js';
import { startSolanaRpcFacade } from './rpc-facade.js';
import { SandboxSwapVenue } from './swap-venue.js';
import { SANDBOX_SOLANA_TOKENS, type SandboxSolanaToken, type SolanaAssetId } from './tokens.js';

/** True for a valid Solana address (base58 of 32 bytes). */
export { isAddress as isSolanaAddress } from '@solana/kit';
/** A Solana keypair signer (what the x402 SVM facilitator signs and pays fees with). */
export type SolanaKeyPairSigner = KeyPairSigner;

export interface StartSandboxSolanaOptions {
  /** Persist the ledger here (LiteSVM snapshot): loaded if present, written after changes and on stop. */
  stateFile?: string;
  /** Interface of the JSON-RPC facade. Default 127.0.0.1. */
  host?: string;
  /** Port of the JSON-RPC facade. Default: a free port. */
  port?: number;
}

/** Addresses are base58 strings; an invalid one is refused with an error. */
export interface SandboxSolana {
  /** The JSON-RPC facade, http://127.0.0.1:port. */
  readonly rpcUrl: string;
  /** The USDC mint (the mainnet USDC address, 6 decimals). */
  readonly usdcMint: Address;
  /** The sandbox USDC mint authority (public, deterministic; see ledger.ts). */
  readonly usdcMintAuthority: Address;
  /**
   * Mints `atomic` USDC units (6 decimals) to `owner`'s associated token account, creating the account when missing
   * (0n only creates it). Resolves with the signature once the transaction has landed.
   */
  mintUsdc(owner: string, atomic: bigint): Promise<Signature>;
  /** The seeded assets (native SOL, WSOL, USDC, BONK, JUP, two tokenized stocks and the Token-2022 TFEE; see tokens.ts). */
  readonly tokens: readonly SandboxSolanaToken[];
  /**
   * Credits `atomic` units of a seeded SPL token (`mint`; WSOL by wrapping) to `owner`'s associated token account,
   * creating it when missing. Resolves with the signature once the transaction has landed.
   */
  mintToken(owner: string, mint: string, atomic: bigint): Promise<Signature>;
  /** The swap venue (constant-product pools of every token against USDC and SOL; see swap-venue.ts). */
  readonly venue: SandboxSwapVenue;
  /** The bonding-curve launchpads (pump, pad, svc; see launchpads/launchpads.ts). */
  readonly launchpads: SandboxLaunchpads;
  /** Spot USD price of `asset` (a mint, or 'SOL') on the venue. */
  tokenPriceUsd(asset: string): Promise<number>;
  /**
   * Sandbox price control: re-balances the venue's reserves so the spot price of `asset` (a mint, or 'SOL'; SOL and
   * the WSOL mint move together) becomes `priceUsd`.
   */
  setTokenPriceUsd(asset: string, priceUsd: number): Promise<void>;
  /** Credits `lamports` to `owner`. */
  airdrop(owner: string, lamports: bigint): Promise<void>;
  /** Lamports held by `owner`. */
  solBalance(owner: string): Promise<bigint>;
  /** Atomic balance of `owner`'s associated token account for `mint` (USDC by default); 0n when it has none. */
  tokenBalance(owner: string, mint?: string): Promise<bigint>;
  /** Associated token account of `owner` for `mint` (USDC by default). */
  tokenAccount(owner: string, mint?: string): Promise<Address>;
  /** A mint's authorities, supply and non-empty token accounts; undefined when no SPL mint is at that address. */
  mintState(mint: string): Promise<SandboxMintState | undefined>;
  /** The transactions that landed after `slot`, oldest first (the ledger keeps the last 10,000 in memory). */
  landedAfter(slot: bigint): readonly LandedTransaction[];
  /** Lamports an account of `dataLength` bytes needs to be rent-exempt (a venue pool's SOL reserve is above it). */
  rentExemptMinimum(dataLength: bigint): bigint;
  /**
   * Restores the ledger as it was when the chain started, its swap venue seeded (sandbox reset): every account,
   * balance and transaction since is gone.
   */
  reset(): Promise<void>;
  /** Stops the facade and saves the ledger (with a state file). Idempotent. */
  stop(): Promise<void>;
}

export async function startSandboxSolana(options: StartSandboxSolanaOptions = {}): Promise<SandboxSolana> {
  const ledger = await SolanaLedger.open({ stateFile: options.stateFile });
  const facade = await startSolanaRpcFacade(ledger, { host: options.host, port: options.port }).catch(
    (error: unknown) => {
      ledger.close();
      throw error;
    },
  );
  const venue = await SandboxSwapVenue.open(ledger).catch(async (error: unknown) => {
    await facade.close();
    ledger.close();
    throw error;
  });
  const launchpads = await SandboxLaunchpads.open(ledger, venue);
  await seedLaunchpadCrowd(launchpads, (owner, lamports) => ledger.airdrop(owner, lamports));
  // Taken once the venue has seeded its pools and the crowd its launches; a reset restores it (the snapshot is
  // reusable), and the venue lists the graduated launchpad tokens again.
  const seeded = ledger.snapshot();
  const assetOf = (asset: string): SolanaAssetId => (asset === 'SOL' ? 'SOL' : address(asset));
  let stopping: Promise<void> | undefined;
  return {
    rpcUrl: facade.url,
    usdcMint: ledger.usdcMint,
    usdcMintAuthority: ledger.mintAuthority.address,
    mintUsdc: async (owner, atomic) => ledger.mintUsdc(address(owner), atomic),
    tokens: SANDBOX_SOLANA_TOKENS,
    mintToken: async (owner, mint, atomic) => ledger.mintToken(address(owner), address(mint), atomic),
    venue,
    launchpads,
    tokenPriceUsd: async (asset) => venue.tokenPriceUsd(assetOf(asset)),
    setTokenPriceUsd: async (asset, priceUsd) => venue.setTokenPriceUsd(assetOf(asset), priceUsd),
    airdrop: async (owner, lamports) => ledger.airdrop(address(owner), lamports),
    solBalance: async (owner) => ledger.balance(address(owner)),
    tokenBalance: async (owner, mint) =>
      ledger.tokenBalance(address(owner), mint === undefined ? undefined : address(mint)),
    tokenAccount: async (owner, mint) =>
      ledger.tokenAccount(address(owner), mint === undefined ? undefined : address(mint)),
    mintState: async (mint) => (isAddress(mint) ? ledger.mintState(address(mint)) : undefined),
    landedAfter: (slot) => ledger.landedAfter(slot),
    rentExemptMinimum: (dataLength) => ledger.rentExemptMinimum(dataLength),
    reset: async () => {
      ledger.restore(seeded);
      await launchpads.relist();
    },
    stop: () =>
      (stopping ??= (async () => {
        await facade.close();
        ledger.close();
      })()),
  };
}
