/**
 * Test data: Meteora DBC and fee-sharing accounts as the programs lay them out (offsets of the published IDLs; the
 * DBC ones checked byte for byte against the SDK's own coder in dbc-program.test.ts). Fields left out are zero.
 */
import { type Address, getAddressEncoder } from '@solana/kit';
import { anchorDiscriminator } from '../solana-chain/borsh.js';
import { WRAPPED_SOL_MINT } from './dbc-program.js';

function writer(size: number, account: string) {
  const data = new Uint8Array(8 + size);
  data.set(anchorDiscriminator('account', account), 0);
  const view = new DataView(data.buffer);
  return {
    data,
    key: (offset: number, value: Address | undefined) => value && data.set(getAddressEncoder().encode(value), offset),
    u8: (offset: number, value: number | undefined) => (data[offset] = value ?? 0),
    u32: (offset: number, value: number | undefined) => view.setUint32(offset, value ?? 0, true),
    u64: (offset: number, value: bigint | undefined) => view.setBigUint64(offset, value ?? 0n, true),
    u128: (offset: number, value: bigint | undefined) => {
      view.setBigUint64(offset, (value ?? 0n) & 0xffff_ffff_ffff_ffffn, true);
      view.setBigUint64(offset + 8, (value ?? 0n) >> 64n, true);
    },
  };
}

export function encodeDbcPoolConfig(values: {
  quoteMint?: Address;
  feeClaimer?: Address;
  collectFeeMode?: number;
  activationType?: number;
  tokenDecimals?: number;
  tokenType?: number;
  creatorTradingFeePercentage?: number;
  migrationQuoteThreshold?: bigint;
  poolCreationFee?: bigint;
}): Uint8Array {
  const out = writer(1040, 'PoolConfig');
  out.key(8, values.quoteMint ?? WRAPPED_SOL_MINT);
  out.key(40, values.feeClaimer);
  out.u8(232, values.collectFeeMode);
  out.u8(234, values.activationType);
  out.u8(235, values.tokenDecimals);
  out.u8(237, values.tokenType);
  out.u8(245, values.creatorTradingFeePercentage);
  out.u64(264, values.migrationQuoteThreshold);
  out.u64(368, values.poolCreationFee);
  return out.data;
}

export function encodeDbcVirtualPool(values: {
  config?: Address;
  creator?: Address;
  baseMint?: Address;
  baseVault?: Address;
  quoteVault?: Address;
  baseReserve?: bigint;
  quoteReserve?: bigint;
  protocolQuoteFee?: bigint;
  sqrtPrice?: bigint;
  activationPoint?: bigint;
  isMigrated?: boolean;
  finishCurveTimestamp?: bigint;
  creatorBaseFee?: bigint;
  creatorQuoteFee?: bigint;
}): Uint8Array {
  const out = writer(416, 'VirtualPool');
  out.key(72, values.config);
  out.key(104, values.creator);
  out.key(136, values.baseMint);
  out.key(168, values.baseVault);
  out.key(200, values.quoteVault);
  out.u64(232, values.baseReserve);
  out.u64(240, values.quoteReserve);
  out.u64(256, values.protocolQuoteFee);
  out.u128(280, values.sqrtPrice);
  out.u64(296, values.activationPoint);
  out.u8(305, values.isMigrated ? 1 : 0);
  out.u64(344, values.finishCurveTimestamp);
  out.u64(352, values.creatorBaseFee);
  out.u64(360, values.creatorQuoteFee);
  return out.data;
}

/** A PDA fee vault of wrapped SOL (state/fee_vault.rs): holders in index order. */
export function encodeDfsFeeVault(values: {
  owner: Address;
  tokenVault?: Address;
  base?: Address;
  totalFundedFee?: bigint;
  feePerShare?: bigint;
  users: readonly { address: Address; share: number; feeClaimed?: bigint; checkpoint?: bigint }[];
}): Uint8Array {
  const out = writer(640, 'FeeVault');
  out.key(8, values.owner);
  out.key(40, WRAPPED_SOL_MINT);
  out.key(72, values.tokenVault);
  out.u8(105, 1); // fee_vault_type: PDA
  out.u32(
    120,
    values.users.reduce((sum, user) => sum + user.share, 0),
  );
  out.u64(128, values.totalFundedFee);
  out.u128(136, values.feePerShare);
  out.key(152, values.base);
  values.users.forEach((user, index) => {
    const at = 248 + 80 * index;
    out.key(at, user.address);
    out.u32(at + 32, user.share);
    out.u64(at + 40, user.feeClaimed);
    out.u128(at + 64, user.checkpoint);
  });
  return out.data;
}
