/**
 * An in-process Hedera ledger for the sandbox: accounts (keyed, or hollow under an EVM alias), HBAR and HTS fungible
 * token balances, a SaucerSwap-V1-like router over constant-product pools, and the rules a Hedera node applies to the
 * signed transaction bytes `@hashgraph/sdk` produces (`Transaction.toBytes()`):
 *
 * - the transaction must name node 0.0.3, carry a transaction id whose valid start is not in the future and whose
 *   valid duration has not passed, and an id never seen before (DUPLICATE_TRANSACTION: no replays);
 * - the payer and every account debited must have signed every body with its key (INVALID_SIGNATURE). A hollow
 *   account (created by a transfer to an EVM alias, HIP-583) is completed by the first transaction signed with the
 *   ECDSA key whose EVM address is its alias: that key becomes the account's key;
 * - HBAR and each token's transfers sum to zero; every debit is covered, the payer also pays the fee
 *   (INSUFFICIENT_PAYER_BALANCE, INSUFFICIENT_ACCOUNT_BALANCE, INSUFFICIENT_TOKEN_BALANCE);
 * - a credit to an unknown EVM alias creates a hollow account (auto account creation);
 * - accounts hold any venue token without a TokenAssociateTransaction: every account here has unlimited automatic
 *   token associations, which HIP-904 gives accounts created by auto account creation; the launchpad's tokens
 *   (memejob.ts) are the exception: an account receives one only once a TokenAssociateTransaction it signed
 *   associated it (TOKEN_NOT_ASSOCIATED_TO_ACCOUNT otherwise);
 * - an AccountAllowanceApproveTransaction sets HTS token allowances (owner signs; HBAR and NFT allowances are not
 *   modelled);
 * - a ContractExecuteTransaction to the launchpad (SANDBOX_MEMEJOB_ID) buys from or sells to a token's curve
 *   (memejob.ts), reverting below its minimum out;
 * - any other ContractExecuteTransaction may call only the router (SANDBOX_SWAP_ROUTER_ID) with one of SWAP_ROUTER_ABI's
 *   exact-input swaps; a token input is pulled from the payer under its allowance to the router (spent by the swap),
 *   HBAR comes as the payable amount; the router reverts with INSUFFICIENT_OUTPUT_AMOUNT below amountOutMin, EXPIRED
 *   past the deadline, or on a missing allowance (SPENDER_DOES_NOT_HAVE_ALLOWANCE).
 *
 * Each accepted transaction gets a strictly increasing consensus timestamp and a record. A refused transaction
 * changes nothing and is not recorded (a node would charge the payer for some failures; the sandbox does not).
 * Fees are flat: 0.001 HBAR a transfer, 0.05 HBAR an allowance approval or a contract call.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type {
  AccountId,
  ContractExecuteTransaction,
  PrivateKey,
  PublicKey,
  Transaction,
  TransferTransaction,
} from '@hashgraph/sdk';
import { bytesToHex, decodeFunctionData } from 'viem';
import {
  amountOut,
  entityId,
  entityIdOfLongZero,
  HBAR,
  HederaLedgerError,
  type HederaSdk,
  type HederaStatus,
  type HederaTransfer,
  loadHederaSdk,
  longZeroAddressOf,
  SWAP_ROUTER_ABI,
} from '@svc/chains';
import {
  SANDBOX_FIRST_ACCOUNT_NUM,
  SANDBOX_HEDERA_POOLS,
  SANDBOX_HEDERA_TOKENS,
  SANDBOX_NODE_ACCOUNT_ID,
  SANDBOX_SWAP_ROUTER_ID,
  SANDBOX_TREASURY_GENESIS,
  SANDBOX_TREASURY_ID,
  SANDBOX_WHBAR_TOKEN_ID,
  type SandboxHederaToken,
} from './seed.js';
import {
  MEME_DECIMALS,
  MEME_PROMOTION_TINYBARS,
  MEME_SUPPLY,
  type MemeCurve,
  MEMEJOB_ABI,
  quoteMemeBuy,
  quoteMemeSell,
  SANDBOX_MEME_SEEDS,
  SANDBOX_MEMEJOB_ID,
  seededMemeCurve,
} from './memejob.js';

export const SANDBOX_FEES = {
  transfer: 100_000n,
  allowance: 5_000_000n,
  contractCall: 5_000_000n,
  associate: 5_000_000n,
} as const;

export interface HederaTransactionRecord {
  /** The SDK's form: `0.0.1001@1700000000.123456789`. */
  readonly transactionId: string;
  /** `seconds.nanoseconds`, as the mirror node writes it. */
  readonly consensusTimestamp: string;
  readonly type: 'CRYPTOTRANSFER' | 'CRYPTOAPPROVEALLOWANCE' | 'CONTRACTCALL' | 'TOKENASSOCIATE';
  readonly payer: string;
  /** Tinybars charged to the payer (also in `transfers`). */
  readonly fee: bigint;
  readonly transfers: readonly HederaTransfer[];
  readonly memo: string;
  /** Accounts this transaction created (auto account creation under an EVM alias). */
  readonly createdAccounts: readonly string[];
}

/** An account as the mirror node describes it: its id, EVM address (alias, else long-zero), HBAR and token balances. */
export interface SandboxHederaAccount {
  readonly accountId: string;
  readonly evmAddress: `0x${string}`;
  /** DER hex of the account key; null for a hollow account (not yet used by its key). */
  readonly key: string | null;
  readonly tinybar: bigint;
  readonly tokens: ReadonlyMap<string, bigint>;
}

export interface SandboxHederaPool {
  readonly contractId: string;
  readonly evmAddress: `0x${string}`;
  readonly assets: readonly [string, string];
  readonly reserves: readonly [bigint, bigint];
}

interface AccountState {
  readonly id: string;
  keyDer: string | null;
  /** Lower-case 40 hex digits, no 0x. */
  readonly alias: string | null;
  readonly balances: Map<string, bigint>;
}

interface Plan {
  readonly type: HederaTransactionRecord['type'];
  readonly fee: bigint;
  readonly deltas: readonly HederaTransfer[];
  /** Hollow accounts a transfer credits into existence. */
  readonly create: readonly string[];
  /** Accounts whose signature the transaction needs besides the payer's: a transfer's debited accounts. */
  readonly signedBy: readonly string[];
  /** Token allowances after this transaction, by allowanceKey. */
  readonly allowances: ReadonlyMap<string, bigint>;
  /** Token associations this transaction adds, by associationKey. */
  readonly associate?: readonly string[];
  /** A launchpad curve after this transaction. */
  readonly curve?: MemeCurve;
}

/** account, token → the key of one association. */
const associationKey = (account: string, tokenId: string) => `${account}/${tokenId}`;

/** owner, token, spender → the key of one allowance. */
const allowanceKey = (owner: string, tokenId: string, spender: string) => `${owner}/${tokenId}/${spender}`;

const STATE_FORMAT = 'svc-hedera-sandbox-ledger/1';
const HISTORY_LIMIT = 1000;
/** How far in the future a valid start may lie (clock skew between the signer and the node). */
const FUTURE_SKEW_NS = 10_000_000_000n;

export interface PersistedState {
  format: typeof STATE_FORMAT;
  treasuryKey: string;
  nextNum: string;
  lastConsensusNs: string;
  accounts: Array<{ id: string; keyDer: string | null; alias: string | null; balances: Record<string, string> }>;
  allowances?: Record<string, string>;
  associations?: string[];
  memeCurves?: Array<
    Omit<MemeCurve, 'createdNs' | 'lastActivityNs' | 'raised' | 'sold'> &
      Record<'createdNs' | 'lastActivityNs' | 'raised' | 'sold', string>
  >;
  transactions: Array<
    Omit<HederaTransactionRecord, 'fee' | 'transfers'> & {
      fee: string;
      transfers: Array<{ account: string; asset: string; amount: string }>;
    }
  >;
}

export interface HederaSandboxLedgerOptions {
  /** Persist state here (JSON, rewritten after each change); loaded if present. */
  readonly file?: string;
}

export class HederaSandboxLedger {
  readonly tokens: readonly SandboxHederaToken[] = SANDBOX_HEDERA_TOKENS;
  readonly routerId = SANDBOX_SWAP_ROUTER_ID;
  readonly whbarTokenId = SANDBOX_WHBAR_TOKEN_ID;
  readonly nodeAccountId = SANDBOX_NODE_ACCOUNT_ID;
  readonly #sdk: HederaSdk;
  readonly #file: string | undefined;
  readonly #accounts = new Map<string, AccountState>();
  readonly #byAlias = new Map<string, AccountState>();
  readonly #history = new Map<string, HederaTransactionRecord>();
  readonly #allowances = new Map<string, bigint>();
  readonly #associations = new Set<string>();
  readonly #memeCurves = new Map<string, MemeCurve>();
  readonly memejobId = SANDBOX_MEMEJOB_ID;
  #treasuryKey: PrivateKey;
  #nextNum = SANDBOX_FIRST_ACCOUNT_NUM;
  #lastConsensusNs = 0n;

  private constructor(sdk: HederaSdk, options: HederaSandboxLedgerOptions) {
    this.#sdk = sdk;
    this.#file = options.file;
    this.#treasuryKey = sdk.PrivateKey.generateECDSA();
    if (this.#file && existsSync(this.#file)) this.#load(this.#file);
    else this.#genesis();
  }

  /** Loads `@hashgraph/sdk` (once per process) and the state file, or seeds a new ledger. */
  static async create(options: HederaSandboxLedgerOptions = {}): Promise<HederaSandboxLedger> {
    return new HederaSandboxLedger(await loadHederaSdk(), options);
  }

  get sdk(): HederaSdk {
    return this.#sdk;
  }

  /** The account an id (`0.0.N`), alias or long-zero EVM address names, or undefined. */
  account(ref: string): SandboxHederaAccount | undefined {
    const state = this.#find(ref);
    if (!state) return undefined;
    const tokens = new Map([...state.balances].filter(([asset]) => asset !== HBAR));
    return {
      accountId: state.id,
      evmAddress: state.alias ? `0x${state.alias}` : (longZeroAddressOf(state.id) as `0x${string}`),
      key: state.keyDer,
      tinybar: state.balances.get(HBAR) ?? 0n,
      tokens,
    };
  }

  /** A venue token, or a launchpad token (memejob.ts). */
  token(tokenId: string): SandboxHederaToken | undefined {
    const curve = this.#memeCurves.get(tokenId);
    if (curve) return { tokenId, symbol: curve.symbol, name: curve.name, decimals: MEME_DECIMALS };
    return this.tokens.find((token) => token.tokenId === tokenId);
  }

  /** Every launch on the launchpad, with its curve. */
  memeCurves(): MemeCurve[] {
    return [...this.#memeCurves.values()];
  }

  /** Has `account` (an id, alias or long-zero address) associated the launchpad token `tokenId`? */
  isAssociated(account: string, tokenId: string): boolean {
    const state = this.#find(account);
    return state !== undefined && this.#associated(state.id, tokenId);
  }

  /** Launchpad tokens need an association (the launchpad contract holds its own); every other token is auto-associated. */
  #associated(accountId: string, tokenId: string): boolean {
    return (
      !this.#memeCurves.has(tokenId) ||
      accountId === SANDBOX_MEMEJOB_ID ||
      this.#associations.has(associationKey(accountId, tokenId))
    );
  }

  pools(): SandboxHederaPool[] {
    return SANDBOX_HEDERA_POOLS.map(({ contractId, assets }) => ({
      contractId,
      evmAddress: longZeroAddressOf(contractId) as `0x${string}`,
      assets,
      reserves: [this.#balance(contractId, assets[0]), this.#balance(contractId, assets[1])] as const,
    }));
  }

  /** A transaction accepted earlier (within the last 1000), by its SDK id form. */
  transaction(transactionId: string): HederaTransactionRecord | undefined {
    return this.#history.get(transactionId);
  }

  /**
   * Faucet: the treasury sends `atomic` of `asset` (HBAR or a token id) to `to` (an account id, or an EVM address,
   * which creates a hollow account on its first funding) with a treasury-signed TransferTransaction.
   */
  async fund(to: string, asset: string, atomic: bigint): Promise<HederaTransactionRecord> {
    const sdk = this.#sdk;
    const recipient = /^0x/i.test(to) ? sdk.AccountId.fromEvmAddress(0, 0, to) : sdk.AccountId.fromString(to);
    const treasury = sdk.AccountId.fromString(SANDBOX_TREASURY_ID);
    const transfer = new sdk.TransferTransaction();
    if (asset === HBAR)
      transfer
        .addHbarTransfer(treasury, sdk.Hbar.fromTinybars((-atomic).toString()))
        .addHbarTransfer(recipient, sdk.Hbar.fromTinybars(atomic.toString()));
    else transfer.addTokenTransfer(asset, treasury, -atomic).addTokenTransfer(asset, recipient, atomic);
    const frozen = transfer
      .setTransactionId(sdk.TransactionId.generate(treasury))
      .setNodeAccountIds([sdk.AccountId.fromString(SANDBOX_NODE_ACCOUNT_ID)])
      .setTransactionMemo('sandbox faucet')
      .freeze();
    return this.submit((await frozen.sign(this.#treasuryKey)).toBytes());
  }

  /**
   * Verifies signed transaction bytes (see the file comment for every rule) and applies them atomically. Throws
   * HederaLedgerError naming the Hedera status; a refused transaction changes nothing.
   */
  submit(bytes: Uint8Array): HederaTransactionRecord {
    const sdk = this.#sdk;
    let tx: Transaction;
    try {
      tx = sdk.Transaction.fromBytes(bytes);
    } catch (error) {
      throw new HederaLedgerError('INVALID_TRANSACTION_BODY', error instanceof Error ? error.message : String(error));
    }
    const transactionId = tx.transactionId;
    if (!transactionId?.accountId || !transactionId.validStart)
      throw new HederaLedgerError('INVALID_TRANSACTION_ID', 'the transaction has no transaction id');
    const idText = transactionId.toString();
    if (!tx.nodeAccountIds?.some((node) => node.toString() === SANDBOX_NODE_ACCOUNT_ID)) {
      throw new HederaLedgerError('INVALID_NODE_ACCOUNT', `the transaction is not for node ${SANDBOX_NODE_ACCOUNT_ID}`);
    }
    if (this.#history.has(idText))
      throw new HederaLedgerError('DUPLICATE_TRANSACTION', `${idText} was already submitted`);
    const consensusNs = this.#nextConsensusNs();
    const validStartNs =
      BigInt(transactionId.validStart.seconds.toString()) * 1_000_000_000n +
      BigInt(transactionId.validStart.nanos.toString());
    if (validStartNs > consensusNs + FUTURE_SKEW_NS)
      throw new HederaLedgerError('INVALID_TRANSACTION_START', `${idText} starts in the future`);
    if (consensusNs > validStartNs + BigInt(tx.transactionValidDuration) * 1_000_000_000n)
      throw new HederaLedgerError('TRANSACTION_EXPIRED', `${idText} is past its valid duration`);

    const payer = this.#existing(transactionId.accountId, 'PAYER_ACCOUNT_NOT_FOUND');
    const signers = this.#signers(tx);
    let plan: Plan;
    if (tx instanceof sdk.TransferTransaction) plan = this.#planTransfer(tx);
    else if (tx instanceof sdk.AccountAllowanceApproveTransaction) plan = this.#planApproval(tx);
    else if (tx instanceof sdk.TokenAssociateTransaction) plan = this.#planAssociate(tx);
    else if (tx instanceof sdk.ContractExecuteTransaction && tx.contractId?.toString() === SANDBOX_MEMEJOB_ID)
      plan = this.#planMemejob(tx, payer, consensusNs);
    else if (tx instanceof sdk.ContractExecuteTransaction) plan = this.#planSwap(tx, payer, consensusNs);
    else
      throw new HederaLedgerError(
        'NOT_SUPPORTED',
        `${tx.constructor.name} is not supported by the sandbox (transfers and router swaps are)`,
      );
    if (tx.maxTransactionFee && BigInt(tx.maxTransactionFee.toTinybars().toString()) < plan.fee) {
      throw new HederaLedgerError(
        'INSUFFICIENT_TX_FEE',
        `the fee is ${plan.fee} tinybars; the transaction allows at most ${tx.maxTransactionFee.toTinybars()}`,
      );
    }

    // Hollow accounts whose key this transaction completes: id → DER key.
    const complete = new Map<string, string>();
    for (const id of new Set([payer.id, ...plan.signedBy]))
      this.#authorize(this.#accounts.get(id) as AccountState, signers, complete);
    const deltas = [...plan.deltas, { account: payer.id, asset: HBAR, amount: -plan.fee }];
    this.#checkCovered(deltas, payer.id, plan.fee);

    // Every check passed and nothing below can fail: apply.
    const createdAccounts = plan.create.map((alias) => this.#createAccount(alias).id);
    const resolved = deltas.map((d) => ({
      ...d,
      account: this.#accounts.has(d.account) ? d.account : (this.#byAlias.get(d.account)?.id ?? d.account),
    }));
    for (const { account, asset, amount } of resolved) this.#add(account, asset, amount);
    for (const [id, keyDer] of complete) (this.#accounts.get(id) as AccountState).keyDer = keyDer;
    for (const [key, amount] of plan.allowances) this.#allowances.set(key, amount);
    for (const key of plan.associate ?? []) this.#associations.add(key);
    if (plan.curve) this.#memeCurves.set(plan.curve.tokenId, plan.curve);
    this.#lastConsensusNs = consensusNs;
    const record: HederaTransactionRecord = {
      transactionId: idText,
      consensusTimestamp: `${consensusNs / 1_000_000_000n}.${(consensusNs % 1_000_000_000n).toString().padStart(9, '0')}`,
      type: plan.type,
      payer: payer.id,
      fee: plan.fee,
      transfers: merge(resolved),
      memo: tx.transactionMemo,
      createdAccounts,
    };
    this.#remember(record);
    this.#persist();
    return record;
  }

  #planTransfer(tx: TransferTransaction): Plan {
    const deltas: HederaTransfer[] = [];
    const create = new Set<string>();
    const target = (accountId: AccountId, credit: boolean): string => {
      const found = this.#resolve(accountId);
      if (found) return found.id;
      const alias = accountId.evmAddress?.toString().toLowerCase();
      // Auto account creation: a credit to an unknown EVM alias creates a hollow account under it.
      if (alias && credit) {
        create.add(alias);
        return alias;
      }
      throw new HederaLedgerError('INVALID_ACCOUNT_ID', `no account ${accountId.toString()}`);
    };
    let hbarSum = 0n;
    for (const [accountId, hbar] of tx.hbarTransfers) {
      const amount = BigInt(hbar.toTinybars().toString());
      hbarSum += amount;
      deltas.push({ account: target(accountId, amount > 0n), asset: HBAR, amount });
    }
    if (hbarSum !== 0n)
      throw new HederaLedgerError('INVALID_ACCOUNT_AMOUNTS', `HBAR transfers sum to ${hbarSum} tinybars, not 0`);
    for (const [tokenId, transfers] of tx.tokenTransfers) {
      const token = tokenId.toString();
      if (!this.token(token)) throw new HederaLedgerError('INVALID_TOKEN_ID', `no token ${token}`);
      let sum = 0n;
      for (const [accountId, value] of transfers) {
        const amount = BigInt(value.toString());
        sum += amount;
        const account = target(accountId, amount > 0n);
        if (amount > 0n && !this.#associated(account, token))
          throw new HederaLedgerError('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT', `${account} has not associated ${token}`);
        deltas.push({ account, asset: token, amount });
      }
      if (sum !== 0n)
        throw new HederaLedgerError('TRANSFERS_NOT_ZERO_SUM_FOR_TOKEN', `${token} transfers sum to ${sum}, not 0`);
    }
    if (deltas.length === 0) throw new HederaLedgerError('INVALID_ACCOUNT_AMOUNTS', 'the transfer moves nothing');
    const signedBy = deltas.filter((d) => d.amount < 0n).map((d) => d.account);
    return {
      type: 'CRYPTOTRANSFER',
      fee: SANDBOX_FEES.transfer,
      deltas,
      create: [...create],
      signedBy,
      allowances: new Map(),
    };
  }

  #planApproval(tx: InstanceType<HederaSdk['AccountAllowanceApproveTransaction']>): Plan {
    if (tx.hbarApprovals.length > 0 || tx.tokenNftApprovals.length > 0)
      throw new HederaLedgerError('NOT_SUPPORTED', 'the sandbox models HTS fungible token allowances only');
    if (tx.tokenApprovals.length === 0)
      throw new HederaLedgerError('INVALID_TRANSACTION_BODY', 'the approval approves nothing');
    const allowances = new Map<string, bigint>();
    const signedBy: string[] = [];
    for (const approval of tx.tokenApprovals) {
      const token = approval.tokenId.toString();
      if (!this.token(token)) throw new HederaLedgerError('INVALID_TOKEN_ID', `no token ${token}`);
      const owner = approval.ownerAccountId ? this.#resolve(approval.ownerAccountId) : undefined;
      const spender = approval.spenderAccountId ? this.#resolve(approval.spenderAccountId) : undefined;
      if (!owner || !spender)
        throw new HederaLedgerError('INVALID_ACCOUNT_ID', 'an approval needs an existing owner and spender');
      allowances.set(allowanceKey(owner.id, token, spender.id), BigInt(approval.amount?.toString() ?? '0'));
      signedBy.push(owner.id);
    }
    return {
      type: 'CRYPTOAPPROVEALLOWANCE',
      fee: SANDBOX_FEES.allowance,
      deltas: [],
      create: [],
      signedBy,
      allowances,
    };
  }

  #planSwap(tx: ContractExecuteTransaction, payer: AccountState, consensusNs: bigint): Plan {
    if (tx.contractId?.toString() !== SANDBOX_SWAP_ROUTER_ID) {
      throw new HederaLedgerError(
        'INVALID_CONTRACT_ID',
        `the sandbox runs only the swap router ${SANDBOX_SWAP_ROUTER_ID}; got ${tx.contractId?.toString() ?? 'none'}`,
      );
    }
    let call: ReturnType<typeof decodeFunctionData<typeof SWAP_ROUTER_ABI>>;
    try {
      call = decodeFunctionData({ abi: SWAP_ROUTER_ABI, data: bytesToHex(tx.functionParameters ?? new Uint8Array()) });
    } catch {
      throw new HederaLedgerError('CONTRACT_REVERT_EXECUTED', 'the router has no such function');
    }
    const payable = BigInt(tx.payableAmount?.toTinybars().toString() ?? '0');
    const [amountIn, amountOutMin, path, to, deadline] =
      call.functionName === 'swapExactETHForTokens'
        ? [payable, ...call.args]
        : (call.args as readonly [bigint, bigint, readonly `0x${string}`[], `0x${string}`, bigint]);
    if (call.functionName !== 'swapExactETHForTokens' && payable !== 0n)
      throw new HederaLedgerError('CONTRACT_REVERT_EXECUTED', `${call.functionName} is not payable`);
    if (deadline * 1_000_000_000n < consensusNs)
      throw new HederaLedgerError('CONTRACT_REVERT_EXECUTED', 'EXPIRED: the swap deadline has passed');
    const assets = path.map((address) => this.#pathAsset(address));
    const hbarIn = call.functionName === 'swapExactETHForTokens';
    const hbarOut = call.functionName === 'swapExactTokensForETH';
    if (assets.length < 2 || (assets[0] === HBAR) !== hbarIn || (assets[assets.length - 1] === HBAR) !== hbarOut) {
      throw new HederaLedgerError(
        'CONTRACT_REVERT_EXECUTED',
        'INVALID_PATH: HBAR (WHBAR) must open the path of swapExactETHForTokens and close that of swapExactTokensForETH, and only those',
      );
    }
    if (amountIn <= 0n) throw new HederaLedgerError('CONTRACT_REVERT_EXECUTED', 'INSUFFICIENT_INPUT_AMOUNT');
    const recipient = this.#find(to);
    if (!recipient) throw new HederaLedgerError('INVALID_ACCOUNT_ID', `no account at ${to}`);

    const deltas: HederaTransfer[] = [{ account: payer.id, asset: assets[0] as string, amount: -amountIn }];
    let amount = amountIn;
    for (let hop = 0; hop + 1 < assets.length; hop += 1) {
      const [from, into] = [assets[hop] as string, assets[hop + 1] as string];
      const pool = this.pools().find((p) => p.assets.includes(from) && p.assets.includes(into) && from !== into);
      if (!pool) throw new HederaLedgerError('CONTRACT_REVERT_EXECUTED', `INVALID_PATH: no pool for ${from}/${into}`);
      const inIndex = pool.assets[0] === from ? 0 : 1;
      const out = amountOut(amount, pool.reserves[inIndex], pool.reserves[1 - inIndex] as bigint);
      deltas.push(
        { account: pool.contractId, asset: from, amount },
        { account: pool.contractId, asset: into, amount: -out },
      );
      amount = out;
    }
    if (amount < amountOutMin)
      throw new HederaLedgerError(
        'CONTRACT_REVERT_EXECUTED',
        `INSUFFICIENT_OUTPUT_AMOUNT: the swap gives ${amount}, below amountOutMin ${amountOutMin}`,
      );
    deltas.push({ account: recipient.id, asset: assets[assets.length - 1] as string, amount });
    // A token input is pulled under the payer's allowance to the router, which the swap spends.
    const allowances = new Map<string, bigint>();
    if (!hbarIn) {
      const key = allowanceKey(payer.id, assets[0] as string, SANDBOX_SWAP_ROUTER_ID);
      const allowed = this.#allowances.get(key) ?? 0n;
      if (allowed < amountIn)
        throw new HederaLedgerError(
          'SPENDER_DOES_NOT_HAVE_ALLOWANCE',
          `${payer.id} allows the router ${allowed} of ${assets[0]}; the swap pulls ${amountIn}`,
        );
      allowances.set(key, allowed - amountIn);
    }
    // Only the payer signs: the pools pay out under the router's logic.
    return { type: 'CONTRACTCALL', fee: SANDBOX_FEES.contractCall, deltas, create: [], signedBy: [], allowances };
  }

  #planAssociate(tx: InstanceType<HederaSdk['TokenAssociateTransaction']>): Plan {
    const account = tx.accountId ? this.#resolve(tx.accountId) : undefined;
    if (!account) throw new HederaLedgerError('INVALID_ACCOUNT_ID', 'the association names no existing account');
    const associate: string[] = [];
    for (const id of tx.tokenIds ?? []) {
      const token = id.toString();
      if (!this.token(token)) throw new HederaLedgerError('INVALID_TOKEN_ID', `no token ${token}`);
      if (this.#associations.has(associationKey(account.id, token)))
        throw new HederaLedgerError('TOKEN_ALREADY_ASSOCIATED_TO_ACCOUNT', `${account.id} already associated ${token}`);
      associate.push(associationKey(account.id, token));
    }
    if (associate.length === 0)
      throw new HederaLedgerError('INVALID_TRANSACTION_BODY', 'the association names no token');
    return {
      type: 'TOKENASSOCIATE',
      fee: SANDBOX_FEES.associate,
      deltas: [],
      create: [],
      signedBy: [account.id],
      allowances: new Map(),
      associate,
    };
  }

  /** A buy from or a sale to a launchpad curve (memejob.ts): the payer pays and receives; the contract's logic moves the rest. */
  #planMemejob(tx: ContractExecuteTransaction, payer: AccountState, consensusNs: bigint): Plan {
    let call: ReturnType<typeof decodeFunctionData<typeof MEMEJOB_ABI>>;
    try {
      call = decodeFunctionData({ abi: MEMEJOB_ABI, data: bytesToHex(tx.functionParameters ?? new Uint8Array()) });
    } catch {
      throw new HederaLedgerError('CONTRACT_REVERT_EXECUTED', 'the launchpad has no such function');
    }
    const payable = BigInt(tx.payableAmount?.toTinybars().toString() ?? '0');
    const tokenId = entityIdOfLongZero(call.args[0]);
    const curve = tokenId ? this.#memeCurves.get(tokenId) : undefined;
    if (!tokenId || !curve)
      throw new HederaLedgerError(
        'CONTRACT_REVERT_EXECUTED',
        `UNKNOWN_TOKEN: ${call.args[0]} is not a launchpad token`,
      );
    if (curve.promoted)
      throw new HederaLedgerError('CONTRACT_REVERT_EXECUTED', `PROMOTED: ${tokenId} no longer trades on its curve`);
    const base = {
      type: 'CONTRACTCALL' as const,
      fee: SANDBOX_FEES.contractCall,
      create: [],
      signedBy: [],
      allowances: new Map(),
    };
    if (call.functionName === 'buy') {
      if (!this.#associated(payer.id, tokenId))
        throw new HederaLedgerError('TOKEN_NOT_ASSOCIATED_TO_ACCOUNT', `${payer.id} has not associated ${tokenId}`);
      const { out, net, fee } = quoteMemeBuy(curve, payable);
      if (out === 0n || out < call.args[1])
        throw new HederaLedgerError(
          'CONTRACT_REVERT_EXECUTED',
          `INSUFFICIENT_OUTPUT_AMOUNT: the buy gives ${out}, below ${call.args[1]}`,
        );
      const raised = curve.raised + net;
      return {
        ...base,
        // Whatever the target did not take stays with the payer: only net + fee leave.
        deltas: [
          { account: payer.id, asset: HBAR, amount: -(net + fee) },
          { account: SANDBOX_MEMEJOB_ID, asset: HBAR, amount: net + fee },
          { account: SANDBOX_MEMEJOB_ID, asset: tokenId, amount: -out },
          { account: payer.id, asset: tokenId, amount: out },
        ],
        curve: {
          ...curve,
          raised,
          sold: curve.sold + out,
          lastActivityNs: consensusNs,
          promoted: raised >= MEME_PROMOTION_TINYBARS,
        },
      };
    }
    if (payable !== 0n) throw new HederaLedgerError('CONTRACT_REVERT_EXECUTED', 'sell is not payable');
    const [, units, minHbarOut] = call.args;
    const { gross, fee } = quoteMemeSell(curve, units);
    if (gross === 0n || gross - fee < minHbarOut)
      throw new HederaLedgerError(
        'CONTRACT_REVERT_EXECUTED',
        `INSUFFICIENT_OUTPUT_AMOUNT: the sale gives ${gross - fee}, below ${minHbarOut}`,
      );
    return {
      ...base,
      deltas: [
        { account: payer.id, asset: tokenId, amount: -units },
        { account: SANDBOX_MEMEJOB_ID, asset: tokenId, amount: units },
        { account: SANDBOX_MEMEJOB_ID, asset: HBAR, amount: -(gross - fee) },
        { account: payer.id, asset: HBAR, amount: gross - fee },
      ],
      curve: { ...curve, raised: curve.raised - gross, sold: curve.sold - units, lastActivityNs: consensusNs },
    };
  }

  /** HBAR for WHBAR's address, else the token a long-zero address names. */
  #pathAsset(address: string): string {
    const id = entityIdOfLongZero(address);
    if (id === SANDBOX_WHBAR_TOKEN_ID) return HBAR;
    if (!id || !this.token(id))
      throw new HederaLedgerError('CONTRACT_REVERT_EXECUTED', `INVALID_PATH: ${address} is not a token on this ledger`);
    return id;
  }

  /** The public keys that validly signed every body of the transaction. */
  #signers(tx: Transaction): PublicKey[] {
    const candidates = new Map<string, PublicKey>();
    // getSignatures() nests node → transaction id → public key → signature; the keys sit at the innermost level.
    const collect = (map: { keys(): Iterable<unknown>; values(): Iterable<unknown> }) => {
      for (const key of map.keys()) if (key instanceof this.#sdk.PublicKey) candidates.set(key.toStringDer(), key);
      for (const inner of map.values())
        if (inner && typeof inner === 'object' && !(inner instanceof Uint8Array) && 'keys' in inner)
          collect(inner as typeof map);
    };
    collect(tx.getSignatures());
    return [...candidates.values()].filter((key) => {
      try {
        return key.verifyTransaction(tx);
      } catch {
        return false;
      }
    });
  }

  /**
   * The account must be controlled by a signer: its key signed,
   * or, for a hollow account, the ECDSA key whose EVM address is its alias (which then becomes its key).
   */
  #authorize(account: AccountState, signers: readonly PublicKey[], complete: Map<string, string>): void {
    if (account.keyDer !== null) {
      if (signers.some((key) => key.toStringDer() === account.keyDer)) return;
      throw new HederaLedgerError('INVALID_SIGNATURE', `${account.id} did not sign with its key`);
    }
    const aliasKey = account.alias ? signers.find((key) => safeEvmAddress(key) === account.alias) : undefined;
    if (!aliasKey)
      throw new HederaLedgerError(
        'INVALID_SIGNATURE',
        `hollow account ${account.id} must sign with the ECDSA key of its alias 0x${account.alias ?? ''}`,
      );
    complete.set(account.id, aliasKey.toStringDer());
  }

  #checkCovered(deltas: readonly HederaTransfer[], payerId: string, fee: bigint): void {
    const net = new Map<string, bigint>();
    for (const { account, asset, amount } of deltas)
      net.set(`${account}\u0000${asset}`, (net.get(`${account}\u0000${asset}`) ?? 0n) + amount);
    for (const [key, change] of net) {
      if (change >= 0n) continue;
      const [account, asset] = key.split('\u0000') as [string, string];
      const balance = this.#balance(account, asset);
      if (balance + change >= 0n) continue;
      if (asset !== HBAR)
        throw new HederaLedgerError(
          'INSUFFICIENT_TOKEN_BALANCE',
          `${account} holds ${balance} of ${asset}; the transaction takes ${-change}`,
        );
      if (account === payerId)
        throw new HederaLedgerError(
          'INSUFFICIENT_PAYER_BALANCE',
          `${account} holds ${balance} tinybars; the transaction takes ${-change} (fee ${fee} included)`,
        );
      throw new HederaLedgerError(
        'INSUFFICIENT_ACCOUNT_BALANCE',
        `${account} holds ${balance} tinybars; the transaction takes ${-change}`,
      );
    }
  }

  #resolve(accountId: AccountId): AccountState | undefined {
    return this.#find(accountId.evmAddress ? `0x${accountId.evmAddress.toString()}` : accountId.toString());
  }

  #existing(accountId: AccountId, status: HederaStatus): AccountState {
    const found = this.#resolve(accountId);
    if (!found) throw new HederaLedgerError(status, `no account ${accountId.toString()}`);
    return found;
  }

  #find(ref: string): AccountState | undefined {
    if (/^0x[0-9a-f]{40}$/i.test(ref)) {
      const longZero = entityIdOfLongZero(ref);
      return longZero ? this.#accounts.get(longZero) : this.#byAlias.get(ref.slice(2).toLowerCase());
    }
    return this.#accounts.get(ref);
  }

  #createAccount(alias: string | null, id = entityId(this.#nextNum++), keyDer: string | null = null): AccountState {
    const state: AccountState = { id, keyDer, alias, balances: new Map() };
    this.#accounts.set(id, state);
    if (alias) this.#byAlias.set(alias, state);
    return state;
  }

  #balance(account: string, asset: string): bigint {
    return this.#accounts.get(account)?.balances.get(asset) ?? 0n;
  }

  #add(account: string, asset: string, amount: bigint): void {
    const balances = (this.#accounts.get(account) as AccountState).balances;
    balances.set(asset, (balances.get(asset) ?? 0n) + amount);
  }

  /** Nanoseconds since the epoch, strictly after the last consensus timestamp. */
  #nextConsensusNs(): bigint {
    const now = BigInt(Date.now()) * 1_000_000n;
    return now > this.#lastConsensusNs ? now : this.#lastConsensusNs + 1n;
  }

  #remember(record: HederaTransactionRecord): void {
    this.#history.set(record.transactionId, record);
    while (this.#history.size > HISTORY_LIMIT) this.#history.delete(this.#history.keys().next().value as string);
  }

  #genesis(): void {
    const treasury = this.#createAccount(null, SANDBOX_TREASURY_ID, this.#treasuryKey.publicKey.toStringDer());
    treasury.balances.set(HBAR, SANDBOX_TREASURY_GENESIS.hbar);
    for (const token of this.tokens)
      treasury.balances.set(token.tokenId, SANDBOX_TREASURY_GENESIS.tokenSupply(token.decimals));
    // The router and the pools are contracts: no key, so nothing but the router's own logic ever debits them.
    this.#createAccount(null, SANDBOX_SWAP_ROUTER_ID, null);
    for (const pool of SANDBOX_HEDERA_POOLS) {
      const state = this.#createAccount(null, pool.contractId, null);
      pool.assets.forEach((asset, index) => state.balances.set(asset, pool.reserves[index] as bigint));
    }
    this.#seedMemejob();
  }

  /**
   * The launchpad contract and the crowd's launches: each curve already raised its seed's HBAR from the treasury,
   * which holds (and has associated) the tokens bought; the contract holds the rest of the supply and the HBAR.
   */
  #seedMemejob(): void {
    const contract = this.#createAccount(null, SANDBOX_MEMEJOB_ID, null);
    const treasury = this.#accounts.get(SANDBOX_TREASURY_ID) as AccountState;
    const nowNs = BigInt(Date.now()) * 1_000_000n;
    for (const seed of SANDBOX_MEME_SEEDS) {
      const curve = seededMemeCurve(seed, SANDBOX_TREASURY_ID, nowNs);
      this.#memeCurves.set(curve.tokenId, curve);
      contract.balances.set(curve.tokenId, MEME_SUPPLY - curve.sold);
      contract.balances.set(HBAR, (contract.balances.get(HBAR) ?? 0n) + curve.raised);
      treasury.balances.set(curve.tokenId, curve.sold);
      treasury.balances.set(HBAR, (treasury.balances.get(HBAR) ?? 0n) - curve.raised);
      this.#associations.add(associationKey(SANDBOX_TREASURY_ID, curve.tokenId));
    }
  }

  #load(file: string): void {
    const state = JSON.parse(readFileSync(file, 'utf8')) as PersistedState;
    if (state.format !== STATE_FORMAT)
      throw new Error(`${file}: not a Hedera sandbox ledger state (format ${String(state.format)})`);
    this.#apply(state);
  }

  /** Puts the ledger back as it was at `state` (a {@link snapshot}; sandbox reset). */
  restore(state: PersistedState): void {
    // Consensus timestamps keep rising across a reset: records after it stay after every record before it.
    const lastConsensusNs = this.#lastConsensusNs;
    for (const index of [
      this.#accounts,
      this.#byAlias,
      this.#history,
      this.#allowances,
      this.#associations,
      this.#memeCurves,
    ])
      index.clear();
    this.#apply(state);
    if (lastConsensusNs > this.#lastConsensusNs) this.#lastConsensusNs = lastConsensusNs;
    this.#persist();
  }

  #apply(state: PersistedState): void {
    this.#treasuryKey = this.#sdk.PrivateKey.fromStringDer(state.treasuryKey);
    this.#nextNum = BigInt(state.nextNum);
    this.#lastConsensusNs = BigInt(state.lastConsensusNs);
    for (const account of state.accounts) {
      const loaded = this.#createAccount(account.alias, account.id, account.keyDer);
      for (const [asset, amount] of Object.entries(account.balances)) loaded.balances.set(asset, BigInt(amount));
    }
    for (const [key, amount] of Object.entries(state.allowances ?? {})) this.#allowances.set(key, BigInt(amount));
    for (const key of state.associations ?? []) this.#associations.add(key);
    for (const curve of state.memeCurves ?? [])
      this.#memeCurves.set(curve.tokenId, {
        ...curve,
        createdNs: BigInt(curve.createdNs),
        lastActivityNs: BigInt(curve.lastActivityNs),
        raised: BigInt(curve.raised),
        sold: BigInt(curve.sold),
      });
    // A state written before the launchpad existed gets its contract and launches now.
    if (!state.memeCurves) this.#seedMemejob();
    for (const t of state.transactions) {
      this.#remember({
        ...t,
        fee: BigInt(t.fee),
        transfers: t.transfers.map((x) => ({ ...x, amount: BigInt(x.amount) })),
      });
    }
  }

  #persist(): void {
    if (!this.#file) return;
    mkdirSync(dirname(this.#file), { recursive: true });
    const tmp = `${this.#file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.snapshot()));
    renameSync(tmp, this.#file);
  }

  /** The whole ledger now (as its file holds it), for {@link restore}. */
  snapshot(): PersistedState {
    return {
      format: STATE_FORMAT,
      treasuryKey: this.#treasuryKey.toStringDer(),
      nextNum: this.#nextNum.toString(),
      lastConsensusNs: this.#lastConsensusNs.toString(),
      accounts: [...this.#accounts.values()].map(({ id, keyDer, alias, balances }) => ({
        id,
        keyDer,
        alias,
        balances: Object.fromEntries([...balances].map(([asset, amount]) => [asset, amount.toString()])),
      })),
      allowances: Object.fromEntries([...this.#allowances].map(([key, amount]) => [key, amount.toString()])),
      associations: [...this.#associations],
      memeCurves: [...this.#memeCurves.values()].map((curve) => ({
        ...curve,
        createdNs: curve.createdNs.toString(),
        lastActivityNs: curve.lastActivityNs.toString(),
        raised: curve.raised.toString(),
        sold: curve.sold.toString(),
      })),
      transactions: [...this.#history.values()].map((t) => ({
        ...t,
        fee: t.fee.toString(),
        transfers: t.transfers.map((x) => ({ ...x, amount: x.amount.toString() })),
      })),
    };
  }
}

/** The EVM address of an ECDSA key (lower case, no 0x); undefined for an ED25519 key, which has none. */
function safeEvmAddress(key: PublicKey): string | undefined {
  try {
    return key.toEvmAddress().toLowerCase();
  } catch {
    return undefined;
  }
}

/** One entry per (account, asset), zero entries dropped: the record's net transfers. */
function merge(transfers: readonly HederaTransfer[]): HederaTransfer[] {
  const net = new Map<string, HederaTransfer>();
  for (const t of transfers) {
    const key = `${t.account}\u0000${t.asset}`;
    net.set(key, { ...t, amount: (net.get(key)?.amount ?? 0n) + t.amount });
  }
  return [...net.values()].filter((t) => t.amount !== 0n);
}
