import { invalidField, ServiceError } from '@svc/contracts';
import { erc20Abi, type Address } from 'viem';
import type { EvmNetwork, SwapToken } from '@svc/providers';
import { UINT256, withinAtomicLimit } from '../atomic-limits.js';

/** The field's value, or the 400 "<field> is required to send" the catalog descriptions promise. */
export function requiredToSend<T>(value: T | undefined, field: string): T {
  if (value === undefined) throw invalidField(field, 'required', `${field} is required to send`);
  return value;
}

/** Balance of `owner` in `token` (atomic). */
export async function balanceOf(network: EvmNetwork, token: SwapToken, owner: Address): Promise<bigint> {
  if (token.address === null) return network.publicClient.getBalance({ address: owner });
  return network.publicClient.readContract({
    address: token.address,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  });
}

/**
 * A positive decimal amount in whole-token units as atomic units, at most a uint256. More fractional digits than the token has is a 400
 * (rounding would move a different amount than asked).
 */
export function atomicAmount(amount: string, decimals: number, field: string): bigint {
  const [whole = '0', fraction = ''] = amount.split('.');
  if (fraction.length > decimals)
    throw invalidField(field, 'precision', `has more than the token's ${decimals} decimals`);
  const atomic = BigInt(whole) * 10n ** BigInt(decimals) + BigInt(fraction.padEnd(decimals, '0') || '0');
  if (atomic === 0n) throw invalidField(field, 'too_small', 'rounds to zero');
  return withinAtomicLimit(atomic, UINT256, field);
}

/** The 400 for a send or swap larger than the balance; nothing has moved. */
export function insufficientFunds(field: string, token: SwapToken, needed: string, held: string): ServiceError {
  return invalidField(
    field,
    'insufficient_funds',
    `needs ${needed} ${token.symbol}, the vault holds ${held} ${token.symbol}`,
  );
}
