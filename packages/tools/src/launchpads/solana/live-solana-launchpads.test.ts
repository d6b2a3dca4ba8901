import { createHash } from 'node:crypto';
import { ServiceError } from '@svc/contracts';
import {
  associatedTokenAddress,
  bondingCurveAddress,
  creatorVaultAddress,
  feeConfigAddress,
  liveSolanaChain,
  PinataClient,
  PUMP_PROGRAM_ADDRESS,
  PumpFunApiClient,
  pumpGlobalAddress,
  type SolanaChain,
  TOKEN_2022_PROGRAM,
} from '@svc/providers';
import {
  encodePumpFeeConfig,
  PINATA_PIN_JSON,
  PUMP_FUN_COINS_GRADUATED,
  PUMP_FUN_COINS_LIST,
  RECORDED_GLOBAL,
  recordedBondingCurve,
  recordedPumpGlobal,
  useMockAgent,
} from '@svc/providers/testing';
import {
  type Address,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
  none,
  type Transaction,
} from '@solana/kit';
import { AccountState, getTokenEncoder } from '@solana-program/token';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../handler.js';
import { getCurveTokens } from '../curve/get-curve-tokens.js';
import { liveSolanaLaunchpads } from './live-solana-launchpads.js';

const SOL = 1_000_000_000n;
const rentOf = (bytes: bigint) => (bytes + 128n) * 6_960n;
const ATA_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL';
const json = { headers: { 'content-type': 'application/json' } };

interface Account {
  readonly data: Uint8Array;
  readonly owner?: Address;
}

/** A Solana chain whose RPC answers from `accounts` and `balances` (lamports), with SOL at $150; it never sends. */
function chainWith(accounts: Map<Address, Account>, balances = new Map<Address, bigint>()): SolanaChain {
  const answer = <T>(value: T) => ({ send: async () => value });
  const rpc = {
    getAccountInfo: (at: Address) => {
      const account = accounts.get(at);
      return answer({
        value: account
          ? {
              data: [getBase64Decoder().decode(account.data), 'base64'],
              owner: account.owner ?? PUMP_PROGRAM_ADDRESS,
            }
          : null,
      });
    },
    getBalance: (at: Address) => answer({ value: balances.get(at) ?? 0n }),
    getMinimumBalanceForRentExemption: (bytes: bigint) => answer(rentOf(bytes)),
    getLatestBlockhash: () =>
      answer({ value: { blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM', lastValidBlockHeight: 1n } }),
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

const newAddress = async () => (await generateKeyPairSigner()).address;

/**
 * The recorded mainnet Global account and the docs' example curve (its creator set) at a fresh Token-2022 mint's curve
 * address; `holder` holds `held` tokens of it in its associated account.
 */
async function pumpWorld(options: {
  creator: Address;
  curve?: Record<string, bigint | boolean | string>;
  holder?: Address;
  held?: bigint;
  feeTiers?: boolean;
}) {
  const mint = await newAddress();
  const accounts = new Map<Address, Account>([
    [await pumpGlobalAddress(), { data: recordedPumpGlobal() }],
    [await bondingCurveAddress(mint), { data: recordedBondingCurve({ creator: options.creator, ...options.curve }) }],
    [mint, { data: new Uint8Array(0), owner: TOKEN_2022_PROGRAM }],
  ]);
  if (options.feeTiers)
    accounts.set(await feeConfigAddress(), {
      data: encodePumpFeeConfig({
        fee_tiers: [
          { market_cap_lamports_threshold: 0n, fees: { lp_fee_bps: 0n, protocol_fee_bps: 95n, creator_fee_bps: 30n } },
          {
            market_cap_lamports_threshold: 10n ** 18n,
            fees: { lp_fee_bps: 0n, protocol_fee_bps: 5n, creator_fee_bps: 5n },
          },
        ],
      }),
    });
  if (options.holder)
    accounts.set(await associatedTokenAddress(options.holder, mint, TOKEN_2022_PROGRAM), {
      owner: TOKEN_2022_PROGRAM,
      data: new Uint8Array(
        getTokenEncoder().encode({
          mint,
          owner: options.holder,
          amount: options.held ?? 0n,
          delegate: none(),
          state: AccountState.Initialized,
          isNative: none(),
          delegatedAmount: 0n,
          closeAuthority: none(),
        }),
      ),
    });
  return { mint, accounts };
}

/** The instructions of a built transaction, with their program, accounts and data. */
function instructionsOf(transaction: Transaction) {
  // A v0 message (what the adapter builds) lists its instructions by account index.
  const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes) as unknown as {
    staticAccounts: Address[];
    instructions: { programAddressIndex: number; accountIndices?: number[]; data?: Uint8Array }[];
  };
  return {
    feePayer: message.staticAccounts[0],
    instructions: message.instructions.map((instruction) => ({
      program: message.staticAccounts[instruction.programAddressIndex],
      accounts: (instruction.accountIndices ?? []).map((index) => message.staticAccounts[index]),
      data: [...(instruction.data ?? [])],
    })),
  };
}

const u64 = (value: bigint) => {
  const bytes = new Uint8Array(8);
  new DataView(bytes.buffer).setBigUint64(0, value, true);
  return [...bytes];
};
const discriminator = (name: string) => [
  ...new Uint8Array(createHash('sha256').update(`global:${name}`).digest().subarray(0, 8)),
];

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof ServiceError ? error.code : String(error)),
  );

/** buy_exact_sol_in's published quote (IDL docs), computed here on its own to check the adapter's. */
function publishedBuyQuote(vSol: bigint, vToken: bigint, spend: bigint, protocolBps: bigint, creatorBps: bigint) {
  let net = (spend * 10_000n) / (10_000n + protocolBps + creatorBps);
  const fees = (n: bigint) => (n * protocolBps + 9_999n) / 10_000n + (n * creatorBps + 9_999n) / 10_000n;
  if (net + fees(net) > spend) net -= net + fees(net) - spend;
  return ((net - 1n) * vToken) / (vSol + net - 1n);
}

describe('live pump.fun launchpad over SOLANA_RPC_URL (recorded Global account; nothing is sent)', () => {
  it("quotes buys as the program fills them, at the fee program's market-cap tier, else Global's fees", async () => {
    const creator = await newAddress();
    const { mint, accounts } = await pumpWorld({ creator });
    const vSol = 30_000_000_013n;
    const vToken = 1_072_999_999_992_855n;
    const flat = await liveSolanaLaunchpads(chainWith(accounts)).quoteBuy(mint, SOL);
    // Global: 100 bps to the protocol, rounded up on the SOL that buys; no creator fee.
    expect(flat.protocolFee).toBe(((flat.lamportsIn - flat.protocolFee) * 100n + 9_999n) / 10_000n);
    expect(flat.creatorFee).toBe(0n);
    expect(flat.tokensOut).toBe(publishedBuyQuote(vSol, vToken, SOL, 100n, 0n));
    const tiered = await pumpWorld({ creator, feeTiers: true });
    const quote = await liveSolanaLaunchpads(chainWith(tiered.accounts)).quoteBuy(tiered.mint, SOL);
    expect(quote.tokensOut).toBe(publishedBuyQuote(vSol, vToken, SOL, 95n, 30n));
    expect(quote.lamportsIn).toBeLessThanOrEqual(SOL);
    const token = await liveSolanaLaunchpads(chainWith(accounts)).token(mint);
    expect(token).toMatchObject({ launchpad: 'pump', creator, graduated: false, decimals: 6 });
  });

  it('refuses a graduated curve (409, use splBuyIntent), a coin not paired with SOL (400) and no curve (404)', async () => {
    const creator = await newAddress();
    const done = await pumpWorld({ creator, curve: { complete: true } });
    expect(await codeOf(liveSolanaLaunchpads(chainWith(done.accounts)).quoteBuy(done.mint, 1n))).toBe('state_conflict');
    const usdc = await pumpWorld({ creator, curve: { quote_mint: 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v' } });
    const paired = liveSolanaLaunchpads(chainWith(usdc.accounts));
    expect(await codeOf(paired.buyTransaction(usdc.mint, creator, SOL, 1n))).toBe('invalid_input');
    expect(await codeOf(paired.quoteSell(await newAddress(), 1n))).toBe('not_found');
  });

  it('builds a buy: the buyer’s token account (idempotent), then buy_exact_quote_in_v2 spending exactly the SOL for at least the bound', async () => {
    const buyer = await newAddress();
    const { mint, accounts } = await pumpWorld({ creator: await newAddress() });
    // 1 SOL, the rent of the buyer's new token account (170 bytes) and volume accumulator (137), and the fee.
    const needed = SOL + rentOf(170n) + rentOf(137n) + 5_000n;
    const short = liveSolanaLaunchpads(chainWith(accounts, new Map([[buyer, needed - 1n]])));
    expect(await codeOf(short.buyTransaction(mint, buyer, SOL, 1n))).toBe('invalid_input');
    const launchpads = liveSolanaLaunchpads(chainWith(accounts, new Map([[buyer, needed]])));
    const quoted = await launchpads.quoteBuy(mint, SOL);
    const least = (quoted.tokensOut * 99n) / 100n;
    const { transaction, quote } = await launchpads.buyTransaction(mint, buyer, SOL, least);
    expect(quote).toEqual(quoted);
    const { feePayer, instructions } = instructionsOf(transaction);
    expect(feePayer).toBe(buyer);
    expect(instructions.map((instruction) => instruction.program)).toEqual([ATA_PROGRAM, PUMP_PROGRAM_ADDRESS]);
    expect(instructions[0]!.accounts.slice(0, 4)).toEqual([
      buyer,
      await associatedTokenAddress(buyer, mint, TOKEN_2022_PROGRAM),
      buyer,
      mint,
    ]);
    const buy = instructions[1]!;
    expect(buy.data).toEqual([...discriminator('buy_exact_quote_in_v2'), ...u64(SOL), ...u64(least)]);
    const feeRecipients = [RECORDED_GLOBAL.recorded.fee_recipient, ...RECORDED_GLOBAL.recorded.fee_recipients];
    expect(feeRecipients).toContain(buy.accounts[6]);
    expect(RECORDED_GLOBAL.published.buyback_fee_recipients).toContain(buy.accounts[8]);
    expect(transaction.signatures[buyer]).toBeNull(); // the vault signs at the commit point
    expect(await codeOf(launchpads.buyTransaction(mint, buyer, SOL, quoted.tokensOut + 1n))).toBe('state_conflict');
  });

  it('builds a sale with sell_v2 (exact tokens, least SOL); more than the vault holds is a 400', async () => {
    const seller = await newAddress();
    const { mint, accounts } = await pumpWorld({ creator: await newAddress(), holder: seller, held: 5_000_000n });
    // The docs' example curve holds 13 lamports: give it SOL to pay a sale.
    accounts.set(await bondingCurveAddress(mint), {
      data: recordedBondingCurve({ creator: seller, virtual_sol_reserves: 40n * SOL, real_sol_reserves: 10n * SOL }),
    });
    const launchpads = liveSolanaLaunchpads(chainWith(accounts));
    const quoted = await launchpads.quoteSell(mint, 5_000_000n);
    const { transaction } = await launchpads.sellTransaction(mint, seller, 5_000_000n, quoted.lamportsOut);
    const [sell] = instructionsOf(transaction).instructions;
    expect(sell!.program).toBe(PUMP_PROGRAM_ADDRESS);
    expect(sell!.data).toEqual([...discriminator('sell_v2'), ...u64(5_000_000n), ...u64(quoted.lamportsOut)]);
    expect(await codeOf(launchpads.sellTransaction(mint, seller, 5_000_001n, 0n))).toBe('invalid_input');
    expect(await codeOf(launchpads.sellTransaction(mint, seller, 5_000_000n, quoted.lamportsOut + 1n))).toBe(
      'state_conflict',
    );
  });

  it("burns the creator's tokens with Token-2022 BurnChecked; another wallet is refused (403), more than held is a 400", async () => {
    const creator = await newAddress();
    const { mint, accounts } = await pumpWorld({ creator, holder: creator, held: 7_000_000n });
    const launchpads = liveSolanaLaunchpads(chainWith(accounts));
    const { instructions, feePayer } = instructionsOf(await launchpads.burnTransaction(mint, creator, 2_500_000n));
    expect(feePayer).toBe(creator);
    expect(instructions).toEqual([
      {
        program: TOKEN_2022_PROGRAM,
        accounts: [await associatedTokenAddress(creator, mint, TOKEN_2022_PROGRAM), mint, creator],
        data: [15, ...u64(2_500_000n), 6],
      },
    ]);
    expect(await codeOf(launchpads.burnTransaction(mint, await newAddress(), 1n))).toBe('not_holder');
    expect(await codeOf(launchpads.burnTransaction(mint, creator, 7_000_001n))).toBe('invalid_input');
  });

  it('claims creator fees with collect_creator_fee_v2; nothing to claim is a 409', async () => {
    const creator = await newAddress();
    const vault = await creatorVaultAddress(creator);
    const launchpads = liveSolanaLaunchpads(chainWith(new Map(), new Map([[vault, rentOf(0n) + 500_000_000n]])));
    const { transaction, lamports } = await launchpads.claimCreatorFeesTransaction(creator);
    expect(lamports).toBe(500_000_000n);
    const { feePayer, instructions } = instructionsOf(transaction);
    expect(feePayer).toBe(creator);
    expect(instructions[0]!.data).toEqual(discriminator('collect_creator_fee_v2'));
    const empty = liveSolanaLaunchpads(chainWith(new Map(), new Map([[vault, rentOf(0n)]])));
    expect(await codeOf(empty.claimCreatorFeesTransaction(creator))).toBe('state_conflict');
  });

  describe('over HTTP (pump.fun lists, Pinata)', () => {
    const mockAgent = useMockAgent();

    it('launches: pins the metadata, then create_v2 signed by the new mint and the developer buy on the fresh curve', async () => {
      const creator = await newAddress();
      const { accounts } = await pumpWorld({ creator });
      let pinned: { pinataContent?: unknown } = {};
      mockAgent()
        .get('https://api.pinata.cloud')
        .intercept({
          path: '/pinning/pinJSONToIPFS',
          method: 'POST',
          body: (body) => {
            pinned = JSON.parse(body) as typeof pinned;
            return true;
          },
        })
        .reply(200, PINATA_PIN_JSON, json);
      const launchpads = liveSolanaLaunchpads(chainWith(accounts), { pinata: () => new PinataClient('jwt') });
      const { transaction, mint, devBuy } = await launchpads.launchTransaction({
        launchpad: 'pump',
        creator,
        metadata: { name: 'Coin', symbol: 'CN', imageUri: 'https://example.com/cn.png', twitter: null },
        devBuyLamports: SOL / 2n,
      });
      expect(pinned.pinataContent).toEqual({
        name: 'Coin',
        symbol: 'CN',
        description: '',
        image: 'https://example.com/cn.png',
        showName: true,
      });
      const { feePayer, instructions } = instructionsOf(transaction);
      expect(feePayer).toBe(creator);
      expect(instructions.map((instruction) => instruction.program)).toEqual([
        PUMP_PROGRAM_ADDRESS,
        ATA_PROGRAM,
        PUMP_PROGRAM_ADDRESS,
      ]);
      const uri = `https://ipfs.io/ipfs/${PINATA_PIN_JSON.IpfsHash}`;
      const text = (value: string) => [...u64(BigInt(value.length)).slice(0, 4), ...Buffer.from(value)];
      expect(instructions[0]!.data).toEqual([
        ...discriminator('create_v2'),
        ...text('Coin'),
        ...text('CN'),
        ...text(uri),
        ...getAddressEncoder().encode(creator),
        0,
        0,
      ]);
      // The developer buy trades the fresh curve of Global's launch constants at its fees (100 bps recorded).
      const tokens = publishedBuyQuote(30n * SOL, 1_073_000_000_000_000n, SOL / 2n, 100n, 0n);
      expect(devBuy?.tokensOut).toBe(tokens);
      expect(instructions[2]!.data).toEqual([
        ...discriminator('buy_exact_quote_in_v2'),
        ...u64(SOL / 2n),
        ...u64(tokens),
      ]);
      expect(transaction.signatures[mint as Address]).not.toBeNull();
      expect(transaction.signatures[creator]).toBeNull();
      expect(await launchpads.launchCostLamports()).toBeGreaterThan(rentOf(115n) + 2n * rentOf(170n));
      const unpinned = liveSolanaLaunchpads(chainWith(accounts));
      await expect(
        unpinned.launchTransaction({
          launchpad: 'pump',
          creator,
          metadata: { name: 'a', symbol: 'A' },
          devBuyLamports: 0n,
        }),
      ).rejects.toMatchObject({ code: 'not_configured', message: expect.stringContaining('PINATA_JWT') });
    });

    it("lists each class from pump.fun's list, with the spec's range filters; a graduated coin's pool depth is null", async () => {
      const api = mockAgent().get('https://advanced-api-v2.pump.fun');
      api.intercept({ path: '/coins/graduated' }).reply(200, PUMP_FUN_COINS_GRADUATED, json);
      api
        .intercept({ path: '/coins/list', query: { sortBy: 'creationTime', direction: 'desc' } })
        .reply(200, PUMP_FUN_COINS_LIST, json);
      api
        .intercept({ path: '/coins/list', query: { sortBy: 'marketCap', direction: 'desc' } })
        .reply(200, PUMP_FUN_COINS_LIST, json);
      const launchpads = liveSolanaLaunchpads(chainWith(new Map()), { pumpFun: () => new PumpFunApiClient() });
      const context = { solanaLaunchpads: launchpads } as unknown as HandlerContext;
      type Listed = { count: number; tokens: Record<string, unknown>[] };
      const list = (input: Record<string, unknown>) =>
        getCurveTokens(input as Parameters<typeof getCurveTokens>[0], context) as Promise<Listed>;
      const defaults = {
        chain: 'sol',
        context: 'meme',
        limit: 5,
        marketCap_gte: 30000,
        volume_gte: 5000,
        holderCount_gte: 30,
      } as const;
      const graduated = await list({ ...defaults, type: 'graduated' });
      expect(graduated.tokens.map((token) => [token.symbol, token.venue, token.liquidityUsd])).toEqual([
        ['FISH', 'jupiter', null],
        ['$PUMPOD', 'jupiter', null],
      ]);
      expect(graduated.tokens[0]).toMatchObject({
        volumeUsd: 985.5318 * 150,
        holderCount: 356,
        tradeCount: 2013,
        curvePercent: 100,
      });
      // The recorded new coin has a $9,823 cap and 8 holders: the spec's default floors leave it out.
      expect((await list({ ...defaults, type: 'newly_created' })).count).toBe(0);
      const loose = { ...defaults, marketCap_gte: undefined, volume_gte: undefined, holderCount_gte: undefined };
      const [fresh] = (await list({ ...loose, type: 'newly_created', liquidUsd_gte: 1 })).tokens;
      expect(fresh).toMatchObject({
        symbol: 'TCE',
        venue: 'pump',
        curvePercent: 22.26,
        devHoldPercent: 15.166077736000002,
      });
      expect(fresh!.liquidityUsd).toBeGreaterThan(0);
      // 22% along the curve is not about to graduate.
      expect((await list({ ...loose, type: 'about_to_graduate' })).count).toBe(0);
      const unlisted = liveSolanaLaunchpads(chainWith(new Map()));
      await expect(unlisted.tokens('pump', 'graduated')).rejects.toMatchObject({
        code: 'not_configured',
        message: expect.stringContaining('PUMP_FUN_API_URL'),
      });
      expect(await codeOf(launchpads.tokens('svc'))).toBe('not_implemented');
    });
  });

  it("answers 503 naming SOLANA_RPC_URL without it, and 501 for the service launchpad's token list", async () => {
    const unconfigured = liveSolanaLaunchpads(liveSolanaChain({}));
    const mint = await newAddress();
    await expect(unconfigured.quoteBuy(mint, 1n)).rejects.toMatchObject({
      code: 'not_configured',
      message: expect.stringContaining('SOLANA_RPC_URL'),
    });
    const launchpads = liveSolanaLaunchpads(chainWith(new Map()));
    expect(await codeOf(launchpads.tokens('svc'))).toBe('not_implemented');
  });
});
