/**
 * Prediction markets on the sandbox Polygon chain (137): the real Gnosis Conditional Tokens contract (the one
 * Polymarket settles on) at Polygon's CTF address, the chain's sandbox USDC as the collateral (the sandbox's USDC.e),
 * one condition per seeded market with the sandbox oracle as its oracle, and a market maker per market that fills
 * orders against its pool of outcome tokens (fpmm.ts): a BUY's collateral is split into both outcomes and the bought
 * outcome paid out, a SELL's shares are merged back into collateral. Prices are the pools' marginal prices, read from
 * the chain, so every fill moves them and the state persists with the chain (anvil's state file).
 *
 * Keys: each market maker and the oracle are local keys derived from fixed labels (no anvil dev account is shared
 * with other sandbox actors); they get native coin for gas when the markets are opened.
 */
import {
  createTestClient,
  createWalletClient,
  erc20Abi,
  getAddress,
  http,
  keccak256,
  maxUint256,
  parseAbi,
  parseAbiItem,
  parseUnits,
  toBytes,
  zeroAddress,
  zeroHash,
  type Address,
  type Hash,
  type Hex,
  type Log,
} from 'viem';
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts';
import ctfJson from '../artifacts/ConditionalTokens.json' with { type: 'json' };
import type { ContractArtifact } from '../artifacts.js';
import type { SandboxEvmChain } from '../sandbox-chain.js';
import { sandboxAddress, type SandboxEvmMarket } from '../sandbox-market.js';
import { type BinaryPool, marginalPrice, sharesForBuy, usdForSell } from './fpmm.js';
import { SEED_MARKETS, type SeedEvent, type SeedMarket } from './predict-seeds.js';

/**
 * Gnosis ConditionalTokens as published in npm `@gnosis.pm/conditional-tokens-contracts@1.0.3`
 * (build/contracts/ConditionalTokens.json, solc 0.5.10): its ABI and bytecode, committed unchanged.
 */
export const CONDITIONAL_TOKENS_ARTIFACT = ctfJson as ContractArtifact & { source: string };
export const CONDITIONAL_TOKENS_ABI = parseAbi([
  'function prepareCondition(address oracle, bytes32 questionId, uint256 outcomeSlotCount)',
  'function reportPayouts(bytes32 questionId, uint256[] payouts)',
  'function splitPosition(address collateralToken, bytes32 parentCollectionId, bytes32 conditionId, uint256[] partition, uint256 amount)',
  'function mergePositions(address collateralToken, bytes32 parentCollectionId, bytes32 conditionId, uint256[] partition, uint256 amount)',
  'function redeemPositions(address collateralToken, bytes32 parentCollectionId, bytes32 conditionId, uint256[] indexSets)',
  'function getOutcomeSlotCount(bytes32 conditionId) view returns (uint256)',
  'function getConditionId(address oracle, bytes32 questionId, uint256 outcomeSlotCount) pure returns (bytes32)',
  'function getCollectionId(bytes32 parentCollectionId, bytes32 conditionId, uint256 indexSet) view returns (bytes32)',
  'function getPositionId(address collateralToken, bytes32 collectionId) pure returns (uint256)',
  'function payoutNumerators(bytes32 conditionId, uint256 index) view returns (uint256)',
  'function payoutDenominator(bytes32 conditionId) view returns (uint256)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function balanceOfBatch(address[] owners, uint256[] ids) view returns (uint256[])',
  'function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)',
]);
const TRANSFER_SINGLE = parseAbiItem(
  'event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)',
);
const ERC20_TRANSFER = parseAbiItem('event Transfer(address indexed from, address indexed to, uint256 value)');

/** Polymarket's Conditional Tokens contract on Polygon; the sandbox places the same contract at the same address. */
export const POLYGON_CTF_ADDRESS: Address = '0x4D97DCd97eC945f40cF65F87097ACe5EA0476045';
/** The binary partition: index set 1 is outcome 0 (Yes), 2 is outcome 1 (No). */
export const BINARY_PARTITION = [1n, 2n] as const;
export const OUTCOMES = ['Yes', 'No'] as const;
/** Outcome tokens share the collateral's 6 decimals. */
export const PREDICT_DECIMALS = 6;

/** A local key derived from a fixed label (the sandbox's own actors; never a real wallet). */
const labelledAccount = (label: string): PrivateKeyAccount =>
  privateKeyToAccount(keccak256(toBytes(`svc.sandbox.predict.${label}`)));

/** The sandbox oracle, which prepares no conditions itself but is every condition's oracle and reports payouts. */
export const SANDBOX_PREDICT_ORACLE = labelledAccount('oracle');
/** Holds the outcome tokens the seeding moved out of the pools to set their starting prices (earlier traders). */
export const SANDBOX_PREDICT_EARLY_TRADERS: Address = sandboxAddress('predict.early-traders');
/** Native coin each sandbox actor (makers, oracle) is given for gas. */
const GAS_MONEY = parseUnits('1000', 18);

export interface SandboxPredictMarket {
  readonly event: SeedEvent;
  readonly seed: SeedMarket;
  readonly questionId: Hex;
  readonly conditionId: Hex;
  /** The market maker of this market: its CTF balances are the pool. */
  readonly maker: Address;
  /** Outcome token ids (CTF position ids) of Yes and No: Polymarket's clob token ids. */
  readonly tokenIds: readonly [bigint, bigint];
}

export interface SandboxPredictMarketState {
  /** The maker's pool: Yes and No tokens (atomic). */
  readonly pool: readonly [bigint, bigint];
  /** Yes and No prices, 0 to 1: the pool's marginal prices, or the reported payouts once resolved. */
  readonly prices: readonly [number, number];
  /** The reported payout numerators, once the oracle resolved the condition; null before. */
  readonly payouts: readonly [bigint, bigint] | null;
}

/** One fill between a trader and a market maker, read from the chain's logs. */
export interface SandboxPredictTrade {
  readonly conditionId: Hex;
  readonly tokenId: bigint;
  readonly outcomeIndex: 0 | 1;
  readonly trader: Address;
  readonly side: 'BUY' | 'SELL';
  /** Atomic outcome tokens and collateral. */
  readonly shares: bigint;
  readonly usd: bigint;
  readonly blockNumber: bigint;
  /** Unix seconds. */
  readonly timestamp: number;
}

export interface SandboxPredict {
  readonly chain: SandboxEvmChain;
  readonly ctf: Address;
  /** The collateral: the sandbox Polygon chain's USDC, standing in for USDC.e. */
  readonly collateral: Address;
  readonly oracle: Address;
  readonly markets: readonly SandboxPredictMarket[];
  market(conditionId: string): SandboxPredictMarket | undefined;
  /** The market and outcome of an outcome token id (decimal string or bigint). */
  marketOfToken(tokenId: bigint): { market: SandboxPredictMarket; outcomeIndex: 0 | 1 } | undefined;
  /** Every market's pool, prices and payouts, read from the chain in one batch. */
  states(): Promise<ReadonlyMap<Hex, SandboxPredictMarketState>>;
  /** What a BUY of `usd` (atomic collateral) or a SELL of `shares` would fill at now. */
  quote(market: SandboxPredictMarket, outcomeIndex: 0 | 1, side: 'BUY' | 'SELL', atomic: bigint): Promise<bigint>;
  /**
   * The maker's leg of a BUY: `payment` is the trader's collateral transfer to the maker, already on chain. The maker
   * splits the paid collateral and sends the bought outcome's tokens to the payer, unless that is fewer than
   * `minShares` (the price moved since the trader's quote) or the fill fails: then it sends the payment back. Each
   * payment fills (or is refunded) once.
   */
  fillBuy(
    market: SandboxPredictMarket,
    outcomeIndex: 0 | 1,
    payment: Hash,
    minShares: bigint,
  ): Promise<SandboxPredictFill<{ shares: bigint }>>;
  /**
   * The maker's leg of a SELL: `deliver` sends the trader's outcome-token transfer to the maker and answers its hash.
   * It runs in the maker's queue, so no other fill of this maker sees the delivered shares in its pool before this
   * one prices them. Pays the delivered amount's collateral, unless that is less than `minUsd` or the fill fails:
   * then it sends the shares back.
   */
  fillSell(
    market: SandboxPredictMarket,
    outcomeIndex: 0 | 1,
    deliver: () => Promise<Hash>,
    minUsd: bigint,
  ): Promise<SandboxPredictFill<{ usd: bigint }> & { delivery: Hash }>;
  /** The oracle reports the payouts of `market` (e.g. [1, 0]: Yes won), after which positions redeem. */
  resolve(market: SandboxPredictMarket, payouts: readonly [bigint, bigint]): Promise<Hash>;
  /** Every fill so far, oldest first. */
  trades(): Promise<readonly SandboxPredictTrade[]>;
}

/**
 * A fill's outcome: filled (`hash` is the maker's last leg), or refunded (`hash` sends the trader's leg back, and
 * `reason` says why).
 */
export type SandboxPredictFill<Filled> =
  | ({ readonly status: 'filled'; readonly hash: Hash } & Filled)
  | { readonly status: 'refunded'; readonly hash: Hash; readonly reason: string };

/** The markets of each sandbox Polygon market object (a sandbox reset makes a new one, so they open again). */
const opened = new WeakMap<SandboxEvmMarket, Promise<SandboxPredict>>();

/** The prediction markets of the sandbox chain `market` (Polygon), placed and seeded on first use. */
export function sandboxPredictOf(market: SandboxEvmMarket): Promise<SandboxPredict> {
  let predict = opened.get(market);
  if (!predict) {
    predict = openSandboxPredict(market.chain);
    predict.catch(() => opened.delete(market));
    opened.set(market, predict);
  }
  return predict;
}

/** A wallet that sends one transaction at a time and checks each receipt (a maker or the oracle). */
function serialSender(chain: SandboxEvmChain, account: PrivateKeyAccount) {
  const wallet = createWalletClient({ chain: chain.chain, transport: http(chain.rpcUrl, { retryCount: 0 }), account });
  let queue: Promise<unknown> = Promise.resolve();
  const run = <T>(task: () => Promise<T>): Promise<T> => {
    const next = queue.then(task, task);
    queue = next.catch(() => undefined);
    return next;
  };
  const send = async (address: Address, abi: readonly unknown[], functionName: string, args: readonly unknown[]) => {
    const hash = await wallet.writeContract({
      address,
      abi: abi as never,
      functionName: functionName as never,
      args: args as never,
    } as never);
    const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`sandbox prediction-market transaction ${hash} reverted`);
    return hash;
  };
  return { address: account.address, run, send };
}

async function openSandboxPredict(chain: SandboxEvmChain): Promise<SandboxPredict> {
  const { publicClient } = chain;
  const ctf = POLYGON_CTF_ADDRESS;
  const collateral = chain.usdc;
  const testClient = createTestClient({ chain: chain.chain, transport: http(chain.rpcUrl), mode: 'anvil' });
  const code = await publicClient.getCode({ address: ctf });
  if (code?.toLowerCase() !== CONDITIONAL_TOKENS_ARTIFACT.deployedBytecode.toLowerCase())
    await testClient.setCode({ address: ctf, bytecode: CONDITIONAL_TOKENS_ARTIFACT.deployedBytecode });
  const read = (functionName: string, args: readonly unknown[]) =>
    publicClient.readContract({
      address: ctf,
      abi: CONDITIONAL_TOKENS_ABI,
      functionName: functionName as never,
      args: args as never,
    }) as Promise<unknown>;

  const oracle = serialSender(chain, SANDBOX_PREDICT_ORACLE);
  await testClient.setBalance({ address: oracle.address, value: GAS_MONEY });
  const makers = new Map<Hex, ReturnType<typeof serialSender>>();
  const markets = await Promise.all(
    SEED_MARKETS.map(async ({ event, market: seed }): Promise<SandboxPredictMarket> => {
      const questionId = keccak256(toBytes(`svc.sandbox.predict.${seed.slug}`));
      const conditionId = (await read('getConditionId', [oracle.address, questionId, 2n])) as Hex;
      const tokenIds = (await Promise.all(
        BINARY_PARTITION.map(async (indexSet) =>
          read('getPositionId', [collateral, await read('getCollectionId', [zeroHash, conditionId, indexSet])]),
        ),
      )) as [bigint, bigint];
      const maker = serialSender(chain, labelledAccount(`maker.${seed.slug}`));
      makers.set(conditionId, maker);
      return { event, seed, questionId, conditionId, maker: maker.address, tokenIds };
    }),
  );
  await Promise.all(markets.map((market) => seedMarket(market)));

  /** Prepares the condition and fills the maker's pool at the seed price, unless a state file already holds them. */
  async function seedMarket(market: SandboxPredictMarket): Promise<void> {
    const maker = makers.get(market.conditionId)!;
    const [slots, pool] = await Promise.all([
      read('getOutcomeSlotCount', [market.conditionId]) as Promise<bigint>,
      read('balanceOfBatch', [[market.maker, market.maker], market.tokenIds]) as Promise<readonly bigint[]>,
    ]);
    if (slots > 0n && pool.some((balance) => balance > 0n)) return;
    await testClient.setBalance({ address: market.maker, value: GAS_MONEY });
    if (slots === 0n)
      await maker.send(ctf, CONDITIONAL_TOKENS_ABI, 'prepareCondition', [oracle.address, market.questionId, 2n]);
    const liquidity = parseUnits(String(market.seed.liquidityUsd), PREDICT_DECIMALS);
    await chain.mintUsdc(market.maker, liquidity);
    await maker.send(collateral, erc20Abi, 'approve', [ctf, maxUint256]);
    await maker.send(ctf, CONDITIONAL_TOKENS_ABI, 'splitPosition', [
      collateral,
      zeroHash,
      market.conditionId,
      BINARY_PARTITION,
      liquidity,
    ]);
    // Yes is priced other / (yes + other): moving part of the dearer side's opposite out of the pool sets the price.
    const yesPrice = market.seed.seedYesPrice;
    const [outcome, kept] =
      yesPrice < 0.5
        ? [1, (liquidity * BigInt(Math.round(yesPrice * 1e6))) / BigInt(Math.round((1 - yesPrice) * 1e6))]
        : [0, (liquidity * BigInt(Math.round((1 - yesPrice) * 1e6))) / BigInt(Math.round(yesPrice * 1e6))];
    if (liquidity > kept)
      await maker.send(ctf, CONDITIONAL_TOKENS_ABI, 'safeTransferFrom', [
        market.maker,
        SANDBOX_PREDICT_EARLY_TRADERS,
        market.tokenIds[outcome]!,
        liquidity - kept,
        '0x',
      ]);
  }

  const byCondition = new Map(markets.map((market) => [market.conditionId.toLowerCase(), market]));
  const byToken = new Map(
    markets.flatMap((market) => market.tokenIds.map((id, index) => [id, { market, outcomeIndex: index as 0 | 1 }])),
  );

  async function stateOf(market: SandboxPredictMarket): Promise<SandboxPredictMarketState> {
    const [pool, denominator] = await Promise.all([
      read('balanceOfBatch', [[market.maker, market.maker], market.tokenIds]) as Promise<readonly bigint[]>,
      read('payoutDenominator', [market.conditionId]) as Promise<bigint>,
    ]);
    const yes = pool[0] ?? 0n;
    const no = pool[1] ?? 0n;
    if (denominator > 0n) {
      const payouts = (await Promise.all(
        [0n, 1n].map((index) => read('payoutNumerators', [market.conditionId, index])),
      )) as [bigint, bigint];
      return {
        pool: [yes, no],
        payouts,
        prices: [Number(payouts[0]) / Number(denominator), Number(payouts[1]) / Number(denominator)],
      };
    }
    const yesPrice = marginalPrice({ own: yes, other: no });
    return { pool: [yes, no], payouts: null, prices: [yesPrice, 1 - yesPrice] };
  }

  const poolFor = (state: SandboxPredictMarketState, outcomeIndex: 0 | 1): BinaryPool => ({
    own: state.pool[outcomeIndex],
    other: state.pool[1 - outcomeIndex]!,
  });

  /** The trader's leg of a fill: the one transfer of `kind` to the maker in the transaction `hash`. */
  async function legOf(market: SandboxPredictMarket, hash: Hash, kind: 'collateral' | 'shares', tokenId: bigint) {
    const receipt = await publicClient.getTransactionReceipt({ hash });
    if (receipt.status !== 'success') throw new Error(`the trader's transaction ${hash} reverted`);
    for (const log of receipt.logs) {
      if (kind === 'collateral' && log.address.toLowerCase() === collateral.toLowerCase() && log.topics.length === 3) {
        const from = getAddress(`0x${log.topics[1]!.slice(26)}`);
        const to = getAddress(`0x${log.topics[2]!.slice(26)}`);
        if (to === market.maker) return { trader: from, amount: BigInt(log.data) };
      }
      if (kind === 'shares' && log.address.toLowerCase() === ctf.toLowerCase() && log.topics.length === 4) {
        const from = getAddress(`0x${log.topics[2]!.slice(26)}`);
        const to = getAddress(`0x${log.topics[3]!.slice(26)}`);
        const id = BigInt(`0x${log.data.slice(2, 66)}`);
        if (to === market.maker && id === tokenId)
          return { trader: from, amount: BigInt(`0x${log.data.slice(66, 130)}`) };
      }
    }
    throw new Error(`transaction ${hash} pays the market maker of ${market.seed.slug} nothing`);
  }

  /**
   * Waits (bounded) until the node's log index shows the logs of `hash`, a fill's last transaction, so that the next
   * read of the trade history sees the fill.
   */
  async function untilIndexed(hash: Hash): Promise<void> {
    const { blockNumber, logs: emitted } = await publicClient.getTransactionReceipt({ hash });
    const address = [...new Set(emitted.map((log) => log.address))];
    for (let attempt = 0; attempt < 40; attempt += 1) {
      const logs = await publicClient.getLogs({ address, fromBlock: blockNumber, toBlock: blockNumber });
      if (logs.some((log) => log.transactionHash === hash)) return;
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  /** Trader legs already filled or refunded (a payment settles once). */
  const filled = new Set<string>();
  const fillOnce = (hash: Hash) => {
    if (filled.has(hash)) throw new Error(`transaction ${hash} was already filled`);
    filled.add(hash);
  };

  /**
   * Settles a trader's leg once: `fill` prices and pays it, or `refund` sends it back when the price is worse than the
   * trader's minimum or the fill throws. A leg that cannot even be read (e.g. the node lagging) is not marked, so a
   * retry can still settle it.
   */
  async function settle<Leg, Filled>(
    hash: Hash,
    readLeg: () => Promise<Leg>,
    fill: (leg: Leg) => Promise<SandboxPredictFill<Filled>>,
    refund: (leg: Leg) => Promise<Hash>,
  ): Promise<SandboxPredictFill<Filled>> {
    fillOnce(hash);
    let leg: Leg;
    try {
      leg = await readLeg();
    } catch (error) {
      filled.delete(hash);
      throw error;
    }
    let settled: SandboxPredictFill<Filled>;
    try {
      settled = await fill(leg);
    } catch (error) {
      const reason = `the fill failed: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
      settled = { status: 'refunded', hash: await refund(leg), reason };
    }
    await untilIndexed(settled.hash);
    return settled;
  }

  const tradeLog = tradeHistory(chain, ctf, collateral, markets);

  return {
    chain,
    ctf,
    collateral,
    oracle: oracle.address,
    markets,
    market: (conditionId) => byCondition.get(conditionId.toLowerCase()),
    marketOfToken: (tokenId) => byToken.get(tokenId),
    async states() {
      const states = await Promise.all(markets.map(stateOf));
      return new Map(markets.map((market, index) => [market.conditionId, states[index]!]));
    },
    async quote(market, outcomeIndex, side, atomic) {
      const pool = poolFor(await stateOf(market), outcomeIndex);
      return side === 'BUY' ? sharesForBuy(pool, atomic) : usdForSell(pool, atomic);
    },
    async fillBuy(market, outcomeIndex, payment, minShares) {
      const maker = makers.get(market.conditionId)!;
      return maker.run(() =>
        settle<{ trader: Address; amount: bigint }, { shares: bigint }>(
          payment,
          () => legOf(market, payment, 'collateral', 0n),
          async ({ trader, amount }) => {
            const shares = sharesForBuy(poolFor(await stateOf(market), outcomeIndex), amount);
            if (shares < minShares)
              return {
                status: 'refunded',
                hash: await maker.send(collateral, erc20Abi, 'transfer', [trader, amount]),
                reason: `the price moved: ${amount} pays ${shares} shares, fewer than the minimum ${minShares}`,
              };
            await maker.send(ctf, CONDITIONAL_TOKENS_ABI, 'splitPosition', [
              collateral,
              zeroHash,
              market.conditionId,
              BINARY_PARTITION,
              amount,
            ]);
            const hash = await maker
              .send(ctf, CONDITIONAL_TOKENS_ABI, 'safeTransferFrom', [
                market.maker,
                trader,
                market.tokenIds[outcomeIndex],
                shares,
                '0x',
              ])
              .catch(async (error: unknown) => {
                await maker.send(ctf, CONDITIONAL_TOKENS_ABI, 'mergePositions', [
                  collateral,
                  zeroHash,
                  market.conditionId,
                  BINARY_PARTITION,
                  amount,
                ]);
                throw error;
              });
            return { status: 'filled', hash, shares };
          },
          // The maker holds the paid collateral: a failed split leaves it unsplit, a failed payout merges it back.
          ({ trader, amount }) => maker.send(collateral, erc20Abi, 'transfer', [trader, amount]),
        ),
      );
    },
    async fillSell(market, outcomeIndex, deliver, minUsd) {
      const maker = makers.get(market.conditionId)!;
      const tokenId = market.tokenIds[outcomeIndex];
      return maker.run(async () => {
        const delivery = await deliver();
        const settled = await settle<{ trader: Address; amount: bigint }, { usd: bigint }>(
          delivery,
          // The amount this delivery sent, read from its own transfer log.
          () => legOf(market, delivery, 'shares', tokenId),
          async ({ trader, amount }) => {
            // Fills of this maker run one at a time and this delivery was sent inside the queue, so the pool holds
            // exactly these shares beyond the last fill's: price the sale on the pool as it was before they arrived.
            const pool = poolFor(await stateOf(market), outcomeIndex);
            const usd = usdForSell({ own: pool.own - amount, other: pool.other }, amount);
            if (usd < minUsd)
              return {
                status: 'refunded',
                hash: await refundShares(trader, amount),
                reason: `the price moved: ${amount} shares pay ${usd}, less than the minimum ${minUsd}`,
              };
            await maker.send(ctf, CONDITIONAL_TOKENS_ABI, 'mergePositions', [
              collateral,
              zeroHash,
              market.conditionId,
              BINARY_PARTITION,
              usd,
            ]);
            // A failed payout splits the collateral back, so the refund finds the delivered shares in the pool.
            const hash = await maker
              .send(collateral, erc20Abi, 'transfer', [trader, usd])
              .catch(async (error: unknown) => {
                await maker.send(ctf, CONDITIONAL_TOKENS_ABI, 'splitPosition', [
                  collateral,
                  zeroHash,
                  market.conditionId,
                  BINARY_PARTITION,
                  usd,
                ]);
                throw error;
              });
            return { status: 'filled', hash, usd };
          },
          ({ trader, amount }) => refundShares(trader, amount),
        );
        return { ...settled, delivery };
      });
      function refundShares(trader: Address, amount: bigint) {
        return maker.send(ctf, CONDITIONAL_TOKENS_ABI, 'safeTransferFrom', [
          market.maker,
          trader,
          tokenId,
          amount,
          '0x',
        ]);
      }
    },
    resolve: (market, payouts) =>
      oracle.run(() => oracle.send(ctf, CONDITIONAL_TOKENS_ABI, 'reportPayouts', [market.questionId, payouts])),
    trades: tradeLog,
  };
}

/**
 * Every fill, read from the chain's logs: a BUY is the trader's collateral transfer to a maker and the maker's
 * outcome-token transfer back, a SELL the other way round. Legs pair up in order per maker and trader (a maker fills
 * one order at a time). Seeding, splits, merges and redemptions are not fills. Each read scans the whole (young,
 * local) chain again rather than resuming, so a log the node indexed late is never skipped for good.
 */
function tradeHistory(
  chain: SandboxEvmChain,
  ctf: Address,
  collateral: Address,
  markets: readonly SandboxPredictMarket[],
): () => Promise<readonly SandboxPredictTrade[]> {
  const { publicClient } = chain;
  const makers = markets.map((market) => market.maker);
  const marketOfMaker = new Map(markets.map((market) => [market.maker.toLowerCase(), market]));
  const notTraders = new Set([zeroAddress, ctf, SANDBOX_PREDICT_EARLY_TRADERS].map((address) => address.toLowerCase()));
  /** Block timestamps never change (a sandbox reset makes a new market object, and so a new history). */
  const times = new Map<bigint, number>();

  type Leg = {
    log: Log<bigint, number, false>;
    maker: Address;
    trader: Address;
    kind: 'pay' | 'deliver' | 'give' | 'payout';
    amount: bigint;
    tokenId: bigint;
  };

  return async function scan(): Promise<readonly SandboxPredictTrade[]> {
    const trades: SandboxPredictTrade[] = [];
    /** Legs waiting for their counterpart, per maker and trader. */
    const pending = new Map<string, { kind: 'pay' | 'give'; amount: bigint; tokenId: bigint }[]>();
    const range = { fromBlock: 0n, toBlock: 'latest' as const };
    const [usdcIn, usdcOut, sharesIn, sharesOut] = await Promise.all([
      publicClient.getLogs({ address: collateral, event: ERC20_TRANSFER, args: { to: makers }, ...range }),
      publicClient.getLogs({ address: collateral, event: ERC20_TRANSFER, args: { from: makers }, ...range }),
      publicClient.getLogs({ address: ctf, event: TRANSFER_SINGLE, args: { to: makers }, ...range }),
      publicClient.getLogs({ address: ctf, event: TRANSFER_SINGLE, args: { from: makers }, ...range }),
    ]);
    const legs: Leg[] = [
      ...usdcIn.map((log) => ({
        log,
        maker: log.args.to!,
        trader: log.args.from!,
        kind: 'pay' as const,
        amount: log.args.value!,
        tokenId: 0n,
      })),
      ...usdcOut.map((log) => ({
        log,
        maker: log.args.from!,
        trader: log.args.to!,
        kind: 'payout' as const,
        amount: log.args.value!,
        tokenId: 0n,
      })),
      ...sharesIn.map((log) => ({
        log,
        maker: log.args.to!,
        trader: log.args.from!,
        kind: 'give' as const,
        amount: log.args.value!,
        tokenId: log.args.id!,
      })),
      ...sharesOut.map((log) => ({
        log,
        maker: log.args.from!,
        trader: log.args.to!,
        kind: 'deliver' as const,
        amount: log.args.value!,
        tokenId: log.args.id!,
      })),
    ]
      .filter((leg) => !notTraders.has(leg.trader.toLowerCase()) && !marketOfMaker.has(leg.trader.toLowerCase()))
      .sort((a, b) =>
        a.log.blockNumber === b.log.blockNumber
          ? a.log.logIndex - b.log.logIndex
          : a.log.blockNumber < b.log.blockNumber
            ? -1
            : 1,
      );
    for (const leg of legs) {
      const key = `${leg.maker.toLowerCase()}:${leg.trader.toLowerCase()}`;
      const waiting = pending.get(key) ?? [];
      pending.set(key, waiting);
      if (leg.kind === 'pay' || leg.kind === 'give') {
        waiting.push({ kind: leg.kind, amount: leg.amount, tokenId: leg.tokenId });
        continue;
      }
      const opening = waiting.findIndex((candidate) => candidate.kind === (leg.kind === 'deliver' ? 'pay' : 'give'));
      if (opening < 0) {
        // A refund: the maker sent a trader's own leg back unfilled (same asset, same amount), which is no trade.
        const refunded = waiting.findIndex(
          (candidate) =>
            candidate.kind === (leg.kind === 'deliver' ? 'give' : 'pay') &&
            candidate.amount === leg.amount &&
            candidate.tokenId === leg.tokenId,
        );
        if (refunded >= 0) waiting.splice(refunded, 1);
        continue;
      }
      const [first] = waiting.splice(opening, 1);
      const market = marketOfMaker.get(leg.maker.toLowerCase())!;
      const tokenId = leg.kind === 'deliver' ? leg.tokenId : first!.tokenId;
      const outcomeIndex = market.tokenIds[0] === tokenId ? 0 : 1;
      if (!times.has(leg.log.blockNumber))
        times.set(
          leg.log.blockNumber,
          Number((await publicClient.getBlock({ blockNumber: leg.log.blockNumber })).timestamp),
        );
      trades.push({
        conditionId: market.conditionId,
        tokenId,
        outcomeIndex,
        trader: getAddress(leg.trader),
        side: leg.kind === 'deliver' ? 'BUY' : 'SELL',
        shares: leg.kind === 'deliver' ? leg.amount : first!.amount,
        usd: leg.kind === 'deliver' ? first!.amount : leg.amount,
        blockNumber: leg.log.blockNumber,
        timestamp: times.get(leg.log.blockNumber)!,
      });
    }
    return trades;
  };
}
