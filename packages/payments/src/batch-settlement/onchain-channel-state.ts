import { BATCH_SETTLEMENT_ADDRESS } from '@x402/evm';
import { createPublicClient, getAddress, type Hex, http } from 'viem';

/** What the settlement contract holds for one channel now. */
export interface OnchainChannelState {
  readonly balance: string;
  readonly totalClaimed: string;
  /** When the payer's pending timed withdrawal began (epoch seconds), 0 when none. */
  readonly withdrawRequestedAt: number;
}

/** Reads channels' state from the settlement contract. */
export interface ChannelStateReader {
  stateOf(channelId: string): Promise<OnchainChannelState>;
}

/** The contract's public getters for a channel (`channels`, `pendingWithdrawals`). */
const CHANNEL_STATE_ABI = [
  {
    type: 'function',
    name: 'channels',
    stateMutability: 'view',
    inputs: [{ name: 'channelId', type: 'bytes32' }],
    outputs: [
      { name: 'balance', type: 'uint128' },
      { name: 'totalClaimed', type: 'uint128' },
    ],
  },
  {
    type: 'function',
    name: 'pendingWithdrawals',
    stateMutability: 'view',
    inputs: [{ name: 'channelId', type: 'bytes32' }],
    outputs: [
      { name: 'amount', type: 'uint128' },
      { name: 'initiatedAt', type: 'uint40' },
    ],
  },
] as const;

/** The batch-settlement contract at the SDK's address on the chain `rpcUrl` serves, read at one block. */
export function evmChannelStateReader(rpcUrl: string): ChannelStateReader {
  const client = createPublicClient({ transport: http(rpcUrl) });
  const address = getAddress(BATCH_SETTLEMENT_ADDRESS);
  return {
    async stateOf(channelId) {
      const blockNumber = await client.getBlockNumber();
      const args = [channelId as Hex] as const;
      const [[balance, totalClaimed], [, initiatedAt]] = await Promise.all([
        client.readContract({ address, abi: CHANNEL_STATE_ABI, functionName: 'channels', args, blockNumber }),
        client.readContract({ address, abi: CHANNEL_STATE_ABI, functionName: 'pendingWithdrawals', args, blockNumber }),
      ]);
      return { balance: balance.toString(), totalClaimed: totalClaimed.toString(), withdrawRequestedAt: initiatedAt };
    },
  };
}
