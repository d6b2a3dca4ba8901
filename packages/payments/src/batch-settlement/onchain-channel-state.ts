import { BATCH_SETTLEMENT_ADDRESS } from '@x402/evm';
import { createPublicClient, getAddress, type Hex, http, parseAbi } from 'viem';

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
const CHANNEL_STATE_ABI = parseAbi([
  'function channels(bytes32 channelId) view returns (uint128 balance, uint128 totalClaimed)',
  'function pendingWithdrawals(bytes32 channelId) view returns (uint128 amount, uint40 initiatedAt)',
]);

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
