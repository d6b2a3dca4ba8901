/**
 * pump.fun's trading fees on its bonding curves (docs/FEE_PROGRAM_README.md of pump-fun/pump-public-docs): the fee
 * program's FeeConfig account holds fee tiers by market cap (in lamports); a curve's protocol and creator fees are
 * those of the highest tier its market cap reaches (the first tier below the first threshold). Without a FeeConfig
 * the Global account's fee_basis_points and creator_fee_basis_points apply.
 */
import { anchorDiscriminator } from '../solana-chain/borsh.js';

export interface PumpFeeTier {
  readonly marketCapLamportsThreshold: bigint;
  readonly protocolFeeBps: bigint;
  readonly creatorFeeBps: bigint;
}

/**
 * Decodes the fee tiers of a FeeConfig account (pump_fees IDL): bump (u8) 8, admin 9, flat_fees (three u64) 41, then
 * fee_tiers as a Borsh vec (u32 length at 65) of {market_cap_lamports_threshold u128, fees {lp, protocol, creator}}.
 */
export function decodeFeeTiers(data: Uint8Array): readonly PumpFeeTier[] {
  const expected = anchorDiscriminator('account', 'FeeConfig');
  if (data.length < 69 || expected.some((byte, index) => data[index] !== byte))
    throw new Error('not a pump.fun FeeConfig account');
  const view = new DataView(data.buffer, data.byteOffset, data.byteLength);
  const count = view.getUint32(65, true);
  return Array.from({ length: count }, (_, index) => {
    const at = 69 + index * 40;
    const threshold = view.getBigUint64(at, true) + (view.getBigUint64(at + 8, true) << 64n);
    return {
      marketCapLamportsThreshold: threshold,
      protocolFeeBps: view.getBigUint64(at + 24, true),
      creatorFeeBps: view.getBigUint64(at + 32, true),
    };
  });
}

/** A curve's market cap in lamports: its virtual SOL times the mint's supply over its virtual tokens. */
export const curveMarketCapLamports = (curve: {
  readonly virtualSolReserves: bigint;
  readonly virtualTokenReserves: bigint;
  readonly tokenTotalSupply: bigint;
}) => (curve.virtualSolReserves * curve.tokenTotalSupply) / curve.virtualTokenReserves;

/** The tier whose fees apply at `marketCap` (pump-fees-math calculate_fee_tier); undefined without tiers. */
export function feeTierAt(tiers: readonly PumpFeeTier[], marketCap: bigint): PumpFeeTier | undefined {
  const [first] = tiers;
  if (!first || marketCap < first.marketCapLamportsThreshold) return first;
  return [...tiers].reverse().find((tier) => marketCap >= tier.marketCapLamportsThreshold) ?? first;
}
