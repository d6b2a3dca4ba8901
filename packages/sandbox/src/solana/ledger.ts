/**
 * The sandbox Solana ledger: an in-process LiteSVM with USDC placed at the mainnet USDC mint address, so x402
 * `exact` SVM payments for SOL_USDC (network solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp, asset EPjFWdd5…) run the real
 * SPL Token `TransferChecked` code path without any network access.
 *
 * USDC mint: {@link SOLANA_USDC_MINT}, 6 decimals, owned by the classic SPL Token program. The account is written
 * with `setAccount` (we cannot sign for the real mint keypair) with mint authority {@link sandboxUsdcMintAuthority}:
 * a keypair whose 32-byte seed is sha256("svc.sandbox.solana.usdc-mint-authority"), address
 * BYdiH8wihTnjXDjWnA8JMpfacmeUE458aCR5AK4j7UH. It is deterministic on purpose, so a persisted ledger and a fresh
 * process agree on who may mint; it is public, so it must never hold anything on a real cluster. No freeze authority.
 *
 * The other seeded SPL tokens (tokens.ts: BONK, JUP at their mainnet mints) are placed the same way under the same
 * authority (TFEE, the sandbox's Token-2022 mint, with its transfer-fee extension, under the Token-2022 program);
 * Wrapped SOL lives at the native mint (no mint authority, as on mainnet) and is minted by wrapping SOL.
 *
 * Sandbox semantics that differ from a cluster (documented for callers):
 * - Blockhashes do not expire. LiteSVM accepts only its latest blockhash, so the ledger never rotates it: a payment
 *   signed against it stays valid, and replays are refused by LiteSVM's signature history (AlreadyProcessed).
 * - Every landed transaction is "finalized" at once; the slot advances by one per landed transaction.
 * - {@link SolanaLedger.airdrop} credits lamports directly (LiteSVM's own airdrop reuses one transaction per amount
 *   and refuses a second identical airdrop as AlreadyProcessed).
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync } from 'node:fs';
import path from 'node:path';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  type Blockhash,
  createKeyPairSignerFromPrivateKeyBytes,
  createTransactionMessage,
  getBase58Decoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  getSignatureFromTransaction,
  type Instruction,
  isSolanaError,
  type KeyPairSigner,
  lamports,
  type MaybeEncodedAccount,
  type ReadonlyUint8Array,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  SOLANA_ERROR__TRANSACTION__SIGNATURES_MISSING,
  type Signature,
  signTransactionMessageWithSigners,
  some,
  type Transaction,
} from '@solana/kit';
import { getTransferSolInstruction, SYSTEM_PROGRAM_ADDRESS } from '@solana-program/system';
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getMintEncoder,
  getMintToCheckedInstruction,
  getSyncNativeInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import { getMintEncoder as getMint2022Encoder, TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022';
import type { TransferFeeSchedule } from '@svc/chains';
import { FailedTransactionMetadata, LiteSVM, type TransactionMetadata } from 'litesvm';
import {
  type DecodedMint,
  decodeMint,
  decodeTokenAccount,
  mintTransferFee,
  type TokenProgramAddress,
  withMintSupply,
  withTokenAmount,
} from './token-programs.js';
import { SANDBOX_SOLANA_TOKENS, type SandboxSolanaToken, SOLANA_USDC_MINT, SOLANA_WSOL_MINT } from './tokens.js';
import {
  ALREADY_PROCESSED,
  fieldlessCode,
  type RpcTransactionError,
  rpcTransactionError,
  SIGNATURE_FAILURE,
} from './transaction-error.js';

/** The Memo program (v2): its instruction makes otherwise identical sandbox transactions distinct. */
const MEMO_PROGRAM_ADDRESS = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const LAMPORTS_PER_SOL = 1_000_000_000n;
/** Blocks a blockhash is reported valid for (as on a cluster; the sandbox itself never expires it). */
const BLOCKHASH_VALIDITY_BLOCKS = 150n;
/** Landed transactions kept in memory for statuses and history (older statuses report the current slot). */
const MAX_TRACKED_SIGNATURES = 10_000;
const SAVE_DEBOUNCE_MS = 250;
/** LiteSVM's fee: the base fee per signature (no priority fees in the sandbox). */
const LAMPORTS_PER_SIGNATURE = 5_000n;

/** The sandbox USDC mint authority (see the module comment): deterministic, public, sandbox-only. */
export function sandboxUsdcMintAuthority(): Promise<KeyPairSigner> {
  const seed = createHash('sha256').update('svc.sandbox.solana.usdc-mint-authority').digest();
  return createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(seed));
}

export interface SimulationResult {
  readonly err: RpcTransactionError | null;
  readonly logs: readonly string[];
  readonly unitsConsumed: bigint;
  /** Program and base64 data of the last `set_return_data`, or null. */
  readonly returnData: { readonly programId: Address; readonly data: string } | null;
  /** Per top-level instruction, the CPIs it made (RPC `innerInstructions` form, data base58). */
  readonly innerInstructions: readonly RpcInnerInstructions[];
}

export interface RpcInnerInstructions {
  readonly index: number;
  readonly instructions: readonly { programIdIndex: number; accounts: number[]; data: string; stackHeight: number }[];
}

/** Outcome of submitting a transaction: it landed (possibly failing, fee charged), or it was refused before execution. */
export type SubmitResult =
  | {
      readonly landed: true;
      readonly signature: Signature;
      readonly err: RpcTransactionError | null;
      readonly logs: readonly string[];
    }
  | {
      readonly landed: false;
      readonly signature: Signature | null;
      readonly err: RpcTransactionError;
      readonly logs: readonly string[];
    };

/** An SPL token account's balance around a transaction (as getTransaction's pre/postTokenBalances carry it). */
export interface LedgerTokenBalance {
  /** Index of the token account in the transaction's account keys. */
  readonly accountIndex: number;
  /** The token program that owns the account (classic Token or Token-2022). */
  readonly programId: TokenProgramAddress;
  readonly mint: Address;
  readonly owner: Address;
  readonly amount: bigint;
  readonly decimals: number;
}

/** A transaction that landed, with what getTransaction / getSignaturesForAddress report about it. */
export interface LandedTransaction {
  readonly signature: Signature;
  readonly signatures: readonly Signature[];
  readonly slot: bigint;
  /** Unix seconds when it landed. */
  readonly blockTime: number;
  readonly accountKeys: readonly Address[];
  readonly err: RpcTransactionError | null;
  readonly fee: bigint;
  readonly logs: readonly string[];
  readonly preBalances: readonly bigint[];
  readonly postBalances: readonly bigint[];
  readonly preTokenBalances: readonly LedgerTokenBalance[];
  readonly postTokenBalances: readonly LedgerTokenBalance[];
}

export interface SignatureStatus {
  readonly slot: bigint;
  readonly err: RpcTransactionError | null;
}

export interface OpenSolanaLedgerOptions {
  /** Load the ledger from this file if it exists, and write it back (debounced after changes, and on close). */
  stateFile?: string;
}

const base58 = getBase58Decoder();
const compiledMessageDecoder = getCompiledTransactionMessageDecoder();
const base64 = getBase64Decoder();

function simulationOf(meta: TransactionMetadata, err: RpcTransactionError | null): SimulationResult {
  const returnData = meta.returnData();
  const data = returnData.data();
  return {
    err,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData:
      data.length > 0
        ? { programId: base58.decode(returnData.programId()) as Address, data: base64.decode(data) }
        : null,
    innerInstructions: meta
      .innerInstructions()
      .map((group, index) => ({
        index,
        instructions: group.map((inner) => {
          const compiled = inner.instruction();
          return {
            programIdIndex: compiled.programIdIndex(),
            accounts: [...compiled.accounts()],
            data: base58.decode(compiled.data()),
            stackHeight: inner.stackHeight(),
          };
        }),
      }))
      .filter((group) => group.instructions.length > 0),
  };
}

/** Associated token accounts remembered (a sandbox serves few owners; the bound only keeps a long run's memory flat). */
const TOKEN_ACCOUNT_CACHE = 10_000;

/** A copy of the whole ledger, taken by {@link SolanaLedger.snapshot}. */
export interface SolanaLedgerSnapshot {
  readonly svm: Uint8Array;
  readonly history: readonly (readonly [string, LandedTransaction])[];
  readonly signaturesByAccount: readonly (readonly [string, readonly Signature[]])[];
}

/** A mint's state on the sandbox ledger: its authorities, supply and every non-empty token account. */
export interface SandboxMintState {
  readonly mint: Address;
  readonly supply: bigint;
  readonly decimals: number;
  readonly mintAuthority: Address | null;
  readonly freezeAuthority: Address | null;
  readonly holders: readonly { readonly owner: Address; readonly tokenAccount: Address; readonly amount: bigint }[];
}

/** LiteSVM plus the sandbox USDC mint, balances, and the bookkeeping a JSON-RPC facade needs. */
export class SolanaLedger {
  readonly usdcMint = SOLANA_USDC_MINT;
  /** Landed transactions, oldest first (at most MAX_TRACKED_SIGNATURES), for statuses and history reads. */
  readonly #history = new Map<string, LandedTransaction>();
  /** Per account key, the signatures of the landed transactions naming it, oldest first. */
  readonly #signaturesByAccount = new Map<string, Signature[]>();
  #saveTimer: NodeJS.Timeout | undefined;
  #closed = false;
  readonly #tokenAccounts = new Map<string, Address>();

  private constructor(
    /** Replaced by {@link restore}. */
    private svm: LiteSVM,
    /** Signs USDC mints and pays their fees. */
    readonly mintAuthority: KeyPairSigner,
    private readonly stateFile: string | undefined,
  ) {}

  /** Opens (or creates) the ledger and makes sure the USDC mint is in place with our authority. */
  static async open(options: OpenSolanaLedgerOptions = {}): Promise<SolanaLedger> {
    const stateFile = options.stateFile ? path.resolve(options.stateFile) : undefined;
    const svm = stateFile && existsSync(stateFile) ? LiteSVM.loadFromFile(stateFile) : new LiteSVM();
    const ledger = new SolanaLedger(svm, await sandboxUsdcMintAuthority(), stateFile);
    ledger.#placeMints();
    if (ledger.balance(ledger.mintAuthority.address) < LAMPORTS_PER_SOL)
      ledger.airdrop(ledger.mintAuthority.address, 10n * LAMPORTS_PER_SOL);
    ledger.#changed();
    return ledger;
  }

  /**
   * Writes every seeded mint account unless it already is a mint with the seeded decimals and authority (a persisted
   * ledger keeps its supply; a mint with other settings is rewritten with its supply carried over). The native mint
   * (WSOL) has no mint authority.
   */
  #placeMints(): void {
    for (const token of SANDBOX_SOLANA_TOKENS) {
      if (token.mint === null) continue;
      const authority = token.mint === SOLANA_WSOL_MINT ? null : this.mintAuthority.address;
      const current = decodeMint(this.svm.getAccount(token.mint));
      if (current?.isInitialized && current.program === programOfSeeded(token)) {
        const sameFee = sameTransferFee(mintTransferFee(current, this.epoch()), token.token2022?.transferFee);
        if (current.decimals === token.decimals && current.mintAuthority === authority && sameFee) continue;
      }
      this.#writeMint(token.mint, token, { supply: current?.supply ?? 0n, authority });
    }
  }

  /**
   * Writes a seeded mint account: a classic SPL mint, or a Token-2022 mint carrying the token's transfer-fee
   * extension (both fee schedules the same, the sandbox mint authority its fee and withdraw authority).
   */
  #writeMint(mint: Address, token: SandboxSolanaToken, fields: { supply: bigint; authority: Address | null }): void {
    const base = {
      mintAuthority: fields.authority,
      supply: fields.supply,
      decimals: token.decimals,
      isInitialized: true,
      freezeAuthority: null,
    };
    const fee = token.token2022?.transferFee;
    const data = !token.token2022
      ? getMintEncoder().encode(base)
      : getMint2022Encoder().encode({
          ...base,
          extensions: some(
            fee
              ? [
                  {
                    __kind: 'TransferFeeConfig' as const,
                    transferFeeConfigAuthority: this.mintAuthority.address,
                    withdrawWithheldAuthority: this.mintAuthority.address,
                    withheldAmount: 0n,
                    olderTransferFee: fee,
                    newerTransferFee: fee,
                  },
                ]
              : [],
          ),
        });
    this.svm.setAccount({
      address: mint,
      programAddress: programOfSeeded(token),
      executable: false,
      lamports: lamports(this.svm.minimumBalanceForRentExemption(BigInt(data.length))),
      space: BigInt(data.length),
      data: new Uint8Array(data),
    });
  }

  // ------------------------------------------------------------------------------------------ chain state

  slot(): bigint {
    return this.svm.getClock().slot;
  }

  /** The sandbox has one block per slot, so block height = slot. */
  blockHeight(): bigint {
    return this.slot();
  }

  latestBlockhash(): { blockhash: Blockhash; lastValidBlockHeight: bigint } {
    return {
      blockhash: this.svm.latestBlockhash(),
      lastValidBlockHeight: this.blockHeight() + BLOCKHASH_VALIDITY_BLOCKS,
    };
  }

  account(owner: Address): MaybeEncodedAccount {
    return this.svm.getAccount(owner);
  }

  /** Lamports held by `owner` (0 for a missing account). */
  balance(owner: Address): bigint {
    return this.svm.getBalance(owner) ?? 0n;
  }

  rentExemptMinimum(dataLength: bigint): bigint {
    return this.svm.minimumBalanceForRentExemption(dataLength);
  }

  /** Credits `amount` lamports to `owner` (creating a system account if it has none). */
  airdrop(owner: Address, amount: bigint): void {
    if (amount < 0n) throw new RangeError('airdrop amount must not be negative');
    const current = this.svm.getAccount(owner);
    this.svm.setAccount(
      current.exists
        ? { ...current, lamports: lamports(current.lamports + amount) }
        : {
            address: owner,
            programAddress: SYSTEM_PROGRAM_ADDRESS,
            executable: false,
            lamports: lamports(amount),
            space: 0n,
            data: new Uint8Array(),
          },
    );
    this.#changed();
  }

  /** The mint at `mint` under either token program; undefined when there is none. */
  mint(mint: Address): DecodedMint | undefined {
    return decodeMint(this.svm.getAccount(mint));
  }

  /** The current epoch (Token-2022 transfer fees are scheduled by epoch). */
  epoch(): bigint {
    return this.svm.getClock().epoch;
  }

  /** What getEpochInfo reports: the clock's epoch and slot, the schedule's epoch length (one block per slot). */
  epochInfo(): { epoch: bigint; slotIndex: bigint; slotsInEpoch: bigint; absoluteSlot: bigint } {
    const { epoch, slot } = this.svm.getClock();
    const { slotsPerEpoch } = this.svm.getEpochSchedule();
    return { epoch, slotIndex: slot % slotsPerEpoch, slotsInEpoch: slotsPerEpoch, absoluteSlot: slot };
  }

  /** Associated token account of `owner` for `mint`, under the token program that owns the mint. */
  async tokenAccount(owner: Address, mint: Address = SOLANA_USDC_MINT): Promise<Address> {
    // Derived once per (owner, mint): the derivation hashes until it finds an off-curve point, and every balance
    // read (getTokenAccountsByOwner answers from the ATAs of all seeded mints) would otherwise repeat it.
    const key = `${owner}/${mint}`;
    const known = this.#tokenAccounts.get(key);
    if (known) return known;
    const tokenProgram = this.mint(mint)?.program ?? TOKEN_PROGRAM_ADDRESS;
    const [ata] = await findAssociatedTokenPda({ owner, mint, tokenProgram });
    if (this.#tokenAccounts.size >= TOKEN_ACCOUNT_CACHE) this.#tokenAccounts.clear();
    this.#tokenAccounts.set(key, ata);
    return ata;
  }

  /** Atomic token balance of `owner`'s associated token account for `mint` (0 when it does not exist). */
  async tokenBalance(owner: Address, mint: Address = SOLANA_USDC_MINT): Promise<bigint> {
    return this.tokenAccountState(await this.tokenAccount(owner, mint))?.amount ?? 0n;
  }

  /** The token account at `account` (either token program, with its Token-2022 extensions); undefined if none. */
  tokenAccountState(account: Address) {
    return decodeTokenAccount(this.svm.getAccount(account));
  }

  /**
   * A mint's on-chain state and every token account of it (read from LiteSVM's SPL Token program accounts), for
   * scoring its risk; undefined when `mint` is no SPL mint on the ledger.
   */
  mintState(mint: Address): SandboxMintState | undefined {
    const decoded = this.mint(mint);
    if (!decoded?.isInitialized) return undefined;
    const holders = this.svm.getProgramAccounts(decoded.program).flatMap((candidate) => {
      const token = decodeTokenAccount(candidate);
      return token && token.mint === mint && token.amount > 0n
        ? [{ owner: token.owner, tokenAccount: candidate.address, amount: token.amount }]
        : [];
    });
    return {
      mint,
      supply: decoded.supply,
      decimals: decoded.decimals,
      mintAuthority: decoded.mintAuthority,
      freezeAuthority: decoded.freezeAuthority,
      holders,
    };
  }

  /**
   * Writes a data account owned by `program` (sandbox control, as the mint accounts are written): the sandbox's
   * emulated programs (launchpads.ts) keep their state in such accounts so a reset or a persisted ledger carries it.
   */
  writeAccount(account: Address, program: Address, data: Uint8Array): void {
    this.svm.setAccount({
      address: account,
      programAddress: program,
      executable: false,
      lamports: lamports(this.svm.minimumBalanceForRentExemption(BigInt(data.length))),
      space: BigInt(data.length),
      data,
    });
    this.#changed();
  }

  /** Every account owned by `program`, with its data. */
  programAccounts(program: Address): readonly { readonly address: Address; readonly data: ReadonlyUint8Array }[] {
    return this.svm.getProgramAccounts(program).map((account) => ({ address: account.address, data: account.data }));
  }

  /** Mints `atomic` USDC units to `owner` (see {@link mintToken}). */
  mintUsdc(owner: Address, atomic: bigint): Promise<Signature> {
    return this.mintToken(owner, SOLANA_USDC_MINT, atomic);
  }

  /**
   * Credits `atomic` units of a seeded token to `owner`'s associated token account, creating it first when missing
   * (`atomic` 0n only creates the account): a MintToChecked signed by the sandbox mint authority, or for WSOL (whose
   * native mint has no authority) a wrap: lamports moved into the account, then SyncNative. Resolves with the
   * transaction signature once it has landed.
   */
  async mintToken(owner: Address, mint: Address, atomic: bigint): Promise<Signature> {
    if (atomic < 0n) throw new RangeError('mint amount must not be negative');
    const seeded = SANDBOX_SOLANA_TOKENS.find((token) => token.mint === mint);
    if (!seeded) throw new RangeError(`${mint} is not a seeded sandbox token`);
    const authority = this.mintAuthority;
    const token = await this.tokenAccount(owner, mint);
    const tokenProgram = programOfSeeded(seeded);
    const instructions: Instruction[] = [
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: authority, owner, mint, tokenProgram }),
    ];
    if (atomic > 0n && mint === SOLANA_WSOL_MINT) {
      instructions.push(
        getTransferSolInstruction({ source: authority, destination: token, amount: atomic }),
        getSyncNativeInstruction({ account: token }),
      );
    } else if (atomic > 0n) {
      instructions.push(
        // MintToChecked has the same layout under both token programs.
        getMintToCheckedInstruction(
          { mint, token, mintAuthority: authority, amount: atomic, decimals: seeded.decimals },
          { programAddress: tokenProgram },
        ),
      );
    }
    const wrapped = mint === SOLANA_WSOL_MINT ? atomic : 0n;
    if (this.balance(authority.address) < LAMPORTS_PER_SOL + wrapped)
      this.airdrop(authority.address, 10n * LAMPORTS_PER_SOL + wrapped);
    const result = await this.#sendAsAuthority(instructions);
    if (!result.landed || result.err)
      throw new Error(
        `${seeded.symbol} mint to ${owner} failed: ${JSON.stringify(result.err)} ${result.logs.join(' | ')}`,
      );
    return result.signature;
  }

  /** Signs `instructions` (plus a random memo) with the mint authority as fee payer and submits them. */
  async #sendAsAuthority(instructions: readonly Instruction[]): Promise<SubmitResult> {
    // Random memo: the blockhash never changes, so two equal transactions would otherwise be the same transaction.
    const memo: Instruction = {
      programAddress: MEMO_PROGRAM_ADDRESS,
      data: new TextEncoder().encode(randomBytes(8).toString('hex')),
    };
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(this.mintAuthority, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(this.latestBlockhash(), m),
      (m) => appendTransactionMessageInstructions([...instructions, memo], m),
    );
    return this.submit(await signTransactionMessageWithSigners(message));
  }

  /**
   * Sets the balance of `owner` in `asset` ('SOL' for lamports, else a seeded mint) to exactly `atomic`, writing the
   * account directly (the mint's supply follows). Sandbox control only: the swap venue's price control re-balances
   * its reserves with it. The token account must exist; a WSOL account keeps its lamports in step with its amount.
   */
  async setBalance(owner: Address, asset: Address | 'SOL', atomic: bigint): Promise<void> {
    if (atomic < 0n) throw new RangeError('balance must not be negative');
    if (asset === 'SOL') {
      const current = this.svm.getAccount(owner);
      if (!current.exists) return this.airdrop(owner, atomic);
      this.svm.setAccount({ ...current, lamports: lamports(atomic) });
      return this.#changed();
    }
    const accountAddress = await this.tokenAccount(owner, asset);
    const account = this.svm.getAccount(accountAddress);
    const token = decodeTokenAccount(account);
    if (!account.exists || !token) throw new RangeError(`${owner} has no ${asset} token account`);
    const delta = atomic - token.amount;
    const data = withTokenAmount(account, atomic);
    const accountLamports = token.isNative ? lamports(account.lamports + delta) : account.lamports;
    this.svm.setAccount({ ...account, data, lamports: accountLamports });
    // The native mint's supply stays 0 on a cluster too (wrapping does not mint).
    const mintAccount = this.svm.getAccount(asset);
    const mint = decodeMint(mintAccount);
    if (asset !== SOLANA_WSOL_MINT && mintAccount.exists && mint)
      this.svm.setAccount({ ...mintAccount, data: withMintSupply(mintAccount, mint.supply + delta) });
    this.#changed();
  }

  // ------------------------------------------------------------------------------------------ transactions

  /**
   * Executes `transaction` without committing it. `sigVerify: false` (the RPC default) accepts missing or invalid
   * signatures, e.g. an x402 payment still waiting for its fee payer's signature; `replaceRecentBlockhash` ignores
   * the blockhash.
   */
  simulate(
    transaction: Transaction,
    options: { sigVerify?: boolean; replaceRecentBlockhash?: boolean } = {},
  ): SimulationResult {
    const sigVerify = options.sigVerify ?? false;
    if (!sigVerify) this.svm.withSigverify(false);
    if (options.replaceRecentBlockhash) this.svm.withBlockhashCheck(false);
    try {
      const outcome = this.svm.simulateTransaction(transaction);
      if (outcome instanceof FailedTransactionMetadata)
        return simulationOf(outcome.meta(), rpcTransactionError(outcome.err()));
      return simulationOf(outcome.meta(), null);
    } catch (error) {
      // LiteSVM's wrapper refuses a transaction with missing signatures when verifying them.
      if (!isSolanaError(error, SOLANA_ERROR__TRANSACTION__SIGNATURES_MISSING)) throw error;
      return {
        err: 'SignatureFailure',
        logs: [error.message],
        unitsConsumed: 0n,
        returnData: null,
        innerInstructions: [],
      };
    } finally {
      this.svm.withSigverify(true);
      this.svm.withBlockhashCheck(true);
    }
  }

  /**
   * Executes and commits `transaction`. It lands when it gets past signature, blockhash and fee checks (then its
   * fee is charged even if an instruction fails, as on a cluster); otherwise nothing changes. A transaction that
   * already landed is refused with AlreadyProcessed.
   */
  submit(transaction: Transaction): SubmitResult {
    let signature: Signature | null;
    try {
      signature = getSignatureFromTransaction(transaction);
    } catch {
      signature = null;
    }
    const accountKeys = compiledMessageDecoder.decode(transaction.messageBytes).staticAccounts;
    const before = this.#balancesOf(accountKeys);
    let outcome: TransactionMetadata | FailedTransactionMetadata;
    try {
      outcome = this.svm.sendTransaction(transaction);
    } catch (error) {
      if (!isSolanaError(error, SOLANA_ERROR__TRANSACTION__SIGNATURES_MISSING)) throw error;
      return { landed: false, signature, err: 'SignatureFailure', logs: [error.message] };
    }
    const landed = (landedSignature: Signature, err: RpcTransactionError | null, logs: readonly string[]) =>
      this.#landed({ transaction, signature: landedSignature, accountKeys, before, err, logs });
    if (!(outcome instanceof FailedTransactionMetadata))
      return landed(signature ?? (base58.decode(outcome.signature()) as Signature), null, outcome.logs());
    const code = fieldlessCode(outcome.err());
    const err = rpcTransactionError(outcome.err());
    const logs = outcome.meta().logs();
    // A failure before execution leaves no trace in LiteSVM's history; AlreadyProcessed finds the earlier one.
    if (!signature || code === ALREADY_PROCESSED || code === SIGNATURE_FAILURE || !this.svm.getTransaction(signature)) {
      return { landed: false, signature, err, logs };
    }
    return landed(signature, err, logs);
  }

  /** Lamports and SPL token balances of `keys`, in their order (what pre/post balances report). */
  #balancesOf(keys: readonly Address[]): { lamports: bigint[]; tokens: LedgerTokenBalance[] } {
    const tokens: LedgerTokenBalance[] = [];
    const lamportsOf = keys.map((key, accountIndex) => {
      const account = this.svm.getAccount(key);
      if (!account.exists) return 0n;
      const token = decodeTokenAccount(account);
      if (token) {
        const decimals = this.mint(token.mint)?.decimals ?? 0;
        tokens.push({
          accountIndex,
          programId: token.program,
          mint: token.mint,
          owner: token.owner,
          amount: token.amount,
          decimals,
        });
      }
      return account.lamports;
    });
    return { lamports: lamportsOf, tokens };
  }

  #landed(landed: {
    transaction: Transaction;
    signature: Signature;
    accountKeys: readonly Address[];
    before: { lamports: bigint[]; tokens: LedgerTokenBalance[] };
    err: RpcTransactionError | null;
    logs: readonly string[];
  }): SubmitResult {
    const { signature, accountKeys, before, err, logs } = landed;
    const slot = this.slot();
    const after = this.#balancesOf(accountKeys);
    const signatures = Object.entries(landed.transaction.signatures).flatMap(([, bytes]) =>
      bytes ? [base58.decode(bytes) as Signature] : [],
    );
    this.#history.set(signature, {
      signature,
      signatures,
      slot,
      blockTime: Math.floor(Date.now() / 1000),
      accountKeys,
      err,
      fee: LAMPORTS_PER_SIGNATURE * BigInt(Object.keys(landed.transaction.signatures).length),
      logs,
      preBalances: before.lamports,
      postBalances: after.lamports,
      preTokenBalances: before.tokens,
      postTokenBalances: after.tokens,
    });
    for (const key of new Set(accountKeys)) {
      const list = this.#signaturesByAccount.get(key) ?? [];
      list.push(signature);
      this.#signaturesByAccount.set(key, list);
    }
    if (this.#history.size > MAX_TRACKED_SIGNATURES) this.#forgetOldest();
    this.svm.warpToSlot(slot + 1n);
    this.#changed();
    return { landed: true, signature, err, logs };
  }

  #forgetOldest(): void {
    const [oldest] = this.#history.values();
    if (!oldest) return;
    this.#history.delete(oldest.signature);
    for (const key of new Set(oldest.accountKeys)) {
      const list = this.#signaturesByAccount.get(key);
      if (list?.[0] === oldest.signature) list.shift();
      if (list?.length === 0) this.#signaturesByAccount.delete(key);
    }
  }

  /** A landed transaction this process saw (history is in memory: kept for the last MAX_TRACKED_SIGNATURES, not persisted). */
  landedTransaction(signature: string): LandedTransaction | undefined {
    return this.#history.get(signature);
  }

  /**
   * The landed transactions after `slot`, oldest first (at most the last MAX_TRACKED_SIGNATURES): what an indexer
   * following the ledger reads. Each landed transaction has a slot of its own, so a slot is a cursor.
   */
  landedAfter(slot: bigint): readonly LandedTransaction[] {
    const newer: LandedTransaction[] = [];
    for (const landed of [...this.#history.values()].reverse()) {
      if (landed.slot <= slot) break;
      newer.push(landed);
    }
    return newer.reverse();
  }

  /** Signatures of the landed transactions that name `account`, newest first. */
  signaturesFor(account: Address): readonly Signature[] {
    return [...(this.#signaturesByAccount.get(account) ?? [])].reverse();
  }

  /** Status of a landed transaction, or null if the ledger does not know it. */
  signatureStatus(signature: string): SignatureStatus | null {
    let outcome: TransactionMetadata | FailedTransactionMetadata | null;
    try {
      outcome = this.svm.getTransaction(signature as Signature);
    } catch {
      return null; // not a signature
    }
    if (!outcome) return null;
    const err = outcome instanceof FailedTransactionMetadata ? rpcTransactionError(outcome.err()) : null;
    return { slot: this.#history.get(signature)?.slot ?? this.slot(), err };
  }

  // ------------------------------------------------------------------------------------------ sandbox reset

  /** The whole ledger as it is now (accounts, programs, signature history), for {@link restore}. */
  snapshot(): SolanaLedgerSnapshot {
    return {
      svm: this.svm.toBytes(),
      history: [...this.#history],
      signaturesByAccount: [...this.#signaturesByAccount].map(([key, signatures]) => [key, [...signatures]]),
    };
  }

  /** Puts the ledger back as it was at `snapshot` (sandbox reset); the snapshot stays usable for the next one. */
  restore(snapshot: SolanaLedgerSnapshot): void {
    this.svm = LiteSVM.fromBytes(snapshot.svm);
    this.#history.clear();
    for (const [signature, landed] of snapshot.history) this.#history.set(signature, landed);
    this.#signaturesByAccount.clear();
    for (const [key, signatures] of snapshot.signaturesByAccount) this.#signaturesByAccount.set(key, [...signatures]);
    this.#changed();
  }

  // ------------------------------------------------------------------------------------------ persistence

  #changed(): void {
    if (!this.stateFile || this.#closed || this.#saveTimer) return;
    this.#saveTimer = setTimeout(() => {
      this.#saveTimer = undefined;
      this.save();
    }, SAVE_DEBOUNCE_MS);
    this.#saveTimer.unref();
  }

  /** Writes the ledger to its state file now (atomically: temp file, then rename). No-op without a state file. */
  save(): void {
    if (!this.stateFile) return;
    mkdirSync(path.dirname(this.stateFile), { recursive: true });
    const temporary = `${this.stateFile}.${process.pid}.tmp`;
    this.svm.saveToFile(temporary);
    renameSync(temporary, this.stateFile);
  }

  /** Saves a last time (with a state file) and stops background saving. Idempotent. */
  close(): void {
    if (this.#closed) return;
    this.#closed = true;
    clearTimeout(this.#saveTimer);
    this.#saveTimer = undefined;
    this.save();
  }
}

/** The token program a seeded mint lives under. */
function programOfSeeded(token: SandboxSolanaToken): TokenProgramAddress {
  return token.token2022 ? TOKEN_2022_PROGRAM_ADDRESS : TOKEN_PROGRAM_ADDRESS;
}

function sameTransferFee(a: TransferFeeSchedule | undefined, b: TransferFeeSchedule | undefined): boolean {
  return (
    a?.epoch === b?.epoch && a?.transferFeeBasisPoints === b?.transferFeeBasisPoints && a?.maximumFee === b?.maximumFee
  );
}
