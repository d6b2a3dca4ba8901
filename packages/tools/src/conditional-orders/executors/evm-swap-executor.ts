import { evmChainByKey } from '@svc/chains';
import { slippageOf } from '@svc/store';
import { type Address, erc20Abi, formatUnits, type Hash, parseAbi, parseEventLogs } from 'viem';
import type { HandlerContext } from '../../handler.js';
import { evmNetworkOf } from '../../evm/evm-networks.js';
import { executeSwap } from '../../evm/swap/execute-swap.js';
import { vaultEvmSigner } from '../../evm/vault-signer.js';
import type { SwapExecutor, SwapOutcome, SwapRequest } from '../engine/swap-executor.js';

const ETH_NATIVE = '0xeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeeee';
const isNative = (token: string) => token.toLowerCase() === ETH_NATIVE;
/** Native output reaches the vault through the wrapped coin's Withdrawal (the router unwraps it). */
const TRANSFER_EVENTS = parseAbi(['event Transfer(address indexed from, address indexed to, uint256 value)', 'event Withdrawal(address indexed src, uint256 wad)']);

type Chains = Pick<HandlerContext, 'db' | 'masterKey' | 'evmNetworks'>;

/** A decimal quantity cut to a token's decimals (the engine writes up to 9 places; USDC has 6). */
function truncated(quantity: string, decimals: number): string {
  const [whole, fraction = ''] = quantity.split('.');
  const kept = fraction.slice(0, decimals).replace(/0+$/, '');
  return kept ? `${whole}.${kept}` : (whole as string);
}

/**
 * The conditional-order SwapExecutor of one EVM network: the EVM tools' exact-input swap (executeSwap) from the
 * account's vault with the account's swap slippage on the route's quote; the swap's hash is handed to the engine
 * before broadcast. Reconciliation reads the recorded transaction's receipt: mined successfully (with what reached
 * the vault, from its Transfer / Withdrawal logs), reverted, or unknown to the chain.
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
      const [{ swapSlippage }, sellDecimals] = await Promise.all([slippageOf(chains.db, request.accountId), decimalsOf(request.sellToken)]);
      const result = await executeSwap(chains, {
        accountId: request.accountId,
        chainId,
        sellToken: request.sellToken,
        buyToken: request.buyToken,
        sellAmount: truncated(request.sellQuantity, sellDecimals),
        slippagePercent: swapSlippage,
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
      const receipt = await publicClient.getTransactionReceipt({ hash: txHash as Hash }).catch(() => undefined);
      if (!receipt) return 'unknown';
      if (receipt.status !== 'success') return { status: 'failed', txHash, reason: `transaction ${txHash} reverted` };
      const vault = (await vaultEvmSigner(chains, request.accountId)).address.toLowerCase();
      const logs = parseEventLogs({ abi: TRANSFER_EVENTS, logs: receipt.logs });
      const moved = (token: string, to: boolean) =>
        logs.reduce((sum, log) => {
          if (log.eventName === 'Transfer' && log.address.toLowerCase() === token.toLowerCase() && (to ? log.args.to : log.args.from).toLowerCase() === vault) return sum + log.args.value;
          return sum;
        }, 0n);
      const unwrapped = logs.reduce((sum, log) => (log.eventName === 'Withdrawal' ? sum + log.args.wad : sum), 0n);
      const [sellDecimals, buyDecimals] = await Promise.all([decimalsOf(request.sellToken), decimalsOf(request.buyToken)]);
      const sold = isNative(request.sellToken) ? (await publicClient.getTransaction({ hash: txHash as Hash })).value : moved(request.sellToken, false);
      const bought = isNative(request.buyToken) ? unwrapped : moved(request.buyToken, true);
      return { status: 'confirmed', txHash, soldQuantity: formatUnits(sold, sellDecimals), boughtQuantity: formatUnits(bought, buyDecimals) };
    },
  };
}
