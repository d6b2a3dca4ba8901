import { formatUnits } from '@svc/payments';
import { invalidField } from '@svc/contracts';
import { type Address, BaseError, ExecutionRevertedError, getAddress } from 'viem';
import { callerOf, type HandlerContext, withCommitPoint } from '../handler.js';
import { vaultEvmAddress } from './balances.js';
import { evmNetworkOf } from './evm-networks.js';
import { atomicAmount, balanceOf, insufficientFunds, requiredToSend } from './evm-tokens.js';
import { signAndSend, vaultEvmSigner } from './vault-signer.js';
import type { EvmNetwork } from '@svc/providers';

/**
 * What 'max' leaves behind for later transactions (approvals, swaps), in native atomic units, on top of the send's own
 * fee: 0.0005 ETH on the ETH chains, 0.002 BNB, 1 POL (each roughly $1–2 at typical prices).
 */
export const NATIVE_GAS_RESERVE: Readonly<Record<number, bigint>> = {
  1: 500_000_000_000_000n,
  56: 2_000_000_000_000_000n,
  137: 1_000_000_000_000_000_000n,
  8453: 500_000_000_000_000n,
  4663: 500_000_000_000_000n,
};

/**
 * Native send: `amount` in whole native units, or 'max' = balance − NATIVE_GAS_RESERVE − this transfer's maximum fee.
 * Output: {chainId, txHash, from, to, amount, symbol, feeWei}.
 */
export const nativeSend = (chainId: number) =>
  withCommitPoint(async (input: { to?: string | undefined; amount: string }, context: HandlerContext) => {
    const to = getAddress(requiredToSend(input.to, 'to'));
    const network = await evmNetworkOf(context, chainId);
    const from = await vaultEvmAddress(context);
    const native = { address: null, symbol: network.registry.nativeSymbol, decimals: network.registry.nativeDecimals };
    const [balance, fees] = await Promise.all([
      balanceOf(network, native, from),
      network.publicClient.estimateFeesPerGas(),
    ]);
    const reserve = NATIVE_GAS_RESERVE[chainId] ?? 0n;
    const requested = input.amount === 'max' ? undefined : atomicAmount(input.amount, native.decimals, 'amount');
    const gas = await transferGas(network, { from, to, value: requested ?? balance - reserve, balance });
    const feeCap = gas * fees.maxFeePerGas;
    const value = requested ?? balance - reserve - feeCap;
    if (value <= 0n || value + feeCap > balance) {
      const needed =
        requested === undefined
          ? formatUnits(reserve + feeCap, native.decimals)
          : formatUnits(value + feeCap, native.decimals);
      throw insufficientFunds(
        'amount',
        native,
        `${needed} (amount + gas${requested === undefined ? ' + reserve' : ''})`,
        formatUnits(balance, native.decimals),
      );
    }
    const signer = await vaultEvmSigner(context, callerOf(context).accountId);
    const sent = await signAndSend(
      network,
      signer,
      { to, value, gas, fees: { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas } },
      context.commit,
    );
    return {
      chainId,
      txHash: sent.hash,
      from,
      to,
      amount: formatUnits(value, native.decimals),
      symbol: native.symbol,
      feeWei: sent.feeWei.toString(),
    };
  });

/**
 * The gas of sending `value` to `to`, as the node estimates it (as for token sends, whose gas viem estimates): a
 * contract, smart wallet or delegated account runs code on receipt, which a fixed 21,000 would run out of after the
 * payment settled. Estimated with at most the balance, so a send larger than the balance still gets its
 * insufficient-funds answer; a recipient that refuses the transfer is a 400 before anything is paid.
 */
async function transferGas(
  network: EvmNetwork,
  transfer: { from: Address; to: Address; value: bigint; balance: bigint },
): Promise<bigint> {
  const value = transfer.value < 0n ? 0n : transfer.value > transfer.balance ? transfer.balance : transfer.value;
  try {
    return await network.publicClient.estimateGas({ account: transfer.from, to: transfer.to, value });
  } catch (error) {
    if (error instanceof BaseError && error.walk((cause) => cause instanceof ExecutionRevertedError)) {
      throw invalidField(
        'to',
        'transfer_refused',
        `${transfer.to} runs code that refuses this transfer (it reverts), so nothing was sent`,
      );
    }
    throw error;
  }
}
