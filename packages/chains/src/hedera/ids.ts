/** Hedera entity ids (`shard.realm.num`) and their EVM forms, shared by the sandbox ledger, the live adapters and the tools. */

/** What HBAR is called wherever an asset is either HBAR or an HTS token id. */
export const HBAR = 'HBAR';
/** 1 HBAR = 10^8 tinybars. */
export const HBAR_DECIMALS = 8;
/** The token id that means HBAR in swap tools (the spec's 0.0.000000; any all-zero id). */
export const isHbarTokenId = (tokenId: string) => /^0+\.0+\.0+$/.test(tokenId);

const ENTITY_ID = /^(\d+)\.(\d+)\.(\d+)$/;
const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/;

export const isEntityId = (text: string) => ENTITY_ID.test(text);
export const isEvmAddress = (text: string) => EVM_ADDRESS.test(text);

/** `0.0.N` for shard 0 realm 0 num N. */
export const entityId = (num: bigint | number) => `0.0.${num}`;

/**
 * The long-zero EVM address of an entity (HIP-583): shard (4 bytes) ‖ realm (8) ‖ num (8). Lower case. Undefined for
 * a part out of range.
 */
export function longZeroAddressOf(id: string): `0x${string}` | undefined {
  const match = ENTITY_ID.exec(id);
  if (!match) return undefined;
  const [shard, realm, num] = match.slice(1).map((part) => BigInt(part)) as [bigint, bigint, bigint];
  if (shard >= 2n ** 32n || realm >= 2n ** 64n || num >= 2n ** 64n) return undefined;
  const hex = (value: bigint, bytes: number) => value.toString(16).padStart(bytes * 2, '0');
  return `0x${hex(shard, 4)}${hex(realm, 8)}${hex(num, 8)}`;
}

/** The entity id a long-zero EVM address names (first 12 bytes zero, as the network mints them), else undefined. */
export function entityIdOfLongZero(address: string): string | undefined {
  if (!isEvmAddress(address)) return undefined;
  const hex = address.slice(2).toLowerCase();
  if (!hex.startsWith('000000000000000000000000')) return undefined;
  return entityId(BigInt(`0x${hex.slice(24)}`));
}
