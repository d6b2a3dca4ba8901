import { ServiceError } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import { encodeFunctionData, erc20Abi, type Address, type Hash } from 'viem';
import type { HandlerContext } from '../../handler.js';
import type { EvmNetwork, SwapToken } from '@svc/providers';
import { evmNetworkOf } from '../evm-networks.js';
import { balanceOf } from '../evm-tokens.js';
import { signAndSend, vaultEvmSigner } from '../vault-signer.js';
import { planSwap, type SellAmount, type SwapPlan } from './plan-swap.js';

export interface ExecuteSwapInput {
  readonly accountId: string;
  readonly chainId: number;
  /** Token contract; ETH_NATIVE (0xEeee…EeE) or undefined for the native coin. */
  readonly sellToken: string | undefined;
  readonly buyToken: string | undefined;
  /**
   * Atomic units of the sell token, or 'max' (full balance; the native coin keeps its gas reserve). The swap tools
   * also pass their sellAmount string (token units, '$5' / '5 usd').
   */
  readonly sellAmount: SellAmount | string;
  /** Worst accepted output below the quote, in percent (e.g. 1 = 1%). */
  readonly slippagePercent: number;
  /**
   * The least the swap may fill for, in atomic units of the buy token, whatever the slippage allows (a conditional
   * LIMIT order's price guarantee): a route offering less is refused before anything is signed, and the transaction
   * carries it as its minimum, so a pool that moves against it after signing reverts the swap.
   */
  readonly minBuyAtomic?: bigint | undefined;
  /**
   * Called with each transaction's hash after it is signed and BEFORE it is broadcast (the approval, when one is
   * needed, then the swap), so a worker can record it and reconcile against the chain after a crash.
   */
  readonly onSigned?: (hash: Hash, kind: 'approval' | 'swap') => Promise<void> | void;
}

export interface ExecuteSwapResult {
  readonly txHash: Hash;
  /** The approval sent first, or null when the allowance already sufficed or the sell side is native. */
  readonly approvalTxHash: Hash | null;
  readonly sell: SwapToken;
  readonly buy: SwapToken;
  readonly soldAtomic: bigint;
  /** Output received, measured as the vault's balance change (native output adds back the swap's fee). */
  readonly boughtAtomic: bigint;
  readonly quotedBuyAtomic: bigint;
  readonly minBuyAtomic: bigint;
  readonly source: string;
  readonly from: Address;
}

type PlanRequest = Parameters<typeof planSwap>[1];

const belowMinimum = (plan: SwapPlan, minBuyAtomic: bigint) =>
  new ServiceError(
    'state_conflict',
    `The market offers ${formatUnits(plan.route.buyAmount, plan.buy.decimals)} ${plan.buy.symbol} for this sale, less than the ${formatUnits(minBuyAtomic, plan.buy.decimals)} ${plan.buy.symbol} required. Nothing was sent.`,
  );

/**
 * The plan whose transaction accepts no less than `minBuyAtomic`: the venue encodes its minimum from the slippage, so
 * a guarantee tighter than the slippage is routed again with the slippage it leaves (venues take whole basis points).
 */
async function withMinimum(
  network: EvmNetwork,
  request: PlanRequest,
  plan: SwapPlan,
  minBuyAtomic: bigint | undefined,
): Promise<SwapPlan> {
  if (minBuyAtomic === undefined || plan.route.minBuyAmount >= minBuyAtomic) return plan;
  if (plan.route.buyAmount < minBuyAtomic) throw belowMinimum(plan, minBuyAtomic);
  const slippageBps = Number(((plan.route.buyAmount - minBuyAtomic) * 10_000n) / plan.route.buyAmount);
  const tighter = await planSwap(network, { ...request, slippagePercent: slippageBps / 100 });
  if (tighter.route.minBuyAmount < minBuyAtomic) throw belowMinimum(tighter, minBuyAtomic);
  return tighter;
}

/**
 * Executes an exact-input swap for an account from its vault: routes, approves the router/allowance target when the
 * allowance is short (exactly the sell amount), sends the swap and measures what arrived. Used by the swap tools and
 * by the conditional-order worker. Throws ServiceError 400s (unknown token, insufficient funds, no route) before
 * anything is signed.
 */
export async function executeSwap(
  context: Pick<HandlerContext, 'db' | 'masterKey' | 'evmNetworks'>,
  input: ExecuteSwapInput,
): Promise<ExecuteSwapResult> {
  const network = await evmNetworkOf(context, input.chainId);
  const signer = await vaultEvmSigner(context, input.accountId);
  const request = {
    sellToken: input.sellToken,
    buyToken: input.buyToken,
    sellAmount: input.sellAmount,
    taker: signer.address,
    slippagePercent: input.slippagePercent,
  };
  const plan = await withMinimum(network, request, await planSwap(network, request), input.minBuyAtomic);
  const { sell, buy, sellAtomic, route } = plan;
  let approvalTxHash: Hash | null = null;
  if (sell.address !== null && route.allowanceTarget) {
    const allowance = await network.publicClient.readContract({
      address: sell.address,
      abi: erc20Abi,
      functionName: 'allowance',
      args: [signer.address, route.allowanceTarget],
    });
    if (allowance < sellAtomic) {
      const data = encodeFunctionData({
        abi: erc20Abi,
        functionName: 'approve',
        args: [route.allowanceTarget, sellAtomic],
      });
      approvalTxHash = (
        await signAndSend(network, signer, { to: sell.address, data }, (hash) => input.onSigned?.(hash, 'approval'))
      ).hash;
    }
  }
  const before = await balanceOf(network, buy, signer.address);
  const sent = await signAndSend(
    network,
    signer,
    {
      to: route.transaction.to,
      data: route.transaction.data,
      value: route.transaction.value,
      ...(route.transaction.gas ? { gas: route.transaction.gas } : {}),
    },
    (hash) => input.onSigned?.(hash, 'swap'),
  );
  const after = await balanceOf(network, buy, signer.address);
  const boughtAtomic = after - before + (buy.address === null ? sent.feeWei : 0n);
  return {
    txHash: sent.hash,
    approvalTxHash,
    sell,
    buy,
    soldAtomic: sellAtomic,
    boughtAtomic,
    quotedBuyAtomic: route.buyAmount,
    minBuyAtomic: route.minBuyAmount,
    source: route.source,
    from: signer.address,
  };
}
