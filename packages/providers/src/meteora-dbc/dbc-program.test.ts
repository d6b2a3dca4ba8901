/**
 * Contract tests: the DBC instructions and account decoders built here against Meteora's own SDK
 * (@meteora-ag/dynamic-bonding-curve-sdk 1.5.12): its PDA helpers, its Anchor program's instruction builders (from
 * the IDL it bundles) and its account coder, which encodes the PoolConfig / VirtualPool bytes decoded here.
 */
import {
  createDbcProgram,
  deriveDbcEventAuthority,
  deriveDbcPoolAddress,
  deriveDbcPoolAuthority,
  deriveDbcTokenVaultAddress,
  deriveMintMetadata,
} from '@meteora-ag/dynamic-bonding-curve-sdk';
import { type Address, generateKeyPairSigner, type Instruction, isSignerRole, isWritableRole } from '@solana/kit';
import { Connection, PublicKey, type TransactionInstruction } from '@solana/web3.js';
import BN from 'bn.js';
import { describe, expect, it } from 'vitest';
import { encodeDbcPoolConfig, encodeDbcVirtualPool } from './dbc-accounts-testing.js';
import {
  claimCreatorTradingFeeInstruction,
  DBC_POOL_AUTHORITY,
  DBC_PROGRAM_ADDRESS,
  dbcBuyInstruction,
  dbcEventAuthority,
  dbcPoolAccounts,
  decodeDbcPoolConfig,
  decodeDbcVirtualPool,
  initializeDbcPoolInstruction,
  metaplexMetadataAddress,
  SPL_TOKEN_PROGRAM,
  SYSVAR_INSTRUCTIONS,
  transferDbcPoolCreatorInstruction,
  WRAPPED_SOL_MINT,
} from './dbc-program.js';

const { program } = createDbcProgram(new Connection('http://127.0.0.1:9'));
const pk = (account: Address) => new PublicKey(account);
const fresh = async () => (await generateKeyPairSigner()).address;
type Seven = [Address, Address, Address, Address, Address, Address, Address];
/** Seven fresh addresses, for a test to destructure the ones it needs. */
const freshKeys = async () => (await Promise.all(Array.from({ length: 7 }, fresh))) as Seven;

/** Ours and the SDK's instruction compared field by field: program, accounts (key, signer, writable), data. */
function expectSame(ours: Instruction, sdk: TransactionInstruction) {
  expect(ours.programAddress).toBe(sdk.programId.toBase58());
  expect(
    ours.accounts!.map((meta) => ({
      key: meta.address as string,
      signer: isSignerRole(meta.role),
      writable: isWritableRole(meta.role),
    })),
  ).toEqual(
    sdk.keys.map((meta) => ({ key: meta.pubkey.toBase58(), signer: meta.isSigner, writable: meta.isWritable })),
  );
  expect([...ours.data!]).toEqual([...sdk.data]);
}

/**
 * The SDK coder's bytes of account `name`: its discriminator, then the account's Borsh layout (which for these
 * C-layout structs with explicit padding is their zero-copy layout). The coder's own encode() writes into a fixed
 * 1,000-byte buffer, too small for a PoolConfig, so its layout writes into one of the account's size here.
 */
function sdkEncoded(name: 'poolConfig' | 'virtualPool', value: object, size: number): Uint8Array {
  const coder = program.coder.accounts as unknown as {
    accountLayouts: Map<string, { discriminator: number[]; layout: { encode(value: object, buffer: Buffer): number } }>;
  };
  const { discriminator, layout } = coder.accountLayouts.get(name)!;
  const body = Buffer.alloc(size);
  expect(layout.encode(value, body)).toBe(size);
  return new Uint8Array(Buffer.concat([Buffer.from(discriminator), body]));
}

/** An account of the SDK's IDL with every field zero, then `values` set (the coder needs all of them). */
function zeroed(typeName: string): Record<string, unknown> {
  const types = new Map<string, { type: unknown }>(program.idl.types.map((entry) => [entry.name, entry]));
  const zero = (type: unknown): unknown => {
    if (typeof type === 'string')
      return type === 'pubkey'
        ? PublicKey.default
        : ['u8', 'u16', 'u32', 'i8', 'i16', 'i32'].includes(type)
          ? 0
          : type === 'bool'
            ? false
            : new BN(0);
    const composite = type as { array?: [unknown, number]; defined?: { name: string } };
    if (composite.array) return Array.from({ length: composite.array[1] }, () => zero(composite.array![0]));
    const fields = (types.get(composite.defined!.name)!.type as { fields: { name: string; type: unknown }[] }).fields;
    return Object.fromEntries(fields.map((field) => [field.name, zero(field.type)]));
  };
  return zero({ defined: { name: typeName } }) as Record<string, unknown>;
}

describe('Meteora DBC program (instructions and layouts against the SDK)', () => {
  it('derives the pool, its vaults, the metadata and the event authority as the SDK does', async () => {
    const [config, baseMint] = await freshKeys();
    const accounts = await dbcPoolAccounts(config, baseMint);
    const pool = deriveDbcPoolAddress(pk(WRAPPED_SOL_MINT), pk(baseMint), pk(config));
    expect(accounts.pool).toBe(pool.toBase58());
    expect(accounts.baseVault).toBe(deriveDbcTokenVaultAddress(pool, pk(baseMint)).toBase58());
    expect(accounts.quoteVault).toBe(deriveDbcTokenVaultAddress(pool, pk(WRAPPED_SOL_MINT)).toBase58());
    expect(await metaplexMetadataAddress(baseMint)).toBe(deriveMintMetadata(pk(baseMint)).toBase58());
    expect(await dbcEventAuthority()).toBe(deriveDbcEventAuthority().toBase58());
    expect(DBC_POOL_AUTHORITY).toBe(deriveDbcPoolAuthority().toBase58());
    expect(DBC_PROGRAM_ADDRESS).toBe(program.programId.toBase58());
  });

  it('initialize_virtual_pool_with_spl_token: same accounts, flags and data as the SDK builds', async () => {
    const [config, baseMint, creator, payer] = await freshKeys();
    const accounts = await dbcPoolAccounts(config, baseMint);
    const ours = await initializeDbcPoolInstruction({
      pool: accounts,
      creator,
      payer,
      name: 'Fee Share Cat',
      symbol: 'FSC',
      uri: 'https://example.com/fsc.json',
    });
    const sdk = await program.methods
      .initializeVirtualPoolWithSplToken({ name: 'Fee Share Cat', symbol: 'FSC', uri: 'https://example.com/fsc.json' })
      .accountsPartial({
        config: pk(config),
        creator: pk(creator),
        baseMint: pk(baseMint),
        quoteMint: pk(WRAPPED_SOL_MINT),
        pool: pk(accounts.pool),
        baseVault: pk(accounts.baseVault),
        quoteVault: pk(accounts.quoteVault),
        mintMetadata: deriveMintMetadata(pk(baseMint)),
        payer: pk(payer),
        tokenQuoteProgram: pk(SPL_TOKEN_PROGRAM),
      })
      .instruction();
    expectSame(ours, sdk);
  });

  it('swap (a buy without referral, instructions sysvar as remaining account) matches the SDK', async () => {
    const [config, baseMint, payer, input, output] = await freshKeys();
    const accounts = await dbcPoolAccounts(config, baseMint);
    const ours = await dbcBuyInstruction({
      pool: accounts,
      payer,
      inputTokenAccount: input,
      outputTokenAccount: output,
      amountIn: 1_500_000_000n,
      minimumAmountOut: 42n,
    });
    const sdk = await program.methods
      .swap({ amountIn: new BN('1500000000'), minimumAmountOut: new BN(42) })
      .accountsPartial({
        config: pk(config),
        pool: pk(accounts.pool),
        inputTokenAccount: pk(input),
        outputTokenAccount: pk(output),
        baseVault: pk(accounts.baseVault),
        quoteVault: pk(accounts.quoteVault),
        baseMint: pk(baseMint),
        quoteMint: pk(WRAPPED_SOL_MINT),
        payer: pk(payer),
        tokenBaseProgram: pk(SPL_TOKEN_PROGRAM),
        tokenQuoteProgram: pk(SPL_TOKEN_PROGRAM),
        referralTokenAccount: null,
      })
      .remainingAccounts([{ pubkey: pk(SYSVAR_INSTRUCTIONS), isSigner: false, isWritable: false }])
      .instruction();
    expectSame(ours, sdk);
  });

  it('transfer_pool_creator and claim_creator_trading_fee match the SDK', async () => {
    const [config, baseMint, creator, newCreator, baseAccount, quoteAccount] = await freshKeys();
    const accounts = await dbcPoolAccounts(config, baseMint);
    expectSame(
      await transferDbcPoolCreatorInstruction({ pool: accounts.pool, config, creator, newCreator }),
      await program.methods
        .transferPoolCreator()
        .accountsPartial({
          virtualPool: pk(accounts.pool),
          config: pk(config),
          creator: pk(creator),
          newCreator: pk(newCreator),
        })
        .instruction(),
    );
    expectSame(
      await claimCreatorTradingFeeInstruction({
        pool: accounts,
        creator,
        baseTokenAccount: baseAccount,
        quoteTokenAccount: quoteAccount,
        maxBase: 0n,
        maxQuote: 18_446_744_073_709_551_615n,
      }),
      await program.methods
        .claimCreatorTradingFee(new BN(0), new BN('18446744073709551615'))
        .accountsPartial({
          pool: pk(accounts.pool),
          tokenAAccount: pk(baseAccount),
          tokenBAccount: pk(quoteAccount),
          baseVault: pk(accounts.baseVault),
          quoteVault: pk(accounts.quoteVault),
          baseMint: pk(baseMint),
          quoteMint: pk(WRAPPED_SOL_MINT),
          creator: pk(creator),
          tokenBaseProgram: pk(SPL_TOKEN_PROGRAM),
          tokenQuoteProgram: pk(SPL_TOKEN_PROGRAM),
        })
        .instruction(),
    );
  });

  it("decodes PoolConfig and VirtualPool bytes as the SDK's coder lays them out", async () => {
    const [quoteMint, feeClaimer, config, creator, baseMint, baseVault, quoteVault] = await freshKeys();
    const poolConfig = {
      ...zeroed('poolConfig'),
      quoteMint: pk(quoteMint),
      feeClaimer: pk(feeClaimer),
      collectFeeMode: 0,
      activationType: 1,
      tokenDecimal: 6,
      tokenType: 0,
      creatorTradingFeePercentage: 50,
      migrationQuoteThreshold: new BN('85000000000'),
      poolCreationFee: new BN('10000000'),
    };
    const configBytes = sdkEncoded('poolConfig', poolConfig, 1040);
    expect(configBytes.length).toBe(8 + 1040);
    // The test encoder other packages use writes the same bytes as the SDK's coder.
    const ours = {
      quoteMint,
      feeClaimer,
      collectFeeMode: 0,
      activationType: 1,
      tokenDecimals: 6,
      tokenType: 0,
      creatorTradingFeePercentage: 50,
      migrationQuoteThreshold: 85_000_000_000n,
      poolCreationFee: 10_000_000n,
    };
    expect(encodeDbcPoolConfig(ours)).toEqual(configBytes);
    expect(decodeDbcPoolConfig(configBytes)).toEqual({
      quoteMint,
      feeClaimer,
      collectFeeMode: 0,
      activationType: 1,
      tokenDecimals: 6,
      tokenType: 0,
      creatorTradingFeePercentage: 50,
      migrationQuoteThreshold: 85_000_000_000n,
      poolCreationFee: 10_000_000n,
    });

    const state = {
      ...(zeroed('poolState') as object),
      config: pk(config),
      creator: pk(creator),
      baseMint: pk(baseMint),
      baseVault: pk(baseVault),
      quoteVault: pk(quoteVault),
      baseReserve: new BN('793100000000000'),
      quoteReserve: new BN('12500000000'),
      protocolQuoteFee: new BN('2500000'),
      sqrtPrice: new BN('1844674407370955161600'),
      activationPoint: new BN(1_764_150_000),
      isMigrated: 0,
      finishCurveTimestamp: new BN(0),
      creatorBaseFee: new BN(7),
      creatorQuoteFee: new BN('31250000'),
    };
    const poolBytes = sdkEncoded('virtualPool', { poolState: state }, 416);
    expect(poolBytes.length).toBe(8 + 416);
    expect(
      encodeDbcVirtualPool({
        config,
        creator,
        baseMint,
        baseVault,
        quoteVault,
        baseReserve: 793_100_000_000_000n,
        quoteReserve: 12_500_000_000n,
        protocolQuoteFee: 2_500_000n,
        sqrtPrice: 1_844_674_407_370_955_161_600n,
        activationPoint: 1_764_150_000n,
        creatorBaseFee: 7n,
        creatorQuoteFee: 31_250_000n,
      }),
    ).toEqual(poolBytes);
    expect(decodeDbcVirtualPool(poolBytes)).toEqual({
      config,
      creator,
      baseMint,
      baseVault,
      quoteVault,
      baseReserve: 793_100_000_000_000n,
      quoteReserve: 12_500_000_000n,
      protocolQuoteFee: 2_500_000n,
      sqrtPrice: 1_844_674_407_370_955_161_600n,
      activationPoint: 1_764_150_000n,
      isMigrated: false,
      curveFinished: false,
      creatorBaseFee: 7n,
      creatorQuoteFee: 31_250_000n,
    });
    expect(() => decodeDbcVirtualPool(configBytes)).toThrow(/not a Meteora DBC VirtualPool/);
  });
});
