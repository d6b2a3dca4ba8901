/**
 * The sandbox Solana launchpads (sandbox only): three bonding-curve venues emulated like the swap venue
 * (swap-venue.ts: LiteSVM cannot load the real programs offline, so pricing is off-chain over on-chain reserves).
 *
 * - `pump`: pump.fun's curve (curve-math.ts PUMP_CURVE), creator fees into a per-creator vault that claimCurveFees
 *   empties; graduation moves the raised SOL and the migration supply into a sandbox swap-venue pool.
 * - `pad`: Raydium LaunchLab's constant-product curve built from its solRaised, bondingCurve, poolMigration and
 *   tokenSupply parameters (curveFromTargets); graduation likewise.
 * - `svc`: the service's launchpad (modelled on Meteora's dynamic bonding curve: creator trading fees shared among
 *   recipients): creator fees collect in a per-token fee vault; a claim sweeps them into the token's fee-sharing
 *   vault and pays the caller's share. Launches without a developer buy may be paid by the sandbox sponsor.
 *
 * Every token is a real SPL mint (created, initialised, minted to its curve and its mint authority revoked in the
 * launch transaction); every trade, fee, burn, claim and migration is a real SOL or SPL transfer on the ledger,
 * signed by the venue's keys (deterministic, secret seed sha256("svc.sandbox.solana.launchpad:<label>"): public by
 * construction, never to hold anything on a real cluster) and by the user, who pays the transaction fee.
 *
 * A curve's reserves are its key's balances: real SOL = lamports above rent exemption, real tokens = the curve's
 * token account less the migration supply. Its record (metadata, creator, trade counts, fee-sharing bookkeeping)
 * is a data account owned by {@link LAUNCHPAD_PROGRAM}, written once the transaction that changes it has landed
 * ({@link SandboxLaunchpads.submit}), so a reset or a persisted ledger carries it like every other account.
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type Address,
  address,
  appendTransactionMessageInstructions,
  AccountRole,
  createKeyPairSignerFromPrivateKeyBytes,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  type Instruction,
  type KeyPairSigner,
  partiallySignTransactionMessageWithSigners,
  pipe,
  type ReadonlyUint8Array,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
  type TransactionSigner,
} from '@solana/kit';
import { getCreateAccountInstruction, getTransferSolInstruction } from '@solana-program/system';
import {
  AuthorityType,
  getBurnCheckedInstruction,
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getInitializeMint2Instruction,
  getMintToInstruction,
  getSetAuthorityInstruction,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token';
import type { SolanaLedger, SubmitResult } from '../ledger.js';
import type { SandboxSwapVenue } from '../swap-venue.js';
import {
  type CurveBuyQuote as BuyQuote,
  type CurveParams,
  type CurveReserves,
  curvePercent,
  quoteCurveBuy as quoteBuy,
  quoteCurveSell as quoteSell,
  type CurveSellQuote as SellQuote,
  spotPriceSol,
} from '@svc/chains';

export type LaunchpadKind = 'pump' | 'pad' | 'svc';

/** The owner of the launchpads' record accounts (no program is deployed there; see the module comment). */
export const LAUNCHPAD_PROGRAM: Address = address(
  getBase58Decoder().decode(createHash('sha256').update('svc.sandbox.solana.launchpad-program').digest()),
);
const MEMO_PROGRAM_ADDRESS = address('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr');
const MINT_SIZE = 82n;
/** Buyers within this many slots of the launch count as snipers. */
export const SNIPER_SLOTS = 2n;
/** Sponsored launches (no developer buy, vault cannot pay) each creator may have in the sandbox. */
export const SPONSORED_LAUNCHES_PER_CREATOR = 3;

export interface LaunchMetadata {
  readonly name: string;
  readonly symbol: string;
  readonly description?: string | null | undefined;
  readonly imageUri?: string | null | undefined;
  readonly website?: string | null | undefined;
  readonly twitter?: string | null | undefined;
  readonly telegram?: string | null | undefined;
}

/** One fee-sharing recipient of an svc launch: its share in basis points (the shares sum to 10,000). */
export interface FeeShare {
  readonly address: string;
  readonly bps: number;
}

/** A launchpad token as its record and the ledger describe it. */
export interface LaunchpadToken {
  readonly kind: LaunchpadKind;
  readonly mint: Address;
  readonly metadata: LaunchMetadata;
  readonly creator: Address;
  /** Unix seconds when its launch landed. */
  readonly createdAt: number;
  readonly createdSlot: bigint;
  readonly params: CurveParams;
  readonly feeSharing: readonly FeeShare[] | null;
  readonly sponsored: boolean;
  readonly buyCount: number;
  readonly sellCount: number;
  /** SOL that went through the curve, both directions (lamports, fees excluded). */
  readonly volumeLamports: bigint;
  /** Wallets that bought within {@link SNIPER_SLOTS} of the launch. */
  readonly snipers: readonly string[];
  /** Unix seconds of its last trade on the curve (its launch before any). */
  readonly lastTradeAt: number;
  /** Unix seconds when it graduated; null while on its curve. */
  readonly graduatedAt: number | null;
  /** Its swap-venue pool once graduated. */
  readonly pool: Address | null;
  readonly reserves: CurveReserves;
  readonly curvePercent: number;
  /** SOL per whole token: the curve's spot price (before graduation). */
  readonly priceSol: number;
  /** Current supply (burns reduce it). */
  readonly supply: bigint;
  /** Holders other than the curve and its pool. */
  readonly holders: readonly { readonly owner: Address; readonly amount: bigint }[];
}

/** Why the launchpads refuse a request. */
export class LaunchpadError extends Error {
  constructor(
    readonly reason:
      | 'unknown_token'
      | 'graduated'
      | 'insufficient_liquidity'
      | 'insufficient_balance'
      | 'slippage'
      | 'not_creator'
      | 'nothing_to_claim'
      | 'wrong_launchpad'
      | 'conflict',
    message: string,
  ) {
    super(message);
  }
}

/** What the record account stores (bigints as decimal strings). */
interface StoredCurve {
  kind: LaunchpadKind;
  mint: string;
  metadata: LaunchMetadata;
  creator: string;
  createdAt: number;
  createdSlot: string;
  params: Record<keyof CurveParams, string>;
  feeSharing: FeeShare[] | null;
  sponsored: boolean;
  buyCount: number;
  sellCount: number;
  volumeLamports: string;
  snipers: string[];
  lastTradeAt: number;
  graduatedAt: number | null;
  pool: string | null;
  /** svc: lamports swept into the fee-sharing vault so far, and what each recipient has claimed of them. */
  swept: string;
  claimed: Record<string, string>;
}

const encodeParams = (params: CurveParams) =>
  Object.fromEntries(Object.entries(params).map(([key, value]) => [key, String(value)])) as StoredCurve['params'];
const decodeParams = (stored: StoredCurve['params']): CurveParams => ({
  decimals: Number(stored.decimals),
  totalSupply: BigInt(stored.totalSupply),
  curveSupply: BigInt(stored.curveSupply),
  migrationSupply: BigInt(stored.migrationSupply),
  virtualSol0: BigInt(stored.virtualSol0),
  virtualToken0: BigInt(stored.virtualToken0),
  protocolFeeBps: BigInt(stored.protocolFeeBps),
  creatorFeeBps: BigInt(stored.creatorFeeBps),
});

const decodeRecord = (data: ReadonlyUint8Array): StoredCurve =>
  JSON.parse(new TextDecoder().decode(new Uint8Array(data))) as StoredCurve;

const keyOf = (label: string): Promise<KeyPairSigner> =>
  createKeyPairSignerFromPrivateKeyBytes(
    new Uint8Array(createHash('sha256').update(`svc.sandbox.solana.launchpad:${label}`).digest()),
  );
const recordAddress = (mint: Address): Address =>
  address(
    getBase58Decoder().decode(createHash('sha256').update(`svc.sandbox.solana.launchpad-record:${mint}`).digest()),
  );

/** A transaction's identity before its fee payer signed it: the hash of its message (signing does not change it). */
const messageKey = (transaction: Transaction): string =>
  createHash('sha256').update(new Uint8Array(transaction.messageBytes)).digest('base64');

export interface LaunchRequest {
  readonly kind: LaunchpadKind;
  readonly creator: Address;
  readonly metadata: LaunchMetadata;
  readonly params: CurveParams;
  /** SOL the creator spends on the first buy, in the launch transaction (0n: none). */
  readonly devBuyLamports: bigint;
  /** The least tokens the developer buy may fill (slippage bound). */
  readonly minDevTokens?: bigint | undefined;
  /** svc only: the fee-sharing recipients (null: the creator takes everything). */
  readonly feeSharing?: readonly FeeShare[] | null | undefined;
  /** The sandbox sponsor pays the launch's rent and fee (svc launches without a developer buy). */
  readonly sponsored?: boolean | undefined;
  /** Makes the mint address deterministic (the simulated crowd's launches); random otherwise. */
  readonly mintSeed?: string | undefined;
  /** Unix seconds to record as the launch time (the crowd back-dates its seeded launches); now by default. */
  readonly createdAt?: number | undefined;
}

/**
 * How long a built transaction holds its curve (or creator vault) exclusively while its wallet signs and sends it.
 * One never sent frees it after this; sent later, {@link SandboxLaunchpads.submit} refuses it if the state moved.
 */
const HOLD_MS = 15_000;
/** Past this many pending record changes, those that can no longer land (built on moved state) are dropped. */
const PENDING_BOUND = 1_000;

/** What a built transaction holds: its curve's (or vault's) lock, and the state version it was built on. */
interface Hold {
  readonly key: string;
  readonly version: number;
  readonly release: () => void;
}

export class SandboxLaunchpads {
  /** Record changes waiting for their transaction to land, by message (see messageKey), with what they hold. */
  readonly #pending = new Map<string, { effect: () => Promise<void>; hold: Hold }>();
  /**
   * Per curve (`curve:<mint>`) or pump creator vault (`creator-vault:<creator>`): the tail of its lock queue, and how
   * many transactions built on it have landed. Amounts are computed when a transaction is built, so two built on
   * the same state would both pay (a fee claim twice, two buys at the pre-trade reserves): building waits for the
   * lock, and submit refuses a transaction whose state moved since it was built (its lock had expired).
   */
  readonly #locks = new Map<string, Promise<void>>();
  readonly #versions = new Map<string, number>();

  private constructor(
    private readonly ledger: SolanaLedger,
    private readonly venue: SandboxSwapVenue,
    /** Receives the protocol fees of every launchpad. */
    readonly feeRecipient: KeyPairSigner,
    /** Pays sponsored launches. */
    readonly sponsor: KeyPairSigner,
  ) {}

  /** Opens the launchpads on `ledger`, listing every graduated token on the venue again (a persisted ledger). */
  static async open(ledger: SolanaLedger, venue: SandboxSwapVenue): Promise<SandboxLaunchpads> {
    const launchpads = new SandboxLaunchpads(ledger, venue, await keyOf('fee-recipient'), await keyOf('sponsor'));
    await launchpads.relist();
    return launchpads;
  }

  /** Lists the graduated tokens on the venue (after open, and after the ledger was restored). */
  async relist(): Promise<void> {
    this.venue.forgetListings();
    for (const stored of this.#records()) if (stored.graduatedAt !== null) await this.#list(stored);
  }

  #records(): StoredCurve[] {
    return this.ledger.programAccounts(LAUNCHPAD_PROGRAM).map((account) => decodeRecord(account.data));
  }

  #record(mint: Address): StoredCurve | undefined {
    const account = this.ledger.account(recordAddress(mint));
    if (!account.exists || account.programAddress !== LAUNCHPAD_PROGRAM) return undefined;
    return decodeRecord(account.data);
  }

  #write(stored: StoredCurve): void {
    this.ledger.writeAccount(
      recordAddress(address(stored.mint)),
      LAUNCHPAD_PROGRAM,
      new TextEncoder().encode(JSON.stringify(stored)),
    );
  }

  async #update(mint: Address, change: (stored: StoredCurve) => void): Promise<void> {
    const stored = this.#record(mint);
    if (!stored) return;
    change(stored);
    this.#write(stored);
  }

  async #list(stored: StoredCurve): Promise<void> {
    await this.venue.listToken({
      symbol: stored.metadata.symbol,
      name: stored.metadata.name,
      mint: address(stored.mint),
      decimals: Number(stored.params.decimals),
      priceUsd: 0,
      category: 'crypto',
    });
  }

  // ------------------------------------------------------------------------------------------ keys

  #curveKey = (mint: Address) => keyOf(`curve:${mint}`);
  /** pump: where a creator's fees collect until claimCurveFees. */
  #creatorVault = (creator: string) => keyOf(`creator-vault:${creator}`);
  /** svc: a token's creator fees before a claim sweeps them. */
  #feeVault = (mint: string) => keyOf(`fee-vault:${mint}`);
  /** svc: a token's swept fees, from which each recipient claims its share. */
  #sharingVault = (mint: string) => keyOf(`sharing-vault:${mint}`);

  /** Keeps `owner` rent-exempt so small transfers into it land. */
  #ensureRent(owner: Address): void {
    const rent = this.ledger.rentExemptMinimum(0n);
    if (this.ledger.balance(owner) < rent) this.ledger.airdrop(owner, rent - this.ledger.balance(owner));
  }

  #above(owner: Address): bigint {
    const above = this.ledger.balance(owner) - this.ledger.rentExemptMinimum(0n);
    return above > 0n ? above : 0n;
  }

  #creatorFeeDestination(stored: StoredCurve): Promise<KeyPairSigner> {
    return stored.kind === 'svc' ? this.#feeVault(stored.mint) : this.#creatorVault(stored.creator);
  }

  // ------------------------------------------------------------------------------------------ reads

  async #reserves(stored: StoredCurve): Promise<CurveReserves> {
    const curve = (await this.#curveKey(address(stored.mint))).address;
    if (stored.graduatedAt !== null) return { realSol: 0n, realToken: 0n };
    const held = await this.ledger.tokenBalance(curve, address(stored.mint));
    const realToken = held - BigInt(stored.params.migrationSupply);
    return { realSol: this.#above(curve), realToken: realToken > 0n ? realToken : 0n };
  }

  async #view(stored: StoredCurve): Promise<LaunchpadToken> {
    const mint = address(stored.mint);
    const params = decodeParams(stored.params);
    const reserves = await this.#reserves(stored);
    const curve = (await this.#curveKey(mint)).address;
    const state = this.ledger.mintState(mint);
    return {
      kind: stored.kind,
      mint,
      metadata: stored.metadata,
      creator: address(stored.creator),
      createdAt: stored.createdAt,
      createdSlot: BigInt(stored.createdSlot),
      params,
      feeSharing: stored.feeSharing,
      sponsored: stored.sponsored,
      buyCount: stored.buyCount,
      sellCount: stored.sellCount,
      volumeLamports: BigInt(stored.volumeLamports),
      snipers: stored.snipers,
      lastTradeAt: stored.lastTradeAt,
      graduatedAt: stored.graduatedAt,
      pool: stored.pool === null ? null : address(stored.pool),
      reserves,
      curvePercent: stored.graduatedAt === null ? curvePercent(params, reserves) : 100,
      priceSol: spotPriceSol(params, reserves),
      supply: state?.supply ?? 0n,
      holders: (state?.holders ?? [])
        .filter((holder) => holder.owner !== curve && holder.owner !== stored.pool)
        .map(({ owner, amount }) => ({ owner, amount })),
    };
  }

  /** Every launchpad token (of `kind`), newest first. */
  async tokens(kind?: LaunchpadKind): Promise<LaunchpadToken[]> {
    const records = this.#records().filter((stored) => kind === undefined || stored.kind === kind);
    const views = await Promise.all(records.map((stored) => this.#view(stored)));
    return views.sort((a, b) => b.createdAt - a.createdAt || Number(b.createdSlot - a.createdSlot));
  }

  async token(mint: Address): Promise<LaunchpadToken | undefined> {
    const stored = this.#record(mint);
    return stored ? this.#view(stored) : undefined;
  }

  #require(mint: Address, kind?: LaunchpadKind): StoredCurve {
    const stored = this.#record(mint);
    if (!stored) throw new LaunchpadError('unknown_token', `${mint} is not a sandbox launchpad token`);
    if (kind && stored.kind !== kind)
      throw new LaunchpadError('wrong_launchpad', `${mint} was launched on the ${stored.kind} launchpad, not ${kind}`);
    return stored;
  }

  /** Lamports a launch costs its payer before any developer buy: the mint's and two token accounts' rent, fees. */
  launchCostLamports(): bigint {
    const tokenAccountRent = this.ledger.rentExemptMinimum(165n);
    return this.ledger.rentExemptMinimum(MINT_SIZE) + 2n * tokenAccountRent + 3n * 5_000n;
  }

  /** Sponsored launches `creator` has left. */
  sponsorQuotaLeft(creator: Address): number {
    const used = this.#records().filter((stored) => stored.sponsored && stored.creator === creator).length;
    return Math.max(0, SPONSORED_LAUNCHES_PER_CREATOR - used);
  }

  /** A buy of `lamports` on the curve of `mint` (refused once it graduated). */
  async quoteBuy(mint: Address, lamports: bigint, kind?: LaunchpadKind): Promise<BuyQuote> {
    const stored = this.#onCurve(mint, kind);
    const quote = quoteBuy(decodeParams(stored.params), await this.#reserves(stored), lamports);
    if (quote.tokensOut <= 0n)
      throw new LaunchpadError('insufficient_liquidity', 'the amount is too small to buy anything');
    return quote;
  }

  /** A sale of `tokens` (atomic) into the curve of `mint`. */
  async quoteSell(mint: Address, tokens: bigint, kind?: LaunchpadKind): Promise<SellQuote> {
    const stored = this.#onCurve(mint, kind);
    const quote = quoteSell(decodeParams(stored.params), await this.#reserves(stored), tokens);
    if (!quote || quote.lamportsOut <= 0n)
      throw new LaunchpadError('insufficient_liquidity', "the curve's SOL cannot pay for that many tokens");
    return quote;
  }

  #onCurve(mint: Address, kind?: LaunchpadKind): StoredCurve {
    const stored = this.#require(mint, kind);
    if (stored.graduatedAt !== null)
      throw new LaunchpadError('graduated', `${mint} graduated from its curve; it trades on the swap venue now`);
    return stored;
  }

  // ------------------------------------------------------------------------------------------ transactions

  /**
   * Executes `transaction` on the ledger; once it landed without error, the record change it carries is written.
   * The caller (the user's wallet) has signed it; the venue's keys signed it when it was built.
   */
  async submit(transaction: Transaction): Promise<SubmitResult> {
    const key = messageKey(transaction);
    const pending = this.#pending.get(key);
    this.#pending.delete(key);
    if (pending && this.#stale(pending.hold)) {
      pending.hold.release();
      throw new LaunchpadError(
        'conflict',
        'the curve changed after this transaction was built (another transaction on it landed first); nothing was sent, build it again',
      );
    }
    const result = this.ledger.submit(transaction);
    if (!pending) return result;
    try {
      if (result.landed && result.err === null) {
        // Bumped before any await: a transaction built on the old state is stale from here on.
        this.#versions.set(pending.hold.key, pending.hold.version + 1);
        await pending.effect();
      }
    } finally {
      pending.hold.release();
    }
    return result;
  }

  #stale(hold: Hold): boolean {
    return (this.#versions.get(hold.key) ?? 0) !== hold.version;
  }

  /**
   * Waits for `key`'s lock and runs `build` holding it; the transaction `build` makes keeps it until submitted (or
   * {@link HOLD_MS} passed). A refusal while building frees it.
   */
  async #exclusive<T>(key: string, build: (hold: Hold) => Promise<T>): Promise<T> {
    const previous = this.#locks.get(key) ?? Promise.resolve();
    let free!: () => void;
    const held = new Promise<void>((resolve) => (free = resolve));
    const tail = previous.then(() => held);
    this.#locks.set(key, tail);
    await previous;
    let timer: ReturnType<typeof setTimeout> | undefined = undefined;
    const release = () => {
      clearTimeout(timer);
      free();
      if (this.#locks.get(key) === tail) this.#locks.delete(key);
    };
    timer = setTimeout(release, HOLD_MS);
    timer.unref();
    try {
      return await build({ key, version: this.#versions.get(key) ?? 0, release });
    } catch (error) {
      release();
      throw error;
    }
  }

  /**
   * The transaction of `instructions`, signed by the venue's keys; `pending` (the lock it holds and `effect`, its
   * record change) is kept until it is submitted.
   */
  async #build(
    payer: TransactionSigner,
    signers: readonly Address[],
    instructions: readonly Instruction[],
    pending?: { hold: Hold; effect: () => Promise<void> },
  ): Promise<Transaction> {
    // The memo names the wallets whose consent the transaction carries (and is random: the sandbox blockhash never
    // changes, so two equal transactions would otherwise be one).
    const memo: Instruction = {
      programAddress: MEMO_PROGRAM_ADDRESS,
      accounts: signers.map((signer) => ({ address: signer, role: AccountRole.READONLY_SIGNER })),
      data: new TextEncoder().encode(randomBytes(8).toString('hex')),
    };
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(payer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(this.ledger.latestBlockhash(), m),
      (m) => appendTransactionMessageInstructions([...instructions, memo], m),
    );
    const transaction = await partiallySignTransactionMessageWithSigners(message);
    if (this.#pending.size >= PENDING_BOUND)
      // Only entries submit would refuse anyway go: one that can still land keeps its record change.
      for (const [key, entry] of this.#pending)
        if (this.#stale(entry.hold)) {
          this.#pending.delete(key);
          entry.hold.release();
        }
    if (pending) this.#pending.set(messageKey(transaction), pending);
    return transaction;
  }

  /**
   * The launch transaction: the mint (decimals and supply of `params`) created and minted to its curve, its mint
   * authority revoked, the creator's share (what the curve and the migration leave) minted to the creator, and the
   * developer buy. Payer: the creator, or the sandbox sponsor for a sponsored launch; the creator signs either way.
   */
  async launchTransaction(
    request: LaunchRequest,
  ): Promise<{ transaction: Transaction; mint: Address; devBuy?: BuyQuote }> {
    const mintSigner = request.mintSeed
      ? await keyOf(`mint:${request.mintSeed}`)
      : await createKeyPairSignerFromPrivateKeyBytes(new Uint8Array(randomBytes(32)));
    return this.#exclusive(`curve:${mintSigner.address}`, (hold) => this.#launch(request, mintSigner, hold));
  }

  async #launch(
    request: LaunchRequest,
    mintSigner: KeyPairSigner,
    hold: Hold,
  ): Promise<{ transaction: Transaction; mint: Address; devBuy?: BuyQuote }> {
    const { params, creator } = request;
    const mint = mintSigner.address;
    if (this.#record(mint)) throw new LaunchpadError('wrong_launchpad', `${mint} is launched already`);
    const curve = await this.#curveKey(mint);
    const payer: TransactionSigner = request.sponsored ? this.sponsor : createNoopSigner(creator);
    if (request.sponsored && this.ledger.balance(this.sponsor.address) < 100n * this.launchCostLamports())
      this.ledger.airdrop(this.sponsor.address, 1_000n * this.launchCostLamports());
    this.#ensureRent(curve.address);
    const curveAccount = await this.ledger.tokenAccount(curve.address, mint);
    const instructions: Instruction[] = [
      getCreateAccountInstruction({
        payer,
        newAccount: mintSigner,
        lamports: this.ledger.rentExemptMinimum(MINT_SIZE),
        space: MINT_SIZE,
        programAddress: TOKEN_PROGRAM_ADDRESS,
      }),
      getInitializeMint2Instruction({
        mint,
        decimals: params.decimals,
        mintAuthority: curve.address,
        freezeAuthority: null,
      }),
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer, owner: curve.address, mint }),
      getMintToInstruction({
        mint,
        token: curveAccount,
        mintAuthority: curve,
        amount: params.curveSupply + params.migrationSupply,
      }),
    ];
    const creatorShare = params.totalSupply - params.curveSupply - params.migrationSupply;
    if (creatorShare > 0n) {
      instructions.push(
        await getCreateAssociatedTokenIdempotentInstructionAsync({ payer, owner: creator, mint }),
        getMintToInstruction({
          mint,
          token: await this.ledger.tokenAccount(creator, mint),
          mintAuthority: curve,
          amount: creatorShare,
        }),
      );
    }
    instructions.push(
      getSetAuthorityInstruction({
        owned: mint,
        owner: curve,
        authorityType: AuthorityType.MintTokens,
        newAuthority: null,
      }),
    );
    const stored: StoredCurve = {
      kind: request.kind,
      mint,
      metadata: request.metadata,
      creator,
      createdAt: request.createdAt ?? Math.floor(Date.now() / 1000),
      createdSlot: String(this.ledger.slot()),
      params: encodeParams(params),
      feeSharing: request.feeSharing ? [...request.feeSharing] : null,
      sponsored: request.sponsored === true,
      buyCount: 0,
      sellCount: 0,
      volumeLamports: '0',
      snipers: [],
      lastTradeAt: request.createdAt ?? Math.floor(Date.now() / 1000),
      graduatedAt: null,
      pool: null,
      swept: '0',
      claimed: {},
    };
    let devBuy: BuyQuote | undefined;
    if (request.devBuyLamports > 0n) {
      devBuy = quoteBuy(params, { realSol: 0n, realToken: params.curveSupply }, request.devBuyLamports);
      if (devBuy.completes)
        throw new LaunchpadError('insufficient_liquidity', 'the developer buy would buy the whole curve; buy less');
      if (request.minDevTokens !== undefined && devBuy.tokensOut < request.minDevTokens)
        throw new LaunchpadError('slippage', 'the developer buy fills below its bound');
      instructions.push(...(await this.#buyInstructions(stored, curve, creator, devBuy)));
    }
    const transaction = await this.#build(payer, [creator, mintSigner.address], instructions, {
      hold,
      effect: async () => {
        stored.createdSlot = String(this.ledger.slot());
        if (devBuy) this.#countBuy(stored, creator, devBuy);
        this.#write(stored);
      },
    });
    // The mint keypair signed the account creation when the message was signed; it is not kept.
    return { transaction, mint, ...(devBuy ? { devBuy } : {}) };
  }

  #countBuy(stored: StoredCurve, buyer: string, quote: BuyQuote): void {
    stored.buyCount += 1;
    stored.lastTradeAt = Math.max(stored.lastTradeAt, Math.floor(Date.now() / 1000));
    stored.volumeLamports = String(BigInt(stored.volumeLamports) + quote.net);
    if (this.ledger.slot() - BigInt(stored.createdSlot) <= SNIPER_SLOTS && !stored.snipers.includes(buyer))
      stored.snipers.push(buyer);
  }

  async #buyInstructions(
    stored: StoredCurve,
    curve: KeyPairSigner,
    buyer: Address,
    quote: BuyQuote,
  ): Promise<Instruction[]> {
    const mint = address(stored.mint);
    const user = createNoopSigner(buyer);
    const creatorFees = await this.#creatorFeeDestination(stored);
    this.#ensureRent(this.feeRecipient.address);
    this.#ensureRent(creatorFees.address);
    return [
      getTransferSolInstruction({ source: user, destination: curve.address, amount: quote.net }),
      ...this.#fees(user, quote, creatorFees.address),
      await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: user, owner: buyer, mint }),
      getTransferCheckedInstruction({
        source: await this.ledger.tokenAccount(curve.address, mint),
        mint,
        destination: await this.ledger.tokenAccount(buyer, mint),
        authority: curve,
        amount: quote.tokensOut,
        decimals: Number(stored.params.decimals),
      }),
    ];
  }

  #fees(
    from: TransactionSigner,
    fees: { protocolFee: bigint; creatorFee: bigint },
    creatorFees: Address,
  ): Instruction[] {
    return [
      ...(fees.protocolFee > 0n
        ? [
            getTransferSolInstruction({
              source: from,
              destination: this.feeRecipient.address,
              amount: fees.protocolFee,
            }),
          ]
        : []),
      ...(fees.creatorFee > 0n
        ? [getTransferSolInstruction({ source: from, destination: creatorFees, amount: fees.creatorFee })]
        : []),
    ];
  }

  /**
   * A buy of `lamports` of `mint` by `buyer`, refused below `minTokens`. The buy that takes the curve's last tokens
   * also migrates it: the raised SOL and the migration supply move into the token's new swap-venue pool.
   */
  async buyTransaction(
    mint: Address,
    buyer: Address,
    lamports: bigint,
    minTokens: bigint,
    kind?: LaunchpadKind,
  ): Promise<{ transaction: Transaction; quote: BuyQuote }> {
    return this.#exclusive(`curve:${mint}`, async (hold) => {
      const quote = await this.quoteBuy(mint, lamports, kind);
      if (quote.tokensOut < minTokens)
        throw new LaunchpadError(
          'slippage',
          `the curve now gives ${quote.tokensOut} atomic units, below the minimum of ${minTokens} (slippage bound)`,
        );
      const stored = this.#require(mint);
      const curve = await this.#curveKey(mint);
      const instructions = await this.#buyInstructions(stored, curve, buyer, quote);
      let pool: Address | undefined;
      if (quote.completes) {
        pool = await this.venue.listingAddress(mint);
        const raised = (await this.#reserves(stored)).realSol + quote.net;
        this.#ensureRent(pool);
        instructions.push(
          await getCreateAssociatedTokenIdempotentInstructionAsync({ payer: curve, owner: pool, mint }),
          getTransferCheckedInstruction({
            source: await this.ledger.tokenAccount(curve.address, mint),
            mint,
            destination: await this.ledger.tokenAccount(pool, mint),
            authority: curve,
            amount: BigInt(stored.params.migrationSupply),
            decimals: Number(stored.params.decimals),
          }),
          // What the pool's token account costs the curve is left out of the migrated SOL.
          getTransferSolInstruction({
            source: curve,
            destination: pool,
            amount: raised - this.ledger.rentExemptMinimum(165n),
          }),
        );
      }
      const transaction = await this.#build(createNoopSigner(buyer), [buyer], instructions, {
        hold,
        effect: () =>
          this.#update(mint, (record) => {
            this.#countBuy(record, buyer, quote);
            if (pool) {
              record.graduatedAt = Math.floor(Date.now() / 1000);
              record.pool = pool;
            }
          }).then(async () => {
            if (pool) await this.#list(this.#require(mint));
          }),
      });
      return { transaction, quote };
    });
  }

  /** A sale of `tokens` (atomic) of `mint` by `seller`, refused below `minLamports` or above what the seller holds. */
  async sellTransaction(
    mint: Address,
    seller: Address,
    tokens: bigint,
    minLamports: bigint,
    kind?: LaunchpadKind,
  ): Promise<{ transaction: Transaction; quote: SellQuote }> {
    return this.#exclusive(`curve:${mint}`, async (hold) => {
      const quote = await this.quoteSell(mint, tokens, kind);
      const held = await this.ledger.tokenBalance(seller, mint);
      if (held < tokens)
        throw new LaunchpadError('insufficient_balance', `the wallet holds ${held} atomic units, fewer than ${tokens}`);
      if (quote.lamportsOut < minLamports)
        throw new LaunchpadError(
          'slippage',
          `the curve now pays ${quote.lamportsOut} lamports, below the minimum of ${minLamports} (slippage bound)`,
        );
      const stored = this.#require(mint);
      const curve = await this.#curveKey(mint);
      const user = createNoopSigner(seller);
      const instructions: Instruction[] = [
        getTransferCheckedInstruction({
          source: await this.ledger.tokenAccount(seller, mint),
          mint,
          destination: await this.ledger.tokenAccount(curve.address, mint),
          authority: user,
          amount: tokens,
          decimals: Number(stored.params.decimals),
        }),
        getTransferSolInstruction({ source: curve, destination: seller, amount: quote.lamportsOut }),
        ...this.#fees(curve, quote, (await this.#creatorFeeDestination(stored)).address),
      ];
      const transaction = await this.#build(user, [seller], instructions, {
        hold,
        effect: () =>
          this.#update(mint, (record) => {
            record.sellCount += 1;
            record.lastTradeAt = Math.floor(Date.now() / 1000);
            record.volumeLamports = String(BigInt(record.volumeLamports) + quote.gross);
          }),
      });
      return { transaction, quote };
    });
  }

  /** A burn of `tokens` (atomic) of `mint` by its creator (anyone else is refused), of tokens the creator holds. */
  async burnTransaction(mint: Address, owner: Address, tokens: bigint, kind?: LaunchpadKind): Promise<Transaction> {
    const stored = this.#require(mint, kind);
    if (stored.creator !== owner)
      throw new LaunchpadError('not_creator', `only the creator of ${mint} (${stored.creator}) may burn it here`);
    const held = await this.ledger.tokenBalance(owner, mint);
    if (held < tokens)
      throw new LaunchpadError('insufficient_balance', `the creator holds ${held} atomic units, fewer than ${tokens}`);
    const user = createNoopSigner(owner);
    const burn = getBurnCheckedInstruction({
      account: await this.ledger.tokenAccount(owner, mint),
      mint,
      authority: user,
      amount: tokens,
      decimals: Number(stored.params.decimals),
    });
    // A burn leaves the curve's reserves and record alone: it holds nothing.
    return this.#build(user, [owner], [burn]);
  }

  /** pump: the creator fees `creator` has collected across its tokens (lamports). */
  async creatorFeesOf(creator: Address): Promise<bigint> {
    return this.#above((await this.#creatorVault(creator)).address);
  }

  /** pump: the transaction paying `creator` every fee in its creator vault; refused when there is none. */
  async claimCreatorFeesTransaction(creator: Address): Promise<{ transaction: Transaction; lamports: bigint }> {
    return this.#exclusive(`creator-vault:${creator}`, async (hold) => {
      const vault = await this.#creatorVault(creator);
      const lamports = this.#above(vault.address);
      if (lamports <= 0n) throw new LaunchpadError('nothing_to_claim', 'no creator fees are available to claim');
      const transfer = getTransferSolInstruction({ source: vault, destination: creator, amount: lamports });
      const transaction = await this.#build(createNoopSigner(creator), [creator], [transfer], {
        hold,
        effect: async () => undefined,
      });
      return { transaction, lamports };
    });
  }

  /**
   * svc: sweeps the token's pending creator fees into its fee-sharing vault and pays `recipient` its share of all
   * swept fees not yet claimed; refused when that share is nothing (or `recipient` shares no fees of the token).
   */
  async claimSharedFeesTransaction(
    mint: Address,
    recipient: Address,
  ): Promise<{ transaction: Transaction; lamports: bigint; swept: bigint }> {
    return this.#exclusive(`curve:${mint}`, async (hold) => {
      const stored = this.#require(mint, 'svc');
      const shares = stored.feeSharing ?? [{ address: stored.creator, bps: 10_000 }];
      const share = shares.find((candidate) => candidate.address === recipient);
      if (!share)
        throw new LaunchpadError('nothing_to_claim', `${recipient} is not a fee-sharing recipient of ${mint}`);
      const [feeVault, sharingVault] = await Promise.all([this.#feeVault(mint), this.#sharingVault(mint)]);
      this.#ensureRent(sharingVault.address);
      const pending = this.#above(feeVault.address);
      const swept = BigInt(stored.swept) + pending;
      const owed = (swept * BigInt(share.bps)) / 10_000n - BigInt(stored.claimed[recipient] ?? '0');
      if (owed <= 0n) throw new LaunchpadError('nothing_to_claim', `no fees of ${mint} are available to claim`);
      const user = createNoopSigner(recipient);
      const instructions = [
        ...(pending > 0n
          ? [getTransferSolInstruction({ source: feeVault, destination: sharingVault.address, amount: pending })]
          : []),
        getTransferSolInstruction({ source: sharingVault, destination: recipient, amount: owed }),
      ];
      const transaction = await this.#build(user, [recipient], instructions, {
        hold,
        effect: () =>
          this.#update(mint, (record) => {
            record.swept = String(BigInt(record.swept) + pending);
            record.claimed[recipient] = String(BigInt(record.claimed[recipient] ?? '0') + owed);
          }),
      });
      return { transaction, lamports: owed, swept: pending };
    });
  }
}
