import { type Address, decodeErrorResult, decodeFunctionResult, encodeFunctionData, type Hex } from 'viem';

/** Multicall3's address: the same on Base, every chain it is deployed on, and every sandbox chain. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';

const AGGREGATE3_ABI = [
  {
    type: 'function',
    name: 'aggregate3',
    stateMutability: 'payable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'allowFailure', type: 'bool' },
          { name: 'callData', type: 'bytes' },
        ],
      },
    ],
    outputs: [
      {
        name: 'returnData',
        type: 'tuple[]',
        components: [
          { name: 'success', type: 'bool' },
          { name: 'returnData', type: 'bytes' },
        ],
      },
    ],
  },
] as const;

/**
 * Calldata of Multicall3 `aggregate3` making each call in order, each allowed to fail: a failed call is skipped
 * (its effects undone) and the others still take effect.
 */
export function aggregate3AllowingFailures(calls: readonly { target: Address; callData: Hex }[]): Hex {
  return encodeFunctionData({
    abi: AGGREGATE3_ABI,
    functionName: 'aggregate3',
    args: [calls.map(({ target, callData }) => ({ target, allowFailure: true, callData }))],
  });
}

/**
 * Each call's outcome in an `aggregate3` result (its eth_call answer), in call order: undefined when it succeeded,
 * else its revert reason (a Solidity `Error(string)`'s message when it has one).
 */
export function aggregate3Failures(result: Hex): (string | undefined)[] {
  const calls = decodeFunctionResult({ abi: AGGREGATE3_ABI, functionName: 'aggregate3', data: result });
  return calls.map(({ success, returnData }) => (success ? undefined : revertReason(returnData)));
}

function revertReason(returnData: Hex): string {
  try {
    const { errorName, args } = decodeErrorResult({ abi: [], data: returnData });
    return errorName === 'Error' ? String(args?.[0]) : `${errorName}(${args?.join(', ') ?? ''})`;
  } catch {
    return returnData === '0x' ? 'reverted without a reason' : `reverted with ${returnData}`;
  }
}
