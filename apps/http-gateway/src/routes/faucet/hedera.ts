import { HBAR, HBAR_DECIMALS, HederaLedgerError, isEntityId, isEvmAddress, longZeroAddressOf } from '@svc/chains';
import { invalidField } from '@svc/contracts';
import { z } from 'zod';
import type { FaucetFamily } from './family.js';

/**
 * HBAR and the seeded HTS tokens on the sandbox Hedera ledger. A token is named by symbol, token id (0.0.x) or its
 * long-zero EVM address; the address is an account id or an EVM address (an alias: its first funding creates the
 * account, as Hedera's auto account creation does). Funding is a treasury-signed TransferTransaction.
 */
export const hederaFaucet: FaucetFamily = {
  chains: ['hedera'],
  maxAtomic: { value: 2n ** 63n - 1n, type: 'int64' },
  address: z
    .string()
    .refine(
      (address) => isEntityId(address) || isEvmAddress(address),
      'must be a Hedera account id (0.0.x) or a 0x EVM address',
    ),
  chainOf: (token) => (token === HBAR ? 'hedera' : undefined),
  async describe(sandbox, chain) {
    const ledger = await sandbox.hedera();
    const symbolOf = (asset: string) => (asset === HBAR ? HBAR : (ledger.token(asset)?.symbol ?? asset));
    return {
      chain,
      network: 'hedera:mainnet',
      rpcUrl: null,
      nativeSymbol: HBAR,
      tokens: [
        { symbol: HBAR, decimals: HBAR_DECIMALS, address: null },
        ...ledger.tokens.map(({ symbol, decimals, tokenId }) => ({
          symbol,
          decimals,
          address: tokenId,
          evmAddress: longZeroAddressOf(tokenId),
        })),
      ],
      pools: ledger.pools().map((pool) => ({
        address: pool.contractId,
        evmAddress: pool.evmAddress,
        tokens: [symbolOf(pool.assets[0]), symbolOf(pool.assets[1])] as const,
        reserves: pool.reserves.map(String),
      })),
      swapRouter: ledger.routerId,
      launchpad: { kind: 'memejob', address: ledger.memejobId, evmAddress: longZeroAddressOf(ledger.memejobId) },
    };
  },
  async fund(sandbox, { address, token, atomic }) {
    const ledger = await sandbox.hedera();
    const record = await ledger.fund(address, token.address ?? HBAR, atomic).catch((error: unknown) => {
      // An account id is only checked against the ledger by the transfer itself.
      if (error instanceof HederaLedgerError && error.status === 'INVALID_ACCOUNT_ID') {
        throw invalidField(
          'address',
          'unknown_account',
          `no account ${address} on the sandbox Hedera ledger; fund its EVM address to create one`,
        );
      }
      throw error;
    });
    return {
      transaction: record.transactionId,
      accountId: ledger.account(address)?.accountId ?? null,
      consensusTimestamp: record.consensusTimestamp,
    };
  },
};
