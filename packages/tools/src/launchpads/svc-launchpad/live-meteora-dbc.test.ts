import { ServiceError } from '@svc/contracts';
import {
  DBC_PROGRAM_ADDRESS,
  dbcPoolAddress,
  DFS_PROGRAM_ADDRESS,
  dfsFeeVaultAddress,
  liveSolanaChain,
  type SolanaChain,
  type SvcLaunchpadSettings,
  WRAPPED_SOL_MINT,
} from '@svc/providers';
import { encodeDbcPoolConfig, encodeDbcVirtualPool, encodeDfsFeeVault } from '@svc/providers/testing';
import {
  type Address,
  createKeyPairSignerFromPrivateKeyBytes,
  generateKeyPairSigner,
  getBase58Encoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  type Transaction,
} from '@solana/kit';
import { findAssociatedTokenPda } from '@solana-program/token';
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { LaunchRequest } from '../../ports/solana-launchpads.js';
import { liveSolanaLaunchpads } from '../solana/live-solana-launchpads.js';

const RENT = 2_039_280n;
const MEMO_PROGRAM = 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr';
const discriminator = (name: string) => [...createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)];

interface Chain {
  readonly accounts: Map<Address, { owner: Address; data: Uint8Array }>;
  /** The asked accounts after the simulated transaction (what simulateTransaction answers). */
  simulatedAfter: (addresses: readonly Address[]) => (Uint8Array | undefined)[];
  readonly tokenBalances: Map<Address, bigint>;
  readonly sponsorMemos: string[];
  simulations: number;
  /** The simulation (1 the first) from which the cluster refuses; none when undefined. */
  refusesFromSimulation?: number;
}

/** A Solana chain whose RPC answers from `state`, with SOL at $150. */
function chainOf(state: Chain): SolanaChain {
  const answer = <T>(value: T) => ({ send: async () => value });
  const base64 = (data: Uint8Array) => getBase64Decoder().decode(data);
  const rpc = {
    getAccountInfo: (account: Address) => {
      const found = state.accounts.get(account);
      return answer({ value: found ? { owner: found.owner, data: [base64(found.data), 'base64'] } : null });
    },
    getMinimumBalanceForRentExemption: (size: bigint) => answer(size === 165n ? RENT : 1_000_000n + size),
    getLatestBlockhash: () =>
      answer({ value: { blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM', lastValidBlockHeight: 1n } }),
    getTokenSupply: () => answer({ value: { amount: '1000000000000000', decimals: 6 } }),
    getTokenAccountBalance: (account: Address) =>
      answer({ value: { amount: String(state.tokenBalances.get(account) ?? 0n), decimals: 6 } }),
    getSignaturesForAddress: () =>
      answer(state.sponsorMemos.map((memo) => ({ err: null, memo: `[${memo.length}] ${memo}` }))),
    simulateTransaction: (_wire: string, config: { accounts: { addresses: Address[] } }) => {
      state.simulations += 1;
      if (state.refusesFromSimulation !== undefined && state.simulations >= state.refusesFromSimulation)
        return answer({ value: { err: { InstructionError: [0, 'InvalidAccountData'] }, logs: ['refused'] } });
      const after = state.simulatedAfter(config.accounts.addresses);
      return answer({
        value: {
          err: null,
          logs: [],
          accounts: after.map((data) => (data ? { data: [base64(data), 'base64'] } : null)),
        },
      });
    },
  };
  return {
    network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    landsOnSend: false,
    rpc: () => rpc as unknown as ReturnType<SolanaChain['rpc']>,
    market: () =>
      ({
        pricesUsd: async () => new Map([['SOL', { priceUsd: 150, confidence: 'high' }]]),
        tokensByMint: async () => new Map(),
      }) as unknown as ReturnType<SolanaChain['market']>,
  };
}

const emptyChain = (): Chain => ({
  accounts: new Map(),
  simulatedAfter: (addresses) => addresses.map(() => undefined),
  tokenBalances: new Map(),
  sponsorMemos: [],
  simulations: 0,
});

const fresh = async () => (await generateKeyPairSigner()).address;
const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof ServiceError ? error.code : String(error)),
  );

/** The instructions of a built transaction: program, accounts and data. */
function instructionsOf(transaction: Transaction) {
  // A legacy or v0 message (what the launchpad builds): accounts, then instructions indexing them.
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) as unknown as {
    staticAccounts: Address[];
    instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
  };
  return {
    feePayer: message.staticAccounts[0],
    instructions: message.instructions.map((instruction) => ({
      program: message.staticAccounts[instruction.programAddressIndex]!,
      accounts: (instruction.accountIndices ?? []).map((index) => message.staticAccounts[index]!),
      data: [...(instruction.data ?? new Uint8Array())],
    })),
  };
}

/** A chain with the operator's DBC config (SOL-quoted, fees in SOL, 85 SOL to graduate) and settings naming it. */
async function configured(extra: Partial<SvcLaunchpadSettings> = {}) {
  const state = emptyChain();
  const config = await fresh();
  state.accounts.set(config, {
    owner: DBC_PROGRAM_ADDRESS,
    data: encodeDbcPoolConfig({
      tokenDecimals: 6,
      activationType: 1,
      migrationQuoteThreshold: 85_000_000_000n,
      poolCreationFee: 10_000_000n,
    }),
  });
  const settings: SvcLaunchpadSettings = { dbcConfig: config, sponsoredLaunchesPerCreator: 3, ...extra };
  return { state, config, settings, launchpads: liveSolanaLaunchpads(chainOf(state), { svcLaunchpad: settings }) };
}

/** A launched svc pool of a fresh mint under `config`, its creator fees shared through a fee vault or not. */
async function launched(
  state: Chain,
  config: Address,
  pool: { creator: Address; pendingLamports: bigint; quoteReserve?: bigint },
  feeVault?: Parameters<typeof encodeDfsFeeVault>[0],
) {
  const mint = await fresh();
  const vaultAddress = feeVault && (await dfsFeeVaultAddress(mint));
  state.accounts.set(await dbcPoolAddress(config, mint), {
    owner: DBC_PROGRAM_ADDRESS,
    data: encodeDbcVirtualPool({
      config,
      creator: vaultAddress ?? pool.creator,
      baseMint: mint,
      quoteReserve: pool.quoteReserve ?? 17_000_000_000n,
      sqrtPrice: 1n << 60n,
      activationPoint: 1_764_150_000n,
      creatorQuoteFee: pool.pendingLamports,
    }),
  });
  if (vaultAddress) state.accounts.set(vaultAddress, { owner: DFS_PROGRAM_ADDRESS, data: encodeDfsFeeVault(feeVault) });
  return { mint, feeVault: vaultAddress };
}

const launchRequest = (creator: Address, extra: Partial<LaunchRequest> = {}): LaunchRequest => ({
  launchpad: 'svc',
  creator,
  metadata: { name: 'Fee Share Cat', symbol: 'FSC', imageUri: 'https://example.com/fsc.json' },
  devBuyLamports: 0n,
  ...extra,
});

describe('live service launchpad on Meteora DBC (launchToken, claimSvcLaunchpadFees, burnSvcLaunchpadToken)', () => {
  it('launches without fee sharing: one pool-creating transaction the creator pays, simulated before signing', async () => {
    const { state, config, launchpads } = await configured();
    const creator = await fresh();
    const { transaction, mint, setup, devBuy } = await launchpads.launchTransaction(launchRequest(creator));
    expect(setup).toBeUndefined();
    expect(devBuy).toBeUndefined();
    const { feePayer, instructions } = instructionsOf(transaction);
    expect(feePayer).toBe(creator);
    expect(instructions).toHaveLength(1);
    const [create] = instructions;
    expect(create!.program).toBe(DBC_PROGRAM_ADDRESS);
    expect(create!.data.slice(0, 8)).toEqual(discriminator('initialize_virtual_pool_with_spl_token'));
    expect(create!.accounts.slice(0, 4)).toEqual([config, expect.any(String), creator, mint]);
    expect(create!.accounts[5]).toBe(await dbcPoolAddress(config, mint as Address));
    // The new mint signed; the creator (the vault) signs at the commit point.
    expect(transaction.signatures[mint as Address]).not.toBeNull();
    expect(transaction.signatures[creator]).toBeNull();
    expect(state.simulations).toBe(1);
    expect(await launchpads.launchCostLamports('svc')).toBeGreaterThan(10_000_000n);
  });

  it('shares fees through a Meteora fee vault made the pool creator, with a developer buy filled in simulation', async () => {
    const { state, config, launchpads } = await configured();
    const [creator, friend, charity] = [await fresh(), await fresh(), await fresh()];
    // The simulation asks for the pool and the creator's token account: the buy filled 31,000 tokens (6 decimals).
    const tokenAccount = new Uint8Array(165);
    new DataView(tokenAccount.buffer).setBigUint64(64, 31_000_000_000n, true);
    state.simulatedAfter = () => [encodeDbcVirtualPool({ config, protocolQuoteFee: 3_000_000n }), tokenAccount];
    const recipients = [
      { address: creator, bps: 5_000 },
      { address: friend, bps: 3_000 },
      { address: charity, bps: 2_000 },
    ];
    const { transaction, mint, setup, devBuy } = await launchpads.launchTransaction(
      launchRequest(creator, { devBuyLamports: 1_500_000_000n, feeSharing: recipients }),
    );
    const feeVault = await dfsFeeVaultAddress(mint as Address);
    const main = instructionsOf(transaction).instructions;
    const transfer = main.find(
      (entry) => entry.data.slice(0, 8).join() === discriminator('transfer_pool_creator').join(),
    );
    expect(transfer?.accounts.slice(2, 4)).toEqual([creator, feeVault]);
    const buy = main.find((entry) => entry.data.slice(0, 8).join() === discriminator('swap').join());
    expect(buy?.program).toBe(DBC_PROGRAM_ADDRESS);
    const amounts = new DataView(new Uint8Array(buy!.data).buffer);
    expect(amounts.getBigUint64(8, true)).toBe(1_500_000_000n);
    expect(devBuy).toEqual({
      lamportsIn: 1_500_000_000n,
      tokensOut: 31_000_000_000n,
      protocolFee: 3_000_000n,
      creatorFee: 0n,
      completes: false,
    });
    // The fee vault is created first, in its own transaction: holders and shares in basis points, owner the creator.
    const [init] = instructionsOf(setup!).instructions;
    expect(init!.program).toBe(DFS_PROGRAM_ADDRESS);
    expect(init!.data.slice(0, 8)).toEqual(discriminator('initialize_fee_vault_pda'));
    expect(init!.accounts[0]).toBe(feeVault);
    expect(init!.accounts[4]).toBe(creator);
    const params = new DataView(new Uint8Array(init!.data).buffer);
    expect(params.getUint32(72, true)).toBe(3);
    expect([0, 1, 2].map((index) => params.getUint32(76 + 36 * index + 32, true))).toEqual([5_000, 3_000, 2_000]);
    expect(init!.data.slice(76, 108)).toEqual([...getBase58Encoder().encode(creator)]);
    expect(instructionsOf(setup!).feePayer).toBe(creator);
    // Both transactions were simulated before anything is paid for: the launch, then the fee vault's setup.
    expect(state.simulations).toBe(2);

    // A setup the cluster would refuse is refused before payment, like the launch itself.
    state.refusesFromSimulation = state.simulations + 2;
    await expect(
      launchpads.launchTransaction(launchRequest(creator, { feeSharing: recipients })),
    ).rejects.toMatchObject({ code: 'upstream_error' });
    expect(state.simulations).toBe(4);
  });

  it('refuses before anything is built: more than 5 recipients, a metadata URI over 200 bytes (400)', async () => {
    const { launchpads } = await configured();
    const creator = await fresh();
    const six = await Promise.all(Array.from({ length: 6 }, async () => ({ address: await fresh(), bps: 1_000 })));
    await expect(launchpads.launchTransaction(launchRequest(creator, { feeSharing: six }))).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [expect.objectContaining({ field: 'feeSharingRecipients', rule: 'too_many' })],
    });
    const long = launchRequest(creator, {
      metadata: { name: 'a', symbol: 'A', imageUri: `https://x.io/${'a'.repeat(200)}` },
    });
    await expect(launchpads.launchTransaction(long)).rejects.toMatchObject({
      issues: [expect.objectContaining({ field: 'fileUrl', rule: 'too_big' })],
    });
  });

  it('a sponsored launch is paid by the sponsor and carries its memo; the quota counts those memos on chain', async () => {
    const seed = crypto.getRandomValues(new Uint8Array(32));
    const sponsor = await createKeyPairSignerFromPrivateKeyBytes(seed);
    const { state, launchpads } = await configured({
      sponsorKey: JSON.stringify([...seed, ...getBase58Encoder().encode(sponsor.address)]),
    });
    const creator = await fresh();
    state.sponsorMemos.push(`svc-launchpad:sponsored:${creator}`, `svc-launchpad:sponsored:${await fresh()}`);
    expect(await launchpads.sponsorQuotaLeft(creator)).toBe(2);
    const { transaction } = await launchpads.launchTransaction(launchRequest(creator, { sponsored: true }));
    const { feePayer, instructions } = instructionsOf(transaction);
    expect(feePayer).toBe(sponsor.address);
    expect(transaction.signatures[sponsor.address]).not.toBeNull();
    const memo = instructions.find((entry) => entry.program === MEMO_PROGRAM);
    expect(new TextDecoder().decode(new Uint8Array(memo!.data))).toBe(`svc-launchpad:sponsored:${creator}`);
  });

  it('claims a recipient share: sweeps the pool creator fees into the fee vault, then claim_fee; nothing owed is a 409', async () => {
    const { state, config, launchpads } = await configured();
    const [creator, friend, stranger] = [await fresh(), await fresh(), await fresh()];
    const { mint, feeVault } = await launched(
      state,
      config,
      { creator, pendingLamports: 400_000_000n },
      {
        owner: creator,
        users: [
          { address: creator, share: 7_500 },
          { address: friend, share: 2_500 },
        ],
      },
    );
    const token = await launchpads.token(mint, 'svc');
    expect(token).toMatchObject({
      launchpad: 'svc',
      creator,
      feeSharing: [
        { address: creator, percentage: 75 },
        { address: friend, percentage: 25 },
      ],
      curvePercent: 20,
      targetSol: 85,
    });
    const { transaction, lamports, swept } = await launchpads.claimSharedFeesTransaction(mint, friend);
    expect({ lamports, swept }).toEqual({ lamports: 100_000_000n, swept: 400_000_000n });
    const { feePayer, instructions } = instructionsOf(transaction);
    expect(feePayer).toBe(friend);
    const programs = instructions.map((entry) => entry.program);
    const fund = instructions.find(
      (entry) => entry.data.slice(0, 8).join() === discriminator('fund_by_claiming_fee').join(),
    );
    expect(fund?.accounts.slice(0, 3)).toEqual([feeVault, expect.any(String), friend]);
    const claim = instructions.find((entry) => entry.data.slice(0, 8).join() === discriminator('claim_fee').join());
    expect(claim?.data[8]).toBe(1); // the friend's index
    expect(programs.indexOf(DFS_PROGRAM_ADDRESS)).toBeLessThan(programs.lastIndexOf(DFS_PROGRAM_ADDRESS));

    expect(await codeOf(launchpads.claimSharedFeesTransaction(mint, stranger))).toBe('state_conflict');
    const { mint: swept0 } = await launched(
      state,
      config,
      { creator, pendingLamports: 0n },
      {
        owner: creator,
        users: [
          { address: creator, share: 1 },
          { address: friend, share: 1 },
        ],
      },
    );
    expect(await codeOf(launchpads.claimSharedFeesTransaction(swept0, friend))).toBe('state_conflict');
  });

  it("a creator without recipients claims DBC's creator fee itself, into a temporary WSOL account closed to SOL", async () => {
    const { state, config, launchpads } = await configured();
    const creator = await fresh();
    const { mint } = await launched(state, config, { creator, pendingLamports: 250_000_000n });
    const { transaction, lamports } = await launchpads.claimSharedFeesTransaction(mint, creator);
    expect(lamports).toBe(250_000_000n);
    const { instructions } = instructionsOf(transaction);
    const claim = instructions.find(
      (entry) => entry.data.slice(0, 8).join() === discriminator('claim_creator_trading_fee').join(),
    );
    expect(claim?.accounts[8]).toBe(creator);
    const maxQuote = new DataView(new Uint8Array(claim!.data).buffer).getBigUint64(16, true);
    expect(maxQuote).toBe(250_000_000n);
    expect(instructions.at(-1)!.data[0]).toBe(9); // SPL token CloseAccount
    expect((await launchpads.token(mint))?.feeSharing).toBeNull();
    expect(await codeOf(launchpads.claimSharedFeesTransaction(mint, await fresh()))).toBe('state_conflict');
  });

  it('burns only for the creator (403 otherwise) and only what it holds (400)', async () => {
    const { state, config, launchpads } = await configured();
    const creator = await fresh();
    const { mint } = await launched(state, config, { creator, pendingLamports: 0n });
    expect(await codeOf(launchpads.burnTransaction(mint, await fresh(), 1n))).toBe('not_holder');
    expect(await codeOf(launchpads.burnTransaction(mint, creator, 5n))).toBe('invalid_input');
    const [account] = await findAssociatedTokenPda({
      owner: creator,
      mint: mint as Address,
      tokenProgram: 'TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA' as Address,
    });
    state.tokenBalances.set(account, 1_000_000n);
    const { instructions } = instructionsOf(await launchpads.burnTransaction(mint, creator, 1_000_000n));
    expect(instructions).toHaveLength(1);
    expect(instructions[0]!.data[0]).toBe(15); // SPL token BurnChecked
    expect(instructions[0]!.accounts).toEqual([account, mint, creator]);
  });

  it('answers 503 naming each missing setting; a pump.fun lookup is not disturbed by an unconfigured launchpad', async () => {
    const unconfigured = liveSolanaLaunchpads(chainOf(emptyChain()), {
      svcLaunchpad: { sponsoredLaunchesPerCreator: 3 },
    });
    const creator = await fresh();
    await expect(unconfigured.launchTransaction(launchRequest(creator))).rejects.toMatchObject({
      code: 'not_configured',
      message: expect.stringContaining('SVC_LAUNCHPAD_DBC_CONFIG'),
    });
    await expect(unconfigured.token(await fresh(), 'svc')).rejects.toMatchObject({ code: 'not_configured' });
    expect(await unconfigured.token(await fresh())).toBeUndefined();
    await expect(unconfigured.sponsorQuotaLeft(creator)).rejects.toMatchObject({
      code: 'not_configured',
      message: expect.stringContaining('SVC_LAUNCHPAD_SPONSOR_KEY'),
    });
    await expect(liveSolanaLaunchpads(liveSolanaChain({})).launchCostLamports('svc')).rejects.toMatchObject({
      code: 'not_configured',
    });
    const { launchpads } = await configured();
    expect(WRAPPED_SOL_MINT).toBe('So11111111111111111111111111111111111111112');
    expect(await launchpads.token(await fresh())).toBeUndefined();
  });
});
