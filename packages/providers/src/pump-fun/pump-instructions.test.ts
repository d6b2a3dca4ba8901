import {
  AccountRole,
  type Address,
  address,
  createNoopSigner,
  generateKeyPairSigner,
  getAddressDecoder,
  getAddressEncoder,
  getProgramDerivedAddress,
  type Instruction,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { PUMP_IDL_EXCERPT as idl } from './pump-accounts-testing.js';
import {
  buyExactQuoteInV2Instruction,
  collectCreatorFeeV2Instruction,
  createV2Instruction,
  feeRecipientsFor,
  sellV2Instruction,
  type TradeAccounts,
} from './pump-instructions.js';
import { TOKEN_2022_PROGRAM, TOKEN_PROGRAM, WSOL_MINT } from './pump-program.js';

type IdlAccount = (typeof idl.instructions)[number]['accounts'][number];
type Seed = { kind: string; value?: number[]; path?: string };

/**
 * Checks `instruction` against the IDL's `name`: program, account count and order, each account's writable and
 * signer flags, fixed addresses, and every PDA derived from the seeds the IDL gives (const bytes and named accounts,
 * `named` giving the accounts the caller chooses, keyed by IDL name). Accounts the IDL neither fixes nor derives must
 * be the `named` ones.
 */
async function expectMatchesIdl(instruction: Instruction, name: string, named: Record<string, Address>) {
  const spec = idl.instructions.find((entry) => entry.name === name)!;
  expect(instruction.programAddress).toBe(idl.address);
  const accounts = instruction.accounts ?? [];
  expect(accounts.map((account) => account.address)).toHaveLength(spec.accounts.length);
  // Fixed addresses first: a PDA's seeds may name an account listed after it (fee_program, associated_token_program).
  const fixed = (spec.accounts as IdlAccount[]).flatMap((account) =>
    'address' in account && account.address ? [[account.name, address(account.address)] as const] : [],
  );
  const resolved: Record<string, Address> = { program: address(idl.address), ...Object.fromEntries(fixed), ...named };
  const keyOf = (path: string) => {
    const [account, field] = path.split('.');
    const found = field ? named[`${account}.${field}`] : resolved[account!];
    if (!found) throw new Error(`no account ${path} to derive from`);
    return found;
  };
  for (const [index, expected] of (spec.accounts as IdlAccount[]).entries()) {
    const actual = accounts[index]!;
    const flags = expected as { writable?: boolean; signer?: boolean; address?: string; pda?: unknown };
    const role = (flags.writable ? 1 : 0) | (flags.signer ? 2 : 0);
    expect(actual.role, expected.name).toBe(
      [AccountRole.READONLY, AccountRole.WRITABLE, AccountRole.READONLY_SIGNER, AccountRole.WRITABLE_SIGNER][role],
    );
    let want: Address | undefined = flags.address ? address(flags.address) : undefined;
    if (flags.pda) {
      const pda = flags.pda as { seeds: Seed[]; program?: Seed };
      const bytes = (seed: Seed) =>
        seed.kind === 'const' ? Uint8Array.from(seed.value!) : getAddressEncoder().encode(keyOf(seed.path!));
      const programAddress = !pda.program
        ? address(idl.address)
        : pda.program.kind === 'const'
          ? getAddressDecoder().decode(Uint8Array.from(pda.program.value!))
          : keyOf(pda.program.path!);
      [want] = await getProgramDerivedAddress({ programAddress, seeds: pda.seeds.map(bytes) });
    }
    // `program` (Anchor's event CPI account) is the pump program itself.
    want ??= expected.name === 'program' ? address(idl.address) : named[expected.name];
    expect(want, `${name}: the test names or derives ${expected.name}`).toBeDefined();
    expect(actual.address, expected.name).toBe(want);
    resolved[expected.name] = actual.address;
  }
}

const discriminatorOf = (name: string) => idl.instructions.find((entry) => entry.name === name)!.discriminator;
const u64 = (value: bigint) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return [...bytes];
};
const borshString = (value: string) => [...u64(BigInt(Buffer.byteLength(value))).slice(0, 4), ...Buffer.from(value)];

async function tradeFixture(
  baseTokenProgram: Address,
): Promise<{ trade: TradeAccounts; named: Record<string, Address> }> {
  const [mint, user, creator, feeRecipient, buyback] = await Promise.all(
    Array.from({ length: 5 }, async () => (await generateKeyPairSigner()).address),
  );
  const trade = {
    mint: mint!,
    baseTokenProgram,
    user: createNoopSigner(user!),
    creator: creator!,
    feeRecipient: feeRecipient!,
    buybackFeeRecipient: buyback!,
  };
  return {
    trade,
    named: {
      base_mint: mint!,
      quote_mint: WSOL_MINT,
      base_token_program: baseTokenProgram,
      quote_token_program: TOKEN_PROGRAM,
      fee_recipient: feeRecipient!,
      buyback_fee_recipient: buyback!,
      user: user!,
      'bonding_curve.creator': creator!,
    },
  };
}

describe('pump.fun instructions (checked against the published IDL)', () => {
  it('create_v2: IDL accounts, flags and PDAs; name, symbol, uri, creator, mayhem off, cashback off', async () => {
    const mint = await generateKeyPairSigner();
    const user = createNoopSigner((await generateKeyPairSigner()).address);
    const instruction = await createV2Instruction({
      mint,
      user,
      creator: user.address,
      name: 'Coin ☃',
      symbol: 'CN',
      uri: 'https://ipfs.io/ipfs/QmW5AwX3CMEt9eCiPpScvgCre35d2Jdph5Sj69XPAQcCWk',
    });
    const [solVault] = await getProgramDerivedAddress({
      programAddress: address('MAyhSmzXzV1pTf7LsNkrNwkWKTo4ougAJ1PPg47MD4e'),
      seeds: ['sol-vault'],
    });
    const [mayhemVault] = await getProgramDerivedAddress({
      programAddress: address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
      seeds: [solVault, TOKEN_2022_PROGRAM, mint.address].map((key) => getAddressEncoder().encode(key)),
    });
    await expectMatchesIdl(instruction, 'create_v2', {
      mint: mint.address,
      user: user.address,
      token_program: TOKEN_2022_PROGRAM,
      mayhem_token_vault: mayhemVault,
    });
    expect([...(instruction.data ?? [])]).toEqual([
      ...discriminatorOf('create_v2'),
      ...borshString('Coin ☃'),
      ...borshString('CN'),
      ...borshString('https://ipfs.io/ipfs/QmW5AwX3CMEt9eCiPpScvgCre35d2Jdph5Sj69XPAQcCWk'),
      ...getAddressEncoder().encode(user.address),
      0,
      0,
    ]);
    const signers = (instruction.accounts ?? []).filter((account) => 'signer' in account);
    expect(signers.map((account) => account.address)).toEqual([mint.address, user.address]);
  });

  it('buy_exact_quote_in_v2: IDL accounts for a Token-2022 coin; spendable_quote_in then min_tokens_out', async () => {
    const { trade, named } = await tradeFixture(TOKEN_2022_PROGRAM);
    const instruction = await buyExactQuoteInV2Instruction(trade, 1_000_000_000n, 34_612_903_225_806n);
    await expectMatchesIdl(instruction, 'buy_exact_quote_in_v2', {
      ...named,
      associated_base_user: (
        await getProgramDerivedAddress({
          programAddress: address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
          seeds: [trade.user.address, TOKEN_2022_PROGRAM, trade.mint].map((key) => getAddressEncoder().encode(key)),
        })
      )[0],
    });
    expect([...(instruction.data ?? [])]).toEqual([
      ...discriminatorOf('buy_exact_quote_in_v2'),
      ...u64(1_000_000_000n),
      ...u64(34_612_903_225_806n),
    ]);
  });

  it('sell_v2: IDL accounts for a classic SPL coin (no global accumulator); amount then min_sol_output', async () => {
    const { trade, named } = await tradeFixture(TOKEN_PROGRAM);
    const instruction = await sellV2Instruction(trade, 5_000_000n, 123n);
    await expectMatchesIdl(instruction, 'sell_v2', {
      ...named,
      associated_base_user: (
        await getProgramDerivedAddress({
          programAddress: address('ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'),
          seeds: [trade.user.address, TOKEN_PROGRAM, trade.mint].map((key) => getAddressEncoder().encode(key)),
        })
      )[0],
    });
    expect([...(instruction.data ?? [])]).toEqual([...discriminatorOf('sell_v2'), ...u64(5_000_000n), ...u64(123n)]);
  });

  it('collect_creator_fee_v2: IDL accounts (SOL-paired: WSOL quote under the classic Token program)', async () => {
    const creator = (await generateKeyPairSigner()).address;
    const instruction = await collectCreatorFeeV2Instruction(creator);
    await expectMatchesIdl(instruction, 'collect_creator_fee_v2', {
      creator,
      quote_mint: WSOL_MINT,
      quote_token_program: TOKEN_PROGRAM,
    });
    expect([...(instruction.data ?? [])]).toEqual(discriminatorOf('collect_creator_fee_v2'));
  });

  it("names one of Global's fee recipients (the reserved ones for mayhem coins) and one buyback recipient", async () => {
    const list = async (count: number) =>
      Promise.all(Array.from({ length: count }, async () => (await generateKeyPairSigner()).address));
    const global = {
      feeRecipients: await list(8),
      reservedFeeRecipients: await list(8),
      buybackFeeRecipients: await list(8),
    };
    const mint = (await generateKeyPairSigner()).address;
    const normal = feeRecipientsFor(global, mint, false);
    expect(global.feeRecipients).toContain(normal.feeRecipient);
    expect(global.buybackFeeRecipients).toContain(normal.buybackFeeRecipient);
    expect(global.reservedFeeRecipients).toContain(feeRecipientsFor(global, mint, true).feeRecipient);
  });
});
