import {
  AccountRole,
  address,
  type Address,
  getAddressEncoder,
  generateKeyPairSigner,
  getProgramDerivedAddress,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { encodePumpAccount as encodeAccount, PUMP_IDL_EXCERPT as idl } from './pump-accounts-testing.js';
import {
  anchorDiscriminator,
  collectCreatorFeeV2Instruction,
  creatorVaultAddress,
  decodeBondingCurve,
  decodeGlobalFees,
  PUMP_PROGRAM_ADDRESS,
} from './pump-program.js';

const WSOL = address('So11111111111111111111111111111111111111112');
const TOKEN_PROGRAM_ADDRESS = address('TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA');
/** The associated token account rule: PDA of the ATA program over [owner, token program, mint]. */
const findAssociatedTokenPda = ({
  owner,
  mint,
  tokenProgram,
}: {
  owner: Address;
  mint: Address;
  tokenProgram: Address;
}) =>
  getProgramDerivedAddress({
    programAddress: address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
    seeds: [owner, tokenProgram, mint].map((key) => getAddressEncoder().encode(key)),
  });

describe('pump.fun program layouts (published IDL)', () => {
  it('uses the IDL program address and Anchor discriminators', () => {
    expect(PUMP_PROGRAM_ADDRESS).toBe(idl.address);
    const collect = idl.instructions.find((entry) => entry.name === 'collect_creator_fee_v2')!;
    expect([...anchorDiscriminator('global', 'collect_creator_fee_v2')]).toEqual(collect.discriminator);
    for (const account of idl.accounts)
      expect([...anchorDiscriminator('account', account.name)]).toEqual(account.discriminator);
  });

  it('decodes a BondingCurve and the Global fee fields laid out as the IDL lists them', async () => {
    const creator = (await generateKeyPairSigner()).address;
    const curve = decodeBondingCurve(
      encodeAccount('BondingCurve', {
        virtual_token_reserves: 1_073_000_000_000_000n,
        virtual_quote_reserves: 30_000_000_000n,
        real_token_reserves: 793_100_000_000_000n,
        real_quote_reserves: 0n,
        token_total_supply: 1_000_000_000_000_000n,
        complete: false,
        creator,
      }),
    );
    expect(curve).toEqual({
      virtualTokenReserves: 1_073_000_000_000_000n,
      virtualSolReserves: 30_000_000_000n,
      realTokenReserves: 793_100_000_000_000n,
      realSolReserves: 0n,
      tokenTotalSupply: 1_000_000_000_000_000n,
      complete: false,
      creator,
    });
    const recipient = (await generateKeyPairSigner()).address;
    expect(
      decodeGlobalFees(
        encodeAccount('Global', {
          initialized: true,
          fee_recipient: recipient,
          fee_basis_points: 95n,
          creator_fee_basis_points: 30n,
        }),
      ),
    ).toEqual({ feeRecipient: recipient, feeBasisPoints: 95n, creatorFeeBasisPoints: 30n });
    expect(() => decodeGlobalFees(encodeAccount('BondingCurve', {}))).toThrow(/not a pump.fun Global/);
  });

  it('builds collect_creator_fee_v2 with the IDL accounts in order (SOL-paired: WSOL quote, SPL Token)', async () => {
    const creator = (await generateKeyPairSigner()).address;
    const instruction = await collectCreatorFeeV2Instruction(creator);
    const spec = idl.instructions.find((entry) => entry.name === 'collect_creator_fee_v2')!;
    expect(instruction.programAddress).toBe(idl.address);
    expect([...(instruction.data ?? [])]).toEqual(spec.discriminator);
    const accounts = instruction.accounts ?? [];
    expect(accounts).toHaveLength(spec.accounts.length);
    spec.accounts.forEach((expected, index) => {
      const actual = accounts[index]!;
      const writable = 'writable' in expected && expected.writable === true;
      expect(actual.role, expected.name).toBe(writable ? AccountRole.WRITABLE : AccountRole.READONLY);
      if ('address' in expected && expected.address) expect(actual.address, expected.name).toBe(expected.address);
    });
    const vault = await creatorVaultAddress(creator);
    const [creatorAta] = await findAssociatedTokenPda({
      owner: creator,
      mint: WSOL,
      tokenProgram: TOKEN_PROGRAM_ADDRESS,
    });
    const [vaultAta] = await findAssociatedTokenPda({ owner: vault, mint: WSOL, tokenProgram: TOKEN_PROGRAM_ADDRESS });
    expect(accounts.slice(0, 6).map((account) => account.address)).toEqual([
      creator,
      creatorAta,
      vault,
      vaultAta,
      WSOL,
      TOKEN_PROGRAM_ADDRESS,
    ]);
  });
});
