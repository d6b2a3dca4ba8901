import { invalidField, ServiceError } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import {
  type Address,
  address,
  getSignatureFromTransaction,
  partiallySignTransaction,
  type Rpc,
  type Signature,
  type SolanaRpcApi,
} from '@solana/kit';
import type { HandlerContext } from '../../handler.js';
import { LAMPORTS_PER_SIGNATURE } from '../amounts.js';
import {
  NATIVE_SOL,
  type SolanaAsset,
  type SolanaChain,
  type SolanaSwapQuote,
  SwapUnavailable,
  WSOL_MINT,
} from '@svc/providers';
import { recentBlockhashOf, sendAndConfirm } from '../send-transaction.js';
import {
  associatedTokenAccount,
  associatedTokenAccountSize,
  splMintOf,
  tokenAccountAt,
  tokenBalanceOf,
} from '../spl-accounts.js';
import { vaultSolanaSigner } from '../vault-signer.js';

export interface SolanaSwapDeps {
  readonly db: HandlerContext['db'];
  readonly masterKey: HandlerContext['masterKey'];
  readonly solana: SolanaChain;
}

export interface SolanaSwapResult {
  readonly signature: Signature;
  /** Atomic units of the sold asset that left the vault (exact input). */
  readonly soldAtomic: bigint;
  /** Atomic units of the bought asset that reached the vault, read from the chain before and after. */
  readonly boughtAtomic: bigint;
}

export interface SwapExactInRequest {
  readonly accountId: string;
  readonly sellAsset: SolanaAsset;
  readonly buyAsset: SolanaAsset;
  readonly sellAmount: bigint;
  readonly slippagePercent: number;
  /**
   * The least the swap may fill for, in atomic units of the output, whatever the slippage allows (a conditional LIMIT
   * order's price guarantee): a quote below it is refused before signing, and the transaction carries it as its
   * minimum, so a pool that moves against it after signing fails the swap on chain.
   */
  readonly minOutAtomic?: bigint | undefined;
  /**
   * Called with the transaction signature and its recent blockhash once it is signed, before it is sent (record both to
   * reconcile after a crash: the transaction may land for as long as the blockhash is valid).
   */
  readonly onSigned?: ((signature: Signature, recentBlockhash: string) => void | Promise<void>) | undefined;
  /** A quote to execute (its input must be `sellAmount`); fetched when absent. */
  readonly quote?: SolanaSwapQuote | undefined;
  /** The input field a funds or slippage refusal names (default sellAmount). */
  readonly amountField?: string | undefined;
}

export const slippageBpsOf = (percent: number) => Math.round(percent * 100);

/** `outAmount` less the slippage allowance: the least the swap may fill for. */
export const minimumOut = (outAmount: bigint, slippageBps: number) =>
  (outAmount * BigInt(10_000 - slippageBps)) / 10_000n;

async function assetBalance(rpc: Rpc<SolanaRpcApi>, owner: Address, asset: SolanaAsset): Promise<bigint> {
  return asset === NATIVE_SOL ? (await rpc.getBalance(owner).send()).value : tokenBalanceOf(rpc, owner, address(asset));
}

/** A market refusal as the caller sees it: no route / too little liquidity are 400s on the input, a price move a 409. */
export function swapRefusal(error: SwapUnavailable, field: string): ServiceError {
  if (error.reason === 'slippage')
    return new ServiceError(
      'state_conflict',
      `The price moved past your slippage bound before the swap was signed: ${error.message}. Nothing was sent; quote again.`,
    );
  return invalidField(field, error.reason, error.message);
}

/**
 * Sells exactly `sellAmount` of `sellAsset` for `buyAsset` from the account's vault, filling at no less than the quote
 * less `slippagePercent`. Funds (amount, fees, the output token account's rent) are checked before signing: a
 * shortfall is a 400 insufficient_funds and nothing moves. The signature is handed to `onSigned` before sending.
 */
export async function swapExactIn(
  deps: SolanaSwapDeps,
  request: SwapExactInRequest,
): Promise<SolanaSwapResult & { quote: SolanaSwapQuote }> {
  const field = request.amountField ?? 'sellAmount';
  const rpc = deps.solana.rpc();
  const market = deps.solana.market();
  const slippageBps = slippageBpsOf(request.slippagePercent);
  try {
    const quote =
      request.quote ??
      (await market.quote({
        inputAsset: request.sellAsset,
        outputAsset: request.buyAsset,
        amount: request.sellAmount,
        swapMode: 'ExactIn',
        slippageBps,
      }));
    const vault = await vaultSolanaSigner(deps, request.accountId);
    const [lamports, held, buyBefore] = await Promise.all([
      rpc.getBalance(vault.address).send(),
      assetBalance(rpc, vault.address, request.sellAsset),
      assetBalance(rpc, vault.address, request.buyAsset),
    ]);
    // The vault pays one base fee per signature (its own and, on the sandbox venue, one per pool) and the rent of an output token account it lacks.
    let lamportsNeeded = LAMPORTS_PER_SIGNATURE * BigInt(1 + quote.route.length);
    if (request.buyAsset !== NATIVE_SOL) {
      // The output account lives under the program that owns the bought mint (classic SPL Token or Token-2022).
      const mint = await splMintOf(rpc, request.buyAsset, field);
      const ata = await associatedTokenAccount(vault.address, mint.address, mint.program);
      if (!(await tokenAccountAt(rpc, ata)))
        lamportsNeeded += await rpc.getMinimumBalanceForRentExemption(associatedTokenAccountSize(mint)).send();
    }
    if (request.sellAsset === NATIVE_SOL) lamportsNeeded += request.sellAmount;
    else if (held < request.sellAmount)
      throw invalidField(
        field,
        'insufficient_funds',
        `the vault holds ${held} atomic units of ${request.sellAsset}, less than the ${request.sellAmount} to sell`,
      );
    if (lamports.value < lamportsNeeded) {
      throw invalidField(
        field,
        'insufficient_funds',
        `the vault holds ${formatUnits(lamports.value, 9)} SOL; this swap needs ${formatUnits(lamportsNeeded, 9)} SOL including fees`,
      );
    }
    const floor = request.minOutAtomic ?? 0n;
    if (quote.outAmount < floor)
      throw new SwapUnavailable(
        'slippage',
        `the market offers ${quote.outAmount} atomic units of ${request.buyAsset}, less than the ${floor} required`,
      );
    const minOut = minimumOut(quote.outAmount, slippageBps);
    const unsigned = await market.swapTransaction(quote, vault.address, minOut > floor ? minOut : floor, slippageBps);
    const signed = await partiallySignTransaction([vault.keyPair], unsigned);
    const signature = getSignatureFromTransaction(signed);
    await request.onSigned?.(signature, recentBlockhashOf(signed));
    await sendAndConfirm(rpc, signed);
    const buyAfter = await assetBalance(rpc, vault.address, request.buyAsset);
    // Native SOL bought arrives net of the fees the vault paid in the same transaction; add them back.
    const fees =
      request.buyAsset === NATIVE_SOL ? LAMPORTS_PER_SIGNATURE * BigInt(Object.keys(signed.signatures).length) : 0n;
    return { signature, soldAtomic: quote.inAmount, boughtAtomic: buyAfter - buyBefore + fees, quote };
  } catch (error) {
    if (error instanceof SwapUnavailable) throw swapRefusal(error, field);
    throw error;
  }
}

export interface ExecuteSolanaSwapInput {
  readonly accountId: string;
  /** Mint sold; 'SOL' or So111…112 (the conditional-order SOL_NATIVE constant) is native SOL. */
  readonly sellMint: string;
  /** Mint bought; 'SOL' or So111…112 is native SOL. */
  readonly buyMint: string;
  /** Atomic units of `sellMint` to sell (exact input). */
  readonly sellAmount: bigint;
  /** Slippage bound in percent (use the account's swapSlippage from slippageOf). */
  readonly slippagePercent: number;
  /** The least atomic units of `buyMint` the swap may fill for (a LIMIT order's guarantee); see SwapExactInRequest. */
  readonly minBuyAtomic?: bigint | undefined;
  /** Receives the signature and recent blockhash once signed, before sending, so a crashed worker can reconcile on chain. */
  readonly onSigned?: (signature: Signature, recentBlockhash: string) => void | Promise<void>;
}

const conditionalOrderAsset = (mint: string): SolanaAsset =>
  mint === WSOL_MINT || mint === NATIVE_SOL ? NATIVE_SOL : mint;

/**
 * Exact-input swap for an account from its vault (the conditional-order executor's entry point). Mints follow the
 * conditional-order convention: So111…112 denotes native SOL. Output: `{signature, soldAtomic, boughtAtomic}`.
 */
export async function executeSolanaSwap(
  deps: SolanaSwapDeps,
  input: ExecuteSolanaSwapInput,
): Promise<SolanaSwapResult> {
  const { signature, soldAtomic, boughtAtomic } = await swapExactIn(deps, {
    accountId: input.accountId,
    sellAsset: conditionalOrderAsset(input.sellMint),
    buyAsset: conditionalOrderAsset(input.buyMint),
    sellAmount: input.sellAmount,
    slippagePercent: input.slippagePercent,
    minOutAtomic: input.minBuyAtomic,
    onSigned: input.onSigned,
  });
  return { signature, soldAtomic, boughtAtomic };
}
