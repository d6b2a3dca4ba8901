import { longZeroAddressOf } from '@svc/chains';
import { ServiceError } from '@svc/contracts';
import type { Handler } from '../handler.js';

/**
 * Hedera's long-zero EVM address of an entity: shard (4 bytes) ‖ realm (8 bytes) ‖ num (8 bytes), as the
 * network itself derives it (HIP-583 "long-zero" form). Pure: no network call.
 */
export function entityIdToLongZeroAddress(entityId: string): `0x${string}` {
  const [shard, realm, num] = entityId.split('.').map((part) => BigInt(part));
  if (shard === undefined || realm === undefined || num === undefined)
    throw new ServiceError('invalid_input', `Not a 0.0.x entity id: "${entityId}".`);
  const tooBig = [shard >= 2n ** 32n && 'shard', realm >= 2n ** 64n && 'realm', num >= 2n ** 64n && 'num'].filter(
    Boolean,
  );
  if (tooBig.length > 0) {
    throw new ServiceError(
      'invalid_input',
      `${entityId}: ${tooBig.join(', ')} out of range (shard < 2^32, realm and num < 2^64).`,
      {
        issues: tooBig.map((part) => ({
          field: 'contractId',
          rule: 'too_big',
          message: `${part} is out of range`,
          limit: part === 'shard' ? 2 ** 32 - 1 : '2^64-1',
        })),
      },
    );
  }
  return longZeroAddressOf(entityId) as `0x${string}`;
}

export const hederaContractIdToEvmAddress: Handler<'hederaContractIdToEvmAddress'> = async ({ contractId }) => ({
  contractId,
  evmAddress: entityIdToLongZeroAddress(contractId),
});
