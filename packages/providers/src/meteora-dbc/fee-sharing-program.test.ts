/**
 * Contract tests: the Dynamic Fee Sharing instructions against the program's IDL excerpt (fixtures/dfs-idl-excerpt.json:
 * the SDK's IDL, and fund_by_claiming_fee from the program source) and the FeeVault layout of state/fee_vault.rs
 * (dbc-accounts-testing.ts encodes it at that file's offsets).
 */
import {
  type Address,
  generateKeyPairSigner,
  getAddressEncoder,
  type Instruction,
  isSignerRole,
  isWritableRole,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { anchorDiscriminator } from '../solana-chain/borsh.js';
import { encodeDfsFeeVault } from './dbc-accounts-testing.js';
import { claimCreatorTradingFeeData, DBC_PROGRAM_ADDRESS, dbcPoolAccounts, WRAPPED_SOL_MINT } from './dbc-program.js';
import {
  claimDfsFeeInstruction,
  decodeDfsFeeVault,
  dfsClaimable,
  dfsFeeVaultAddress,
  dfsIndexesOf,
  dfsTokenVaultAddress,
  DFS_PROGRAM_ADDRESS,
  fundDfsByClaimingDbcCreatorFeeInstruction,
  initializeDfsFeeVaultInstruction,
} from './fee-sharing-program.js';
import idl from './fixtures/dfs-idl-excerpt.json' with { type: 'json' };

const fresh = async () => (await generateKeyPairSigner()).address;
type Seven = [Address, Address, Address, Address, Address, Address, Address];
/** Seven fresh addresses, for a test to destructure the ones it needs. */
const freshKeys = async () => (await Promise.all(Array.from({ length: 7 }, fresh))) as Seven;

/** The instruction's account flags in order, as the IDL lists them (name, writable, signer). */
function expectIdlAccounts(instruction: Instruction, name: string, count = Infinity) {
  const entry = idl.instructions.find((candidate) => candidate.name === name)!;
  expect(instruction.programAddress).toBe(idl.address);
  const flags = instruction.accounts!.slice(0, Math.min(count, entry.accounts.length)).map((meta) => ({
    writable: isWritableRole(meta.role),
    signer: isSignerRole(meta.role),
  }));
  expect(flags).toEqual(
    entry.accounts.map((account) => ({
      writable: (account as { writable?: boolean }).writable === true,
      signer: (account as { signer?: boolean }).signer === true,
    })),
  );
  if (entry.discriminator) expect([...instruction.data!.subarray(0, 8)]).toEqual(entry.discriminator);
  return entry;
}

describe('Meteora Dynamic Fee Sharing program (instructions and FeeVault layout)', () => {
  it('initialize_fee_vault_pda: IDL account order and flags, discriminator, params (padding, users as u32 shares)', async () => {
    const [base, owner, payer, first, second] = await freshKeys();
    const instruction = await initializeDfsFeeVaultInstruction({
      base,
      owner,
      payer,
      users: [
        { address: first, share: 7_000 },
        { address: second, share: 3_000 },
      ],
    });
    expectIdlAccounts(instruction, 'initialize_fee_vault_pda');
    const feeVault = await dfsFeeVaultAddress(base);
    expect(instruction.accounts!.map((meta) => meta.address)).toEqual([
      feeVault,
      expect.any(String),
      await dfsTokenVaultAddress(feeVault),
      WRAPPED_SOL_MINT,
      owner,
      base,
      payer,
      'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA',
      '11111111111111111111111111111111',
      expect.any(String),
      DFS_PROGRAM_ADDRESS,
    ]);
    const data = instruction.data!;
    expect(data.length).toBe(8 + 64 + 4 + 2 * 36);
    expect(data.subarray(8, 72).every((byte) => byte === 0)).toBe(true);
    const view = new DataView(data.buffer, data.byteOffset);
    expect(view.getUint32(72, true)).toBe(2);
    expect([...data.subarray(76, 108)]).toEqual([...getAddressEncoder().encode(first)]);
    expect(view.getUint32(108, true)).toBe(7_000);
    expect(view.getUint32(144, true)).toBe(3_000);
  });

  it("fund_by_claiming_fee wraps DBC's claim_creator_trading_fee with the vault as creator and its token vault at index 3", async () => {
    const [base, holder, config, baseMint, baseAccount] = await freshKeys();
    const feeVault = await dfsFeeVaultAddress(base);
    const pool = await dbcPoolAccounts(config, baseMint);
    const instruction = await fundDfsByClaimingDbcCreatorFeeInstruction({
      feeVault,
      signer: holder,
      pool,
      baseTokenAccount: baseAccount,
    });
    expectIdlAccounts(instruction, 'fund_by_claiming_fee', 6);
    expect([...instruction.data!.subarray(0, 8)]).toEqual([...anchorDiscriminator('global', 'fund_by_claiming_fee')]);
    const remaining = instruction.accounts!.slice(6);
    const tokenVault = await dfsTokenVaultAddress(feeVault);
    expect(instruction.accounts![3]!.address).toBe(DBC_PROGRAM_ADDRESS);
    expect(remaining).toHaveLength(13);
    expect(remaining[3]!.address).toBe(tokenVault); // WHITELISTED_ACTIONS: ClaimCreatorTradingFee, index 3
    expect(remaining[8]).toMatchObject({ address: feeVault });
    expect(isSignerRole(remaining[8]!.role)).toBe(false); // the program signs for its PDA
    const payload = claimCreatorTradingFeeData(0n, 0xffff_ffff_ffff_ffffn);
    const view = new DataView(instruction.data!.buffer, instruction.data!.byteOffset);
    expect(view.getUint32(8, true)).toBe(payload.length);
    expect([...instruction.data!.subarray(12)]).toEqual([...payload]);
  });

  it('claim_fee: IDL account order and flags, the holder index as its u8 argument', async () => {
    const [feeVault, user, userAccount] = await freshKeys();
    const instruction = await claimDfsFeeInstruction({ feeVault, user, userTokenAccount: userAccount, index: 3 });
    expectIdlAccounts(instruction, 'claim_fee');
    expect(instruction.accounts![4]!.address).toBe(userAccount);
    expect(instruction.accounts![5]!.address).toBe(user);
    expect([...instruction.data!.subarray(8)]).toEqual([3]);
  });

  it("decodes a FeeVault and computes each holder's claimable fees with the program's Q64 arithmetic", async () => {
    const [owner, base, tokenVault, first, second] = await freshKeys();
    // 1 SOL funded over 10,000 shares: fee_per_share = (1e9 << 64) / 10_000; the first holder claimed at half of it.
    const perShare = (1_000_000_000n << 64n) / 10_000n;
    const data = encodeDfsFeeVault({
      owner,
      tokenVault,
      totalFundedFee: 1_000_000_000n,
      feePerShare: perShare,
      base,
      users: [
        { address: first, share: 5_000, feeClaimed: 250_000_000n, checkpoint: perShare / 2n },
        { address: second, share: 2_500, feeClaimed: 0n, checkpoint: 0n },
        { address: second, share: 2_500, feeClaimed: 0n, checkpoint: 0n },
      ],
    });
    const vault = decodeDfsFeeVault(data);
    expect(vault).toMatchObject({
      owner,
      base,
      tokenVault,
      tokenMint: WRAPPED_SOL_MINT,
      feeVaultType: 1,
      totalShare: 10_000,
    });
    expect(vault.users).toHaveLength(3);
    expect(dfsClaimable(vault, first)).toBe(250_000_000n);
    expect(dfsClaimable(vault, second)).toBe(500_000_000n);
    expect(dfsIndexesOf(vault, second)).toEqual([1, 2]);
    // A further 0.2 SOL swept from the pool first: the first holder's half of it is added.
    expect(dfsClaimable(vault, first, 200_000_000n)).toBe(350_000_000n);
    expect(dfsClaimable(vault, owner)).toBe(0n);
    expect(() => decodeDfsFeeVault(data.subarray(0, 100))).toThrow(/FeeVault/);
  });
});
