/**
 * The sandbox Solana swap venue: an RFQ-style market maker over constant-product pools (sandbox only).
 *
 * Why not an AMM program: LiteSVM cannot compile programs offline and no prebuilt AMM `.so` is available, so the venue
 * is off-chain pricing over on-chain reserves. Each pool is a deterministic keypair, secret seed
 * sha256("svc.sandbox.solana.swap-venue:BASE/QUOTE"), that holds the pool's two reserves on the ledger (native SOL as
 * the key's own lamports above rent exemption, SPL tokens in its associated token accounts). The keys are public by
 * construction: they must never hold anything on a real cluster.
 *
 * Pools: every seeded token against USDC and against native SOL (WSOL/SOL trades 1:1 at the start), plus SOL/USDC,
 * each opened with {@link VENUE_POOL_DEPTH_USD} of value per side at the token's seeded USD price (tokens.ts).
 *
 * A swap is priced with constant-product math (x·y = k, {@link VENUE_FEE_BPS} fee on the input) over the pools'
 * current reserves, directly or through one hop via USDC or SOL, whichever gives the better price. It settles as ONE
 * atomic transaction: the user's transfer of the input (signed by the user, who also pays the fee) and the pools'
 * transfers of the intermediate and output amounts (signed here by the pool keys), so every leg lands or none does.
 * The venue commits to the quoted output when it signs (RFQ); the user's slippage bound is checked against the
 * venue's price at signing time.
 *
 * Token-2022 tokens move with TransferChecked under their own program (TransferCheckedWithFee when the mint has a
 * transfer fee). A fee withheld on the way in reaches the pool net, so the pool prices what it received; a fee
 * withheld on the way out reaches the user net, so a quote's output is what arrives ({@link VenueQuote.outAmount}).
 *
 * Listed tokens: a launchpad token that graduates from its bonding curve (launchpads/) is listed with
 * {@link SandboxSwapVenue.listToken}: one pool against native SOL whose key is derived from the mint, funded by the
 * curve's migration. Its USD price is its SOL price times SOL's.
 *
 * Price control (sandbox): {@link SandboxSwapVenue.setTokenPriceUsd} re-balances the reserves so the token's spot
 * price becomes the given USD price; {@link SandboxSwapVenue.tokenPriceUsd} reads it (USDC is the unit, $1).
 */
import { createHash, randomBytes } from 'node:crypto';
import {
  type Address,
  appendTransactionMessageInstructions,
  createKeyPairSignerFromPrivateKeyBytes,
  createNoopSigner,
  createTransactionMessage,
  type Instruction,
  type KeyPairSigner,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  type Transaction,
  type TransactionSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import {
  getCreateAssociatedTokenIdempotentInstructionAsync,
  getTransferCheckedInstruction,
} from '@solana-program/token';
import { getTransferCheckedWithFeeInstruction } from '@solana-program/token-2022';
import { grossForNet, type TransferFeeSchedule, transferFeeOf } from '@svc/chains';
import type { SolanaLedger } from './ledger.js';
import { mintTransferFee } from './token-programs.js';
import {
  assetIdOf,
  SANDBOX_SOLANA_TOKENS,
  type SandboxSolanaToken,
  type SolanaAssetId,
  sandboxSolanaToken,
  SOLANA_USDC_MINT,
  SOLANA_WSOL_MINT,
} from './tokens.js';

/** USD value per side each pool opens with. */
export const VENUE_POOL_DEPTH_USD = 1_000_000;
/** Pool fee on the input amount, in basis points. */
export const VENUE_FEE_BPS = 30n;
const BPS = 10_000n;
const MEMO_PROGRAM_ADDRESS = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' as Address;

export interface VenuePool {
  /** 'BASE/QUOTE' by symbol, e.g. 'BONK/USDC'. */
  readonly id: string;
  /** The pool's keypair address (holds the reserves). */
  readonly address: Address;
  readonly base: SandboxSolanaToken;
  readonly quote: SandboxSolanaToken;
}

/**
 * One hop of a route: `inAmount` of `inputAsset` sent into `pool`, `outAmount` of `outputAsset` sent out (for a
 * Token-2022 mint with a transfer fee, what arrives is less by the fee).
 */
export interface VenueLeg {
  readonly pool: VenuePool;
  readonly inputAsset: SolanaAssetId;
  readonly outputAsset: SolanaAssetId;
  readonly inAmount: bigint;
  readonly outAmount: bigint;
}

export interface VenueQuote {
  readonly inputAsset: SolanaAssetId;
  readonly outputAsset: SolanaAssetId;
  readonly inAmount: bigint;
  /** What reaches the user (net of a Token-2022 transfer fee on the output). */
  readonly outAmount: bigint;
  readonly legs: readonly VenueLeg[];
}

/** Thrown when the venue cannot serve a request (no route, not enough liquidity, output below the bound). */
export class VenueError extends Error {
  constructor(
    readonly reason: 'no_route' | 'insufficient_liquidity' | 'slippage',
    message: string,
  ) {
    super(message);
  }
}

function poolSigner(id: string): Promise<KeyPairSigner> {
  return createKeyPairSignerFromPrivateKeyBytes(
    new Uint8Array(createHash('sha256').update(`svc.sandbox.solana.swap-venue:${id}`).digest()),
  );
}

const isSolLike = (asset: SolanaAssetId) => asset === 'SOL' || asset === SOLANA_WSOL_MINT;
const tokenOf = (asset: SolanaAssetId): SandboxSolanaToken => {
  const token = sandboxSolanaToken(asset);
  if (!token) throw new VenueError('no_route', `the sandbox venue does not trade ${asset}`);
  return token;
};
const wholeOf = (atomic: bigint, token: SandboxSolanaToken) => Number(atomic) / 10 ** token.decimals;
const atomicOf = (whole: number, token: SandboxSolanaToken) => BigInt(Math.round(whole * 10 ** token.decimals));

/** Output of a constant-product pool for `amountIn` (fee taken from the input). */
function outGivenIn(amountIn: bigint, reserveIn: bigint, reserveOut: bigint): bigint {
  const effective = amountIn * (BPS - VENUE_FEE_BPS);
  return (reserveOut * effective) / (reserveIn * BPS + effective);
}

/** Smallest input that yields at least `amountOut` (undefined when the pool cannot pay it). */
function inGivenOut(amountOut: bigint, reserveIn: bigint, reserveOut: bigint): bigint | undefined {
  if (amountOut >= reserveOut) return undefined;
  return (reserveIn * amountOut * BPS) / ((reserveOut - amountOut) * (BPS - VENUE_FEE_BPS)) + 1n;
}

export class SandboxSwapVenue {
  /** Tokens listed after the venue opened (graduated launchpad tokens), by mint, with their SOL pool. */
  readonly #listed = new Map<SolanaAssetId, { token: SandboxSolanaToken; pool: VenuePool }>();

  private constructor(
    private readonly ledger: SolanaLedger,
    readonly pools: readonly VenuePool[],
    private readonly signers: Map<Address, KeyPairSigner>,
  ) {}

  /** Opens the venue on `ledger`, seeding every pool that holds nothing yet (a persisted ledger keeps its reserves). */
  static async open(ledger: SolanaLedger): Promise<SandboxSwapVenue> {
    const usdc = tokenOf(SOLANA_USDC_MINT);
    const sol = tokenOf('SOL');
    const pairs: [SandboxSolanaToken, SandboxSolanaToken][] = [[sol, usdc]];
    for (const token of SANDBOX_SOLANA_TOKENS) {
      if (token !== sol && token !== usdc) pairs.push([token, usdc], [token, sol]);
    }
    const signers = new Map<Address, KeyPairSigner>();
    const pools = await Promise.all(
      pairs.map(async ([base, quote]) => {
        const id = `${base.symbol}/${quote.symbol}`;
        const signer = await poolSigner(id);
        signers.set(signer.address, signer);
        return { id, address: signer.address, base, quote };
      }),
    );
    const venue = new SandboxSwapVenue(ledger, pools, signers);
    for (const pool of pools) {
      const reserves = await venue.reserves(pool);
      if (reserves.base > 0n || reserves.quote > 0n) continue;
      for (const token of [pool.base, pool.quote]) {
        await venue.#fund(pool.address, token, atomicOf(VENUE_POOL_DEPTH_USD / token.priceUsd, token));
      }
    }
    return venue;
  }

  /**
   * Lists `token` with a pool against native SOL (idempotent); returns the pool, whose address the caller funds with
   * both reserves (a graduating curve moves its liquidity there in the same transaction as its last buy).
   */
  async listToken(token: SandboxSolanaToken & { mint: Address }): Promise<VenuePool> {
    const known = this.#listed.get(token.mint);
    if (known) return known.pool;
    const sol = tokenOf('SOL');
    const signer = await poolSigner(`listed:${token.mint}/SOL`); // the address listingAddress gives
    this.signers.set(signer.address, signer);
    const pool = { id: `${token.symbol}/SOL`, address: signer.address, base: token, quote: sol };
    this.#listed.set(token.mint, { token, pool });
    return pool;
  }

  /** The address of the pool {@link listToken} opens for `mint` (a graduating curve funds it before the listing). */
  async listingAddress(mint: Address): Promise<Address> {
    return (await poolSigner(`listed:${mint}/SOL`)).address;
  }

  /** The tokens listed after opening (graduated launchpad tokens). */
  listedTokens(): readonly SandboxSolanaToken[] {
    return [...this.#listed.values()].map((listed) => listed.token);
  }

  /** Forgets every listing (the ledger was restored to a state without them). */
  forgetListings(): void {
    this.#listed.clear();
  }

  /** A seeded or listed token; anything else has no route. */
  #token(asset: SolanaAssetId): SandboxSolanaToken {
    return this.#listed.get(asset)?.token ?? tokenOf(asset);
  }

  async #fund(owner: Address, token: SandboxSolanaToken, atomic: bigint): Promise<void> {
    if (token.mint === null) this.ledger.airdrop(owner, atomic + this.ledger.rentExemptMinimum(0n));
    else await this.ledger.mintToken(owner, token.mint, atomic);
  }

  /** The pool's reserve of `token` (native SOL: the lamports above the rent-exempt minimum). */
  async #reserve(pool: VenuePool, token: SandboxSolanaToken): Promise<bigint> {
    if (token.mint !== null) return this.ledger.tokenBalance(pool.address, token.mint);
    const above = this.ledger.balance(pool.address) - this.ledger.rentExemptMinimum(0n);
    return above > 0n ? above : 0n;
  }

  /** Sets the pool's reserve of `token` to `atomic` (native SOL: on top of the rent-exempt minimum). */
  async #setReserve(pool: VenuePool, token: SandboxSolanaToken, atomic: bigint): Promise<void> {
    await this.ledger.setBalance(
      pool.address,
      assetIdOf(token),
      token.mint === null ? atomic + this.ledger.rentExemptMinimum(0n) : atomic,
    );
  }

  async reserves(pool: VenuePool): Promise<{ base: bigint; quote: bigint }> {
    return { base: await this.#reserve(pool, pool.base), quote: await this.#reserve(pool, pool.quote) };
  }

  #pool(a: SolanaAssetId, b: SolanaAssetId): VenuePool | undefined {
    const listed = [...this.#listed.values()].map((entry) => entry.pool);
    return [...this.pools, ...listed].find((pool) => {
      const ids = [assetIdOf(pool.base), assetIdOf(pool.quote)];
      return ids.includes(a) && ids.includes(b) && a !== b;
    });
  }

  /** Candidate paths from `input` to `output`: direct, via USDC, via SOL (each of at most two pools). */
  #paths(input: SolanaAssetId, output: SolanaAssetId): SolanaAssetId[][] {
    this.#token(input);
    this.#token(output);
    if (input === output) throw new VenueError('no_route', 'input and output are the same asset');
    const paths: SolanaAssetId[][] = [];
    if (this.#pool(input, output)) paths.push([input, output]);
    for (const hub of [SOLANA_USDC_MINT, 'SOL'] as const) {
      if (hub !== input && hub !== output && this.#pool(input, hub) && this.#pool(hub, output))
        paths.push([input, hub, output]);
    }
    if (paths.length === 0) throw new VenueError('no_route', `no route from ${input} to ${output}`);
    return paths;
  }

  async #reservesFor(pool: VenuePool, input: SolanaAssetId): Promise<{ reserveIn: bigint; reserveOut: bigint }> {
    const { base, quote } = await this.reserves(pool);
    return assetIdOf(pool.base) === input
      ? { reserveIn: base, reserveOut: quote }
      : { reserveIn: quote, reserveOut: base };
  }

  /** Best exact-input quote: `amountIn` of `input` sold for as much `output` as the pools give. */
  async quoteExactIn(input: SolanaAssetId, output: SolanaAssetId, amountIn: bigint): Promise<VenueQuote> {
    if (amountIn <= 0n) throw new RangeError('amountIn must be positive');
    let best: VenueQuote | undefined;
    for (const path of this.#paths(input, output)) {
      const legs: VenueLeg[] = [];
      let amount = amountIn;
      for (let hop = 0; hop + 1 < path.length; hop++) {
        const [from, to] = [path[hop] as SolanaAssetId, path[hop + 1] as SolanaAssetId];
        const pool = this.#pool(from, to) as VenuePool;
        const { reserveIn, reserveOut } = await this.#reservesFor(pool, from);
        // The pool prices what it receives: the amount sent less the input token's transfer fee.
        const out = outGivenIn(amount - transferFeeOf(this.#transferFee(from), amount), reserveIn, reserveOut);
        legs.push({ pool, inputAsset: from, outputAsset: to, inAmount: amount, outAmount: out });
        amount = out;
      }
      amount -= transferFeeOf(this.#transferFee(output), amount);
      if (amount > 0n && (!best || amount > best.outAmount))
        best = { inputAsset: input, outputAsset: output, inAmount: amountIn, outAmount: amount, legs };
    }
    if (!best) throw new VenueError('insufficient_liquidity', 'the amount is too small to buy anything');
    return best;
  }

  /** Best exact-output quote: the least `input` that buys `amountOut` of `output`. */
  async quoteExactOut(input: SolanaAssetId, output: SolanaAssetId, amountOut: bigint): Promise<VenueQuote> {
    if (amountOut <= 0n) throw new RangeError('amountOut must be positive');
    let best: VenueQuote | undefined;
    for (const path of this.#paths(input, output)) {
      const legs: VenueLeg[] = [];
      let amount: bigint | undefined = grossForNet(this.#transferFee(output), amountOut);
      for (let hop = path.length - 1; hop > 0 && amount !== undefined; hop--) {
        const [from, to] = [path[hop - 1] as SolanaAssetId, path[hop] as SolanaAssetId];
        const pool = this.#pool(from, to) as VenuePool;
        const { reserveIn, reserveOut } = await this.#reservesFor(pool, from);
        const received = inGivenOut(amount, reserveIn, reserveOut);
        const needed = received === undefined ? undefined : grossForNet(this.#transferFee(from), received);
        if (needed !== undefined)
          legs.unshift({ pool, inputAsset: from, outputAsset: to, inAmount: needed, outAmount: amount });
        amount = needed;
      }
      if (amount !== undefined && (!best || amount < best.inAmount))
        best = { inputAsset: input, outputAsset: output, inAmount: amount, outAmount: amountOut, legs };
    }
    if (!best) throw new VenueError('insufficient_liquidity', `the venue's pools cannot pay ${amountOut} of ${output}`);
    // Exact-output legs may give a little more than asked at intermediate hops; settle exactly what exact-input gives.
    return this.quoteExactIn(input, output, best.inAmount);
  }

  /**
   * The swap transaction for `quote`, re-priced at the current reserves: the user's transfer of `inAmount` and the
   * pools' transfers, signed by the pools; `user` (fee payer) must still sign. Refused when the current output is
   * below `minOut`.
   */
  async swapTransaction(
    quote: Pick<VenueQuote, 'inputAsset' | 'outputAsset' | 'inAmount'>,
    user: Address,
    minOut: bigint,
  ): Promise<{ transaction: Transaction; quote: VenueQuote }> {
    const current = await this.quoteExactIn(quote.inputAsset, quote.outputAsset, quote.inAmount);
    if (current.outAmount < minOut) {
      throw new VenueError(
        'slippage',
        `the venue now gives ${current.outAmount} atomic units, below the minimum of ${minOut} (slippage bound)`,
      );
    }
    const userSigner = createNoopSigner(user);
    const instructions: Instruction[] = [];
    let payer: TransactionSigner = userSigner;
    for (const leg of current.legs) {
      instructions.push(...(await this.#transfer(leg.inputAsset, payer, leg.pool.address, leg.inAmount, userSigner)));
      payer = this.signers.get(leg.pool.address) as KeyPairSigner;
    }
    // The last pool sends its leg's output; the user receives it less the output token's transfer fee (outAmount).
    const sent = current.legs.at(-1)?.outAmount ?? current.outAmount;
    instructions.push(...(await this.#transfer(current.outputAsset, payer, user, sent, userSigner)));
    // Random memo: the sandbox blockhash never changes, so two equal swaps would otherwise be the same transaction.
    instructions.push({
      programAddress: MEMO_PROGRAM_ADDRESS,
      data: new TextEncoder().encode(randomBytes(8).toString('hex')),
    });
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(userSigner, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(this.ledger.latestBlockhash(), m),
      (m) => appendTransactionMessageInstructions(instructions, m),
    );
    return { transaction: await partiallySignTransactionMessageWithSigners(message), quote: current };
  }

  /** The transfer-fee schedule of a Token-2022 `asset` in force now; undefined for anything without one. */
  #transferFee(asset: SolanaAssetId): TransferFeeSchedule | undefined {
    if (asset === 'SOL') return undefined;
    const mint = this.ledger.mint(asset);
    return mint ? mintTransferFee(mint, this.ledger.epoch()) : undefined;
  }

  /**
   * Instructions moving `amount` of `asset` from `from` to `to` (creating `to`'s token account, paid by `feePayer`),
   * under the token program that owns the mint; with the fee asserted when the mint has a transfer fee.
   */
  async #transfer(
    asset: SolanaAssetId,
    from: TransactionSigner,
    to: Address,
    amount: bigint,
    feePayer: TransactionSigner,
  ): Promise<Instruction[]> {
    if (asset === 'SOL') return [getTransferSolInstruction({ source: from, destination: to, amount })];
    const token = this.#token(asset);
    const tokenProgram = this.ledger.mint(asset)?.program;
    const [source, destination] = await Promise.all([
      this.ledger.tokenAccount(from.address, asset),
      this.ledger.tokenAccount(to, asset),
    ]);
    const accounts = { source, mint: asset, destination, authority: from, amount, decimals: token.decimals };
    const fee = this.#transferFee(asset);
    return [
      await getCreateAssociatedTokenIdempotentInstructionAsync({
        payer: feePayer,
        owner: to,
        mint: asset,
        tokenProgram,
      }),
      fee
        ? getTransferCheckedWithFeeInstruction({ ...accounts, fee: transferFeeOf(fee, amount) })
        : // TransferChecked has the same layout under both token programs.
          getTransferCheckedInstruction(accounts, { programAddress: tokenProgram }),
    ];
  }

  // ------------------------------------------------------------------------------------------ price control

  /** Spot USD price of `asset` ('SOL' or a mint) in its pool against USDC; USDC is $1. */
  async tokenPriceUsd(asset: SolanaAssetId): Promise<number> {
    const token = this.#token(asset);
    if (asset === SOLANA_USDC_MINT) return 1;
    const usdcPool = this.#pool(asset, SOLANA_USDC_MINT);
    // A listed token trades against SOL only: its SOL price times SOL's.
    const pool = usdcPool ?? (this.#pool(asset, 'SOL') as VenuePool);
    const { base, quote } = await this.reserves(pool);
    const inQuote = wholeOf(quote, pool.quote) / wholeOf(base, token);
    return usdcPool ? inQuote : inQuote * (await this.tokenPriceUsd('SOL'));
  }

  /**
   * Re-balances the venue's reserves so the spot price of `asset` becomes `priceUsd`: its USDC pool and its SOL pool
   * (keeping the USDC and SOL sides). SOL and WSOL move together (the conditional-order convention names native SOL
   * by the WSOL mint); then every other token's SOL pool is re-balanced so that token keeps its USD price.
   */
  async setTokenPriceUsd(asset: SolanaAssetId, priceUsd: number): Promise<void> {
    if (!(priceUsd > 0) || !Number.isFinite(priceUsd)) throw new RangeError('priceUsd must be a positive number');
    if (asset === SOLANA_USDC_MINT) throw new RangeError('USDC is the unit of account: its price is fixed at $1');
    tokenOf(asset);
    const moved: SolanaAssetId[] = isSolLike(asset) ? ['SOL', SOLANA_WSOL_MINT] : [asset];
    const solPriceBefore = await this.tokenPriceUsd('SOL');
    for (const id of moved) {
      const token = tokenOf(id);
      const usdcPool = this.#pool(id, SOLANA_USDC_MINT) as VenuePool;
      const usdcReserve = wholeOf((await this.reserves(usdcPool)).quote, usdcPool.quote);
      await this.#setReserve(usdcPool, token, atomicOf(usdcReserve / priceUsd, token));
    }
    if (isSolLike(asset)) {
      // Each other token keeps its USD price: its SOL pool's SOL side is re-sized to the new SOL price.
      for (const pool of this.pools) {
        if (assetIdOf(pool.quote) !== 'SOL' || isSolLike(assetIdOf(pool.base))) continue;
        const { base } = await this.reserves(pool);
        const tokenUsd = await this.tokenPriceUsd(assetIdOf(pool.base));
        await this.#setReserve(
          pool,
          pool.quote,
          atomicOf((wholeOf(base, pool.base) * tokenUsd) / priceUsd, pool.quote),
        );
      }
      return;
    }
    const token = tokenOf(asset);
    const solPool = this.#pool(asset, 'SOL') as VenuePool;
    const solReserve = wholeOf((await this.reserves(solPool)).quote, solPool.quote);
    await this.#setReserve(solPool, token, atomicOf((solReserve * solPriceBefore) / priceUsd, token));
  }
}
