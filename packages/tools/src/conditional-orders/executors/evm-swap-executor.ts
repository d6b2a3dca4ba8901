import { evmChainByKey } from '@svc/chains';
import { slippageOf } from '@svc/store';
import { type Address, erc20Abi, formatUnits, type Hash, parseAbi, parseEventLogs, parseUnits } from 'viem';
import type { HandlerContext } from '../../handler.js';
import { evmNetworkOf } from '../../evm/evm-networks.js';
import { executeSwap } from '../../evm/swap/execute-swap.js';
import { vaultEvmSigner } from '../../evm/vault-signer.js';
import type { SwapExecutor, SwapOutcome, SwapRequest } from '../engine/swap-executor.js';
import { truncatedQuantity } from './token-quantity.js';
import { isNative } from '@svc/providers';

/** Native output reaches the vault through the wrapped coin's Withdrawal (the router unwraps it). */
const TRANSFER_EVENTS = parseAbi([
  'event Transfer(address indexed from, address indexed to, uint256 value)',
  'event Withdrawal(address indexed src, uint256 wad)',
]);

/** How long a reconciliation waits for a pending transaction to be mined before it gives up (and retries later). */
const RECEIPT_TIMEOUT_MS = 120_000;

type Chains = Pick<HandlerContext, 'db' | 'masterKey' | 'evmNetworks'>;

/**
 * The conditional-order SwapExecutor of one EVM network: the EVM tools' exact-input swap (executeSwap) from the
 * account's vault with the account's swap slippage on the route's quote, never filling below the order's minimum; the
 * swap's hash is handed to the engine before broadcast. Reconciliation reads the recorded transaction's receipt
 * (waiting for it while the transaction is still pending): mined successfully (with what reached the vault, from its
 * Transfer / Withdrawal logs), reverted, or unknown to the chain.
 */
export function evmSwapExecutor(chains: Chains, network: 'ethereum' | 'bsc' | 'polygon' | 'base'): SwapExecutor {
  const chainId = (evmChainByKey(network) as { chainId: number }).chainId;
  const decimalsOf = async (token: string): Promise<number> => {
    if (isNative(token)) return 18;
    const { publicClient } = await evmNetworkOf(chains, chainId);
    return publicClient.readContract({ address: token as Address, abi: erc20Abi, functionName: 'decimals' });
  };
  return {
    async execute(request: SwapRequest, beforeBroadcast): Promise<SwapOutcome> {
      const [{ swapSlippage }, sellDecimals, buyDecimals] = await Promise.all([
        slippageOf(chains.db, request.accountId),
        decimalsOf(request.sellToken),
        decimalsOf(request.buyToken),
      ]);
      const result = await executeSwap(chains, {
        accountId: request.accountId,
        chainId,
        sellToken: request.sellToken,
        buyToken: request.buyToken,
        sellAmount: truncatedQuantity(request.sellQuantity, sellDecimals),
        slippagePercent: swapSlippage,
        minBuyAtomic:
          request.minBuyQuantity === undefined
            ? undefined
            : parseUnits(truncatedQuantity(request.minBuyQuantity, buyDecimals), buyDecimals),
        onSigned: async (hash, kind) => {
          if (kind === 'swap') await beforeBroadcast(hash);
        },
      });
      return {
        status: 'confirmed',
        txHash: result.txHash,
        soldQuantity: formatUnits(result.soldAtomic, result.sell.decimals),
        boughtQuantity: formatUnits(result.boughtAtomic, result.buy.decimals),
      };
    },
    async reconcile(request: SwapRequest, txHash: string): Promise<SwapOutcome | 'unknown'> {
      const { publicClient } = await evmNetworkOf(chains, chainId);
      const hash = txHash as Hash;
      // A transaction still pending may yet be mined: releasing its order would let a retry swap a second time.
      const pending = await publicClient.getTransaction({ hash }).catch(() => undefined);
      if (!pending) return 'unknown';
      const receipt = await publicClient.waitForTransactionReceipt({ hash, timeout: RECEIPT_TIMEOUT_MS });
      if (receipt.status !== 'success') return { status: 'failed', txHash, reason: `transaction ${txHash} reverted` };
      const vault = (await vaultEvmSigner(chains, request.accountId)).address.toLowerCase();
      const logs = parseEventLogs({ abi: TRANSFER_EVENTS, logs: receipt.logs });
      const moved = (token: string, to: boolean) =>
        logs.reduce((sum, log) => {
          if (
            log.eventName === 'Transfer' &&
            log.address.toLowerCase() === token.toLowerCase() &&
            (to ? log.args.to : log.args.from).toLowerCase() === vault
          )
            return sum + log.args.value;
          return sum;
        }, 0n);
      const unwrapped = logs.reduce((sum, log) => (log.eventName === 'Withdrawal' ? sum + log.args.wad : sum), 0n);
      const [sellDecimals, buyDecimals] = await Promise.all([
        decimalsOf(request.sellToken),
        decimalsOf(request.buyToken),
      ]);
      const sold = isNative(request.sellToken)
        ? (await publicClient.getTransaction({ hash: txHash as Hash })).value
        : moved(request.sellToken, false);
      const bought = isNative(request.buyToken) ? unwrapped : moved(request.buyToken, true);
      return {
        status: 'confirmed',
        txHash,
        soldQuantity: formatUnits(sold, sellDecimals),
        boughtQuantity: formatUnits(bought, buyDecimals),
      };
    },
  };
}
