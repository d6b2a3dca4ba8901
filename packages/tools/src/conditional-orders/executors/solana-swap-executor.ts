import { formatUnits, landedTransaction } from '@svc/payments';
import { slippageOf } from '@svc/store';
import type { Signature } from '@solana/kit';
import { atomicAmount } from '../../solana/amounts.js';
import { WSOL_MINT } from '@svc/providers';
import { executeSolanaSwap, type SolanaSwapDeps } from '../../solana/swap/execute-swap.js';
import { splMintOf } from '../../solana/spl-accounts.js';
import { vaultSolanaSigner } from '../../solana/vault-signer.js';
import type { SwapExecutor, SwapOutcome, SwapRequest } from '../engine/swap-executor.js';
import { truncatedQuantity } from './token-quantity.js';

/** SOL_NATIVE: native SOL in conditional-order fields (the engine never names Wrapped SOL). */
const isNativeSol = (token: string) => token === WSOL_MINT;

interface TokenBalance {
  readonly accountIndex: number;
  readonly mint: string;
  readonly owner?: string;
  readonly uiTokenAmount: { readonly amount: string };
}

/**
 * The conditional-order SwapExecutor of Solana: the Solana tools' exact-input swap (executeSolanaSwap) from the
 * account's vault with the account's swap slippage, never filling below the order's minimum; the transaction's
 * signature and its recent blockhash are handed to the engine before it is sent. Reconciliation reads the recorded
 * signature's transaction: landed (what left and reached the vault, from its balances before and after), failed, or
 * unknown to the chain once it can no longer land (a live cluster may land it while its blockhash is valid, which is
 * waited out; see landedTransaction).
 */
export function solanaSwapExecutor(deps: SolanaSwapDeps): SwapExecutor {
  const decimalsOf = async (token: string): Promise<number> =>
    isNativeSol(token) ? 9 : (await splMintOf(deps.solana.rpc(), token, 'token')).decimals;
  return {
    async execute(request: SwapRequest, beforeBroadcast): Promise<SwapOutcome> {
      const [{ swapSlippage }, sellDecimals, buyDecimals] = await Promise.all([
        slippageOf(deps.db, request.accountId),
        decimalsOf(request.sellToken),
        decimalsOf(request.buyToken),
      ]);
      const minBuy =
        request.minBuyQuantity === undefined ? undefined : truncatedQuantity(request.minBuyQuantity, buyDecimals);
      const result = await executeSolanaSwap(deps, {
        accountId: request.accountId,
        sellMint: request.sellToken,
        buyMint: request.buyToken,
        sellAmount: atomicAmount(truncatedQuantity(request.sellQuantity, sellDecimals), sellDecimals, 'sellQuantity'),
        slippagePercent: swapSlippage,
        minBuyAtomic:
          minBuy === undefined || Number(minBuy) === 0
            ? undefined
            : atomicAmount(minBuy, buyDecimals, 'minBuyQuantity'),
        onSigned: (signature, recentBlockhash) => beforeBroadcast(signature, recentBlockhash),
      });
      return {
        status: 'confirmed',
        txHash: result.signature,
        soldQuantity: formatUnits(result.soldAtomic, sellDecimals),
        boughtQuantity: formatUnits(result.boughtAtomic, buyDecimals),
      };
    },
    async reconcile(
      request: SwapRequest,
      signature: string,
      recentBlockhash: string | null,
    ): Promise<SwapOutcome | 'unknown'> {
      const landed = await landedTransaction(
        deps.solana.rpc(),
        signature as Signature,
        deps.solana.landsOnSend ? null : recentBlockhash,
      );
      if (!landed?.meta) return 'unknown';
      const { meta } = landed;
      if (meta.err)
        return {
          status: 'failed',
          txHash: signature,
          reason: `transaction ${signature} failed on chain: ${JSON.stringify(meta.err, (_, value: unknown) => (typeof value === 'bigint' ? value.toString() : value))}`,
        };
      const vault = (await vaultSolanaSigner(deps, request.accountId)).address;
      const keys = landed.transaction.message.accountKeys.map(String);
      const vaultIndex = keys.indexOf(vault);
      // The vault signs and pays the fee: native SOL moved by the swap is its balance change net of the fee.
      const fee = vaultIndex === 0 ? BigInt(meta.fee) : 0n;
      const lamportsMoved =
        vaultIndex < 0
          ? 0n
          : BigInt(meta.postBalances[vaultIndex] ?? 0) - BigInt(meta.preBalances[vaultIndex] ?? 0) + fee;
      const tokenHeld = (balances: readonly TokenBalance[] | null | undefined, mint: string) =>
        (balances ?? [])
          .filter((balance) => balance.mint === mint && balance.owner === vault)
          .reduce((sum, balance) => sum + BigInt(balance.uiTokenAmount.amount), 0n);
      const moved = (token: string) =>
        isNativeSol(token)
          ? lamportsMoved
          : tokenHeld(meta.postTokenBalances, token) - tokenHeld(meta.preTokenBalances, token);
      const [sellDecimals, buyDecimals] = await Promise.all([
        decimalsOf(request.sellToken),
        decimalsOf(request.buyToken),
      ]);
      return {
        status: 'confirmed',
        txHash: signature,
        soldQuantity: formatUnits(-moved(request.sellToken), sellDecimals),
        boughtQuantity: formatUnits(moved(request.buyToken), buyDecimals),
      };
    },
  };
}
