import { generateKeyPairSigner } from '@solana/kit';
import { describe, expect, it } from 'vitest';
import {
  encodePumpAccount as encodeAccount,
  encodePumpFeeConfig,
  PUMP_FEES_IDL_EXCERPT as feesIdl,
  PUMP_IDL_EXCERPT as idl,
  RECORDED_GLOBAL,
  recordedPumpGlobal,
} from './pump-accounts-testing.js';
import { curveMarketCapLamports, decodeFeeTiers, feeTierAt } from './pump-fees.js';
import {
  decodeBondingCurve,
  decodeGlobal,
  PUMP_FEES_PROGRAM_ADDRESS,
  PUMP_MAYHEM_PROGRAM_ADDRESS,
  PUMP_PROGRAM_ADDRESS,
} from './pump-program.js';
import { anchorDiscriminator } from '../solana-chain/borsh.js';

const keys = async (count: number) =>
  Promise.all(Array.from({ length: count }, async () => (await generateKeyPairSigner()).address));

describe('pump.fun program layouts (published IDL)', () => {
  it('uses the IDL program addresses and Anchor discriminators', () => {
    expect(PUMP_PROGRAM_ADDRESS).toBe(idl.address);
    expect(PUMP_FEES_PROGRAM_ADDRESS).toBe(feesIdl.address);
    const create = idl.instructions.find((entry) => entry.name === 'create_v2')!;
    expect(create.accounts.find((account) => account.name === 'mayhem_program_id')!.address).toBe(
      PUMP_MAYHEM_PROGRAM_ADDRESS,
    );
    for (const instruction of idl.instructions)
      expect([...anchorDiscriminator('global', instruction.name)], instruction.name).toEqual(instruction.discriminator);
    for (const account of [...idl.accounts, ...feesIdl.accounts])
      expect([...anchorDiscriminator('account', account.name)]).toEqual(account.discriminator);
  });

  it('decodes a BondingCurve laid out as the IDL lists it: SOL-paired (default quote mint) or not', async () => {
    const [creator, usdc] = await keys(2);
    const fields = {
      virtual_token_reserves: 1_073_000_000_000_000n,
      virtual_quote_reserves: 30_000_000_000n,
      real_token_reserves: 793_100_000_000_000n,
      real_quote_reserves: 0n,
      token_total_supply: 1_000_000_000_000_000n,
      complete: false,
      creator: creator!,
      is_mayhem_mode: true,
    };
    expect(decodeBondingCurve(encodeAccount('BondingCurve', fields))).toEqual({
      virtualTokenReserves: 1_073_000_000_000_000n,
      virtualSolReserves: 30_000_000_000n,
      realTokenReserves: 793_100_000_000_000n,
      realSolReserves: 0n,
      tokenTotalSupply: 1_000_000_000_000_000n,
      complete: false,
      creator,
      isMayhemMode: true,
      quoteMint: undefined,
    });
    expect(decodeBondingCurve(encodeAccount('BondingCurve', { ...fields, quote_mint: usdc! })).quoteMint).toBe(usdc);
    // An account created before the later fields existed (81 bytes): SOL-paired, no mayhem mode.
    const old = decodeBondingCurve(encodeAccount('BondingCurve', fields).subarray(0, 81));
    expect(old).toMatchObject({ creator, isMayhemMode: false, quoteMint: undefined });
  });

  it('decodes the Global launch constants, fees and the three fee-recipient lists at their IDL offsets', async () => {
    const [feeRecipient, reserved, ...more] = await keys(2 + 7 + 7 + 8);
    const global = decodeGlobal(
      encodeAccount('Global', {
        initialized: true,
        fee_recipient: feeRecipient!,
        initial_virtual_token_reserves: 1_073_000_000_000_000n,
        initial_virtual_sol_reserves: 30_000_000_000n,
        initial_real_token_reserves: 793_100_000_000_000n,
        token_total_supply: 1_000_000_000_000_000n,
        fee_basis_points: 95n,
        enable_migrate: true,
        creator_fee_basis_points: 30n,
        fee_recipients: more.slice(0, 7),
        create_v2_enabled: true,
        reserved_fee_recipient: reserved!,
        mayhem_mode_enabled: true,
        reserved_fee_recipients: more.slice(7, 14),
        is_cashback_enabled: true,
        buyback_fee_recipients: more.slice(14),
        buyback_basis_points: 7n,
      }),
    );
    expect(global).toEqual({
      feeRecipient,
      initialVirtualTokenReserves: 1_073_000_000_000_000n,
      initialVirtualSolReserves: 30_000_000_000n,
      initialRealTokenReserves: 793_100_000_000_000n,
      tokenTotalSupply: 1_000_000_000_000_000n,
      feeBasisPoints: 95n,
      creatorFeeBasisPoints: 30n,
      feeRecipients: [feeRecipient, ...more.slice(0, 7)],
      reservedFeeRecipients: [reserved, ...more.slice(7, 14)],
      buybackFeeRecipients: more.slice(14),
    });
    expect(() => decodeGlobal(encodeAccount('BondingCurve', {}))).toThrow(/not a pump.fun Global/);
  });

  it("reads the mainnet Global pump.fun's docs print: 100 bps, no creator fee, its eight fee recipients", () => {
    const global = decodeGlobal(recordedPumpGlobal());
    expect(global).toMatchObject({
      feeRecipient: '62qc2CNXwrYqQScmEdiZFFAnJR262PxWEuNQtxfafNgV',
      initialVirtualTokenReserves: 1_073_000_000_000_000n,
      initialVirtualSolReserves: 30_000_000_000n,
      feeBasisPoints: 100n,
      creatorFeeBasisPoints: 0n,
    });
    expect(global.feeRecipients).toEqual([
      RECORDED_GLOBAL.recorded.fee_recipient,
      ...RECORDED_GLOBAL.recorded.fee_recipients,
    ]);
    expect(global.buybackFeeRecipients).toEqual(RECORDED_GLOBAL.published.buyback_fee_recipients);
  });

  it("reads the fee program's market-cap tiers and picks the highest tier a curve's market cap reaches", async () => {
    const tier = (threshold: bigint, protocol: bigint, creator: bigint) => ({
      market_cap_lamports_threshold: threshold,
      fees: { lp_fee_bps: 0n, protocol_fee_bps: protocol, creator_fee_bps: creator },
    });
    const tiers = decodeFeeTiers(
      encodePumpFeeConfig({
        bump: 254n,
        admin: (await keys(1))[0]!,
        flat_fees: { lp_fee_bps: 25n, protocol_fee_bps: 5n, creator_fee_bps: 5n },
        fee_tiers: [tier(420n * 10n ** 9n, 95n, 30n), tier(2n ** 70n, 93n, 25n)],
        stable_fee_tiers: [tier(1n, 1n, 1n)],
      }),
    );
    expect(tiers).toEqual([
      { marketCapLamportsThreshold: 420n * 10n ** 9n, protocolFeeBps: 95n, creatorFeeBps: 30n },
      { marketCapLamportsThreshold: 2n ** 70n, protocolFeeBps: 93n, creatorFeeBps: 25n },
    ]);
    expect(feeTierAt(tiers, 1n)).toBe(tiers[0]);
    expect(feeTierAt(tiers, 2n ** 70n)).toBe(tiers[1]);
    expect(feeTierAt([], 1n)).toBeUndefined();
    // A fresh curve: 30 SOL over 1.073 billion tokens of a billion supply is about 27.96 SOL.
    const fresh = { virtualSolReserves: 30n * 10n ** 9n, virtualTokenReserves: 1_073n * 10n ** 12n };
    expect(curveMarketCapLamports({ ...fresh, tokenTotalSupply: 10n ** 15n })).toBe(27_958_993_476n);
    expect(() => decodeFeeTiers(encodeAccount('Global', {}))).toThrow(/FeeConfig/);
  });
});
