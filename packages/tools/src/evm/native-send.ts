import { formatUnits } from '@svc/payments';
import { getAddress } from 'viem';
import { callerOf, type HandlerContext, withCommitPoint } from '../handler.js';
import { vaultEvmAddress } from './balances.js';
import { evmNetworkOf } from './evm-networks.js';
import { atomicAmount, balanceOf, insufficientFunds, requiredToSend } from './evm-tokens.js';
import { signAndSend, vaultEvmSigner } from './vault-signer.js';

/** Gas of a plain native transfer to an address without code. */
const TRANSFER_GAS = 21_000n;

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
    const [balance, fees] = await Promise.all([balanceOf(network, native, from), network.publicClient.estimateFeesPerGas()]);
    const feeCap = TRANSFER_GAS * fees.maxFeePerGas;
    const reserve = NATIVE_GAS_RESERVE[chainId] ?? 0n;
    const value = input.amount === 'max' ? balance - reserve - feeCap : atomicAmount(input.amount, native.decimals, 'amount');
    if (value <= 0n || value + feeCap > balance) {
      const needed = input.amount === 'max' ? formatUnits(reserve + feeCap, native.decimals) : formatUnits(value + feeCap, native.decimals);
      throw insufficientFunds('amount', native, `${needed} (amount + gas${input.amount === 'max' ? ' + reserve' : ''})`, formatUnits(balance, native.decimals));
    }
    const signer = await vaultEvmSigner(context, callerOf(context).accountId);
    const sent = await signAndSend(network, signer, { to, value, gas: TRANSFER_GAS, fees: { maxFeePerGas: fees.maxFeePerGas, maxPriorityFeePerGas: fees.maxPriorityFeePerGas } }, context.commit);
    return { chainId, txHash: sent.hash, from, to, amount: formatUnits(value, native.decimals), symbol: native.symbol, feeWei: sent.feeWei.toString() };
  });
