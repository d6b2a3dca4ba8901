/**
 * Sandbox reset for an anvil chain: an `evm_snapshot` taken when the chain has just started (its contracts placed),
 * restored with `evm_revert` on reset. Anvil snapshots are single-use, so each revert takes a new one at once.
 */
import { type Address, type Chain, createPublicClient, createTestClient, http } from 'viem';

/**
 * Takes the chain's seed snapshot now and returns the reset restoring it. The accounts `keepNoncesOf` names keep
 * their nonces across a reset: their senders in this process (the facilitator's settlers, the market maker, the vault
 * minter) hand out nonces themselves, and a nonce above the chain's would leave their next transactions queued forever.
 */
export async function seedSnapshot(
  chain: Chain,
  rpcUrl: string,
  keepNoncesOf: () => readonly Address[],
): Promise<() => Promise<void>> {
  const transport = http(rpcUrl, { retryCount: 0 });
  const testClient = createTestClient({ chain, transport, mode: 'anvil' });
  const publicClient = createPublicClient({ chain, transport });
  let snapshot = await testClient.snapshot();
  return async function reset(): Promise<void> {
    const accounts = keepNoncesOf();
    const nonces = await Promise.all(
      accounts.map((address) => publicClient.getTransactionCount({ address, blockTag: 'pending' })),
    );
    // anvil answers true or false (viem types the answer as nothing).
    const reverted: unknown = await testClient.request({ method: 'evm_revert', params: [snapshot] });
    if (reverted !== true) throw new Error(`anvil chain ${chain.id} refused to revert to snapshot ${snapshot}`);
    await Promise.all(accounts.map((address, index) => testClient.setNonce({ address, nonce: nonces[index]! })));
    snapshot = await testClient.snapshot();
  };
}
