// Gas per settled payment, read from the chain: the receipts of the `exact` settlement transactions a run saw, and
// the batch-settlement contract's transactions (deposits, claims, sweeps) in a range of blocks.
import { BATCH_SETTLEMENT_ADDRESS } from '@x402/evm';
import { decodeFunctionData, parseAbi } from 'viem';

/**
 * The batch-settlement contract's functions the bench reads or classifies, written from the published scheme
 * specification (`specs/schemes/batch-settlement/scheme_batch_settlement_evm.md`) and `@x402/evm` 2.27's ABI.
 */
export const BATCH_SETTLEMENT_ABI = parseAbi([
  'struct ChannelConfig { address payer; address payerAuthorizer; address receiver; address receiverAuthorizer; address token; uint40 withdrawDelay; bytes32 salt; }',
  'struct Voucher { ChannelConfig channel; uint128 maxClaimableAmount; }',
  'struct VoucherClaim { Voucher voucher; bytes signature; uint128 totalClaimed; }',
  'function deposit(ChannelConfig config, uint128 amount, address collector, bytes collectorData)',
  'function claim(VoucherClaim[] voucherClaims)',
  'function claimWithSignature(VoucherClaim[] voucherClaims, bytes authorizerSignature)',
  'function settle(address receiver, address token)',
  'function refundWithSignature(ChannelConfig config, uint128 amount, uint256 nonce, bytes receiverAuthorizerSignature)',
  'function multicall(bytes[] data) returns (bytes[] results)',
  'function receivers(address receiver, address token) view returns (uint128 totalClaimed, uint128 totalSettled)',
]);

/** Gas of the `exact` settlement transactions a run saw (hash -> payments it settled): totals over all of them. */
export async function gasOfSettlements(chain, transactions) {
  let gasUsed = 0n;
  let payments = 0;
  for (const [hash, count] of transactions) {
    gasUsed += (await chain.getTransactionReceipt({ hash })).gasUsed;
    payments += count;
  }
  return { transactions: transactions.size, payments, gasUsed };
}

/** What one call to the batch-settlement contract did: its function, and how many channels a claim covered. */
function callsIn(data) {
  const { functionName, args } = decodeFunctionData({ abi: BATCH_SETTLEMENT_ABI, data });
  if (functionName === 'multicall') return args[0].flatMap(callsIn);
  return [{ functionName, channels: functionName.startsWith('claim') ? args[0].length : 0 }];
}

/**
 * The batch-settlement contract's transactions mined in blocks [fromBlock, toBlock], summed by function: gas, how
 * many transactions, and (claims) how many channel entries they carried. A multicall counts under each function it
 * calls, its gas under the first one's name joined with the others' (e.g. `claimWithSignature+settle`).
 */
export async function batchSettlementGas(chain, { fromBlock, toBlock }) {
  const byFunction = {};
  for (let number = fromBlock; number <= toBlock; number++) {
    const block = await chain.getBlock({ blockNumber: number, includeTransactions: true });
    for (const tx of block.transactions) {
      if (tx.to?.toLowerCase() !== BATCH_SETTLEMENT_ADDRESS.toLowerCase()) continue;
      const receipt = await chain.getTransactionReceipt({ hash: tx.hash });
      if (receipt.status !== 'success') continue;
      const calls = callsIn(tx.input);
      const name = calls.map((call) => call.functionName).join('+');
      const entry = (byFunction[name] ??= { transactions: 0, gasUsed: 0n, channels: 0 });
      entry.transactions += 1;
      entry.gasUsed += receipt.gasUsed;
      entry.channels += calls.reduce((sum, call) => sum + call.channels, 0);
    }
  }
  return byFunction;
}
