/**
 * An in-process Stacks "chain" for the sandbox: balances per (principal, asset), nonces per principal, and the rules
 * a Stacks node applies to a signed STX transfer or SIP-010 `transfer` contract call. x402 Stacks payments settle
 * here in sandbox mode through the same signed-transaction bytes a live node would receive.
 *
 * Assets: 'STX' (micro-STX) or a SIP-010 token contract id (`ADDRESS.contract-name`) among the known tokens (sBTC and
 * USDCx by default). Only SIP-010 `transfer(amount, sender, recipient, memo)` calls on those contracts run; the token
 * logic is the standard one (sender must be tx-sender, amount > 0, sender != recipient, enough balance).
 *
 * Differences from a node, on purpose: a transaction that would abort (post-condition failure, failed transfer) is
 * refused outright instead of being mined with its fee charged; there are no blocks, mempool or nonce gaps (the
 * nonce must be exactly the next one); no minimum fee unless `minFee` is set.
 */
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import type { StacksDecodedTransaction, StacksNetworkName, StacksTransactionCodec } from './codec.js';

/** 'STX' or a SIP-010 token contract id (`ADDRESS.contract-name`). */
export type StacksLedgerAsset = string;

export interface StacksLedgerToken {
  /** `ADDRESS.contract-name` */
  readonly contract: string;
  /** The `define-fungible-token` name, as post-conditions name it (`contract::asset-name`). */
  readonly assetName: string;
}

/** sBTC and USDCx on Stacks mainnet (the contracts named by the payment tokens' CAIP-19 asset ids). */
export const STACKS_MAINNET_SIP010_TOKENS: readonly StacksLedgerToken[] = [
  { contract: 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token', assetName: 'sbtc-token' },
  { contract: 'SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx', assetName: 'usdcx-token' },
];

export const STACKS_CHAIN_IDS: Readonly<Record<StacksNetworkName, number>> = { mainnet: 1, testnet: 2147483648 };

export type StacksLedgerErrorCode =
  | 'malformed'
  | 'wrong_network'
  | 'sponsored_unsupported'
  | 'bad_signature'
  | 'bad_nonce'
  | 'fee_too_low'
  | 'insufficient_balance'
  | 'unknown_contract'
  | 'unsupported_payload'
  | 'invalid_transfer'
  | 'post_condition_failed'
  | 'duplicate';

export class StacksLedgerError extends Error {
  override readonly name = 'StacksLedgerError';
  constructor(
    readonly code: StacksLedgerErrorCode,
    message: string,
  ) {
    super(`${code}: ${message}`);
  }
}

export interface StacksAppliedTransaction {
  readonly txid: string;
  readonly sender: string;
  readonly nonce: bigint;
  readonly fee: bigint;
  readonly asset: StacksLedgerAsset;
  readonly recipient: string;
  readonly amount: bigint;
  /** Memo: text for STX transfers, hex for SIP-010 (null for `none`). */
  readonly memo: string | null;
  /** ISO timestamp. */
  readonly appliedAt: string;
}

export interface StacksSandboxLedgerOptions {
  /** Decoder, signature verifier and post-condition rules; `stacksTransactionCodec` from `@svc/payments`. */
  readonly codec: StacksTransactionCodec;
  /** Persist state here (JSON): loaded if present, rewritten after each change (coalesced, atomic rename). */
  readonly file?: string;
  /** Default 'mainnet' (CAIP-2 `stacks:1`). */
  readonly network?: StacksNetworkName;
  /** Default {@link STACKS_MAINNET_SIP010_TOKENS}. */
  readonly tokens?: readonly StacksLedgerToken[];
  /** Lowest fee accepted, micro-STX. Default 0. */
  readonly minFee?: bigint;
  /** How many applied transactions to remember (lookup by txid, persisted). Default 1000. */
  readonly historyLimit?: number;
}

const STATE_FORMAT = 'svc-stacks-sandbox-ledger/1';

interface PersistedState {
  format: typeof STATE_FORMAT;
  network: StacksNetworkName;
  balances: Record<string, Record<string, string>>;
  nonces: Record<string, string>;
  transactions: Array<
    Omit<StacksAppliedTransaction, 'nonce' | 'fee' | 'amount'> & { nonce: string; fee: string; amount: string }
  >;
}

/** A Stacks principal: standard (`S[MPTN]…`, c32) or contract (`….name`). Loose shape check only. */
const PRINCIPAL = /^S[MNPT][0-9A-HJKMNP-TV-Z]{28,41}(\.[a-zA-Z][a-zA-Z0-9_-]{0,127})?$/;

interface Plan {
  readonly tx: StacksDecodedTransaction;
  readonly asset: StacksLedgerAsset;
  readonly recipient: string;
  readonly amount: bigint;
  readonly memo: string | null;
}

export class StacksSandboxLedger {
  readonly network: StacksNetworkName;
  readonly chainId: number;
  readonly #codec: StacksTransactionCodec;
  readonly #file: string | undefined;
  readonly #tokens: ReadonlyMap<string, StacksLedgerToken>;
  readonly #minFee: bigint;
  readonly #historyLimit: number;
  readonly #balances = new Map<string, Map<StacksLedgerAsset, bigint>>();
  readonly #nonces = new Map<string, bigint>();
  readonly #history = new Map<string, StacksAppliedTransaction>();
  #dirty = false;
  #writing: Promise<void> | null = null;
  #writeError: unknown = null;

  constructor(options: StacksSandboxLedgerOptions) {
    this.network = options.network ?? 'mainnet';
    this.chainId = STACKS_CHAIN_IDS[this.network];
    this.#codec = options.codec;
    this.#file = options.file;
    this.#tokens = new Map((options.tokens ?? STACKS_MAINNET_SIP010_TOKENS).map((token) => [token.contract, token]));
    this.#minFee = options.minFee ?? 0n;
    this.#historyLimit = options.historyLimit ?? 1000;
    if (this.#file && existsSync(this.#file)) this.#load(this.#file);
  }

  /** Balance in atomic units (micro-STX for 'STX'). */
  balanceOf(principal: string, asset: StacksLedgerAsset = 'STX'): bigint {
    return this.#balances.get(principal)?.get(asset) ?? 0n;
  }

  /** The nonce the principal's next transaction must carry. */
  nextNonce(principal: string): bigint {
    return this.#nonces.get(principal) ?? 0n;
  }

  isKnownAsset(asset: StacksLedgerAsset): boolean {
    return asset === 'STX' || this.#tokens.has(asset);
  }

  tokens(): readonly StacksLedgerToken[] {
    return [...this.#tokens.values()];
  }

  /** Faucet: mints `amount` of `asset` to `principal`. */
  credit(principal: string, asset: StacksLedgerAsset, amount: bigint): void {
    if (!PRINCIPAL.test(principal)) throw new StacksLedgerError('malformed', `not a Stacks principal: ${principal}`);
    if (!this.isKnownAsset(asset)) throw new StacksLedgerError('unknown_contract', `unknown asset ${asset}`);
    if (amount <= 0n) throw new StacksLedgerError('invalid_transfer', 'credit amount must be positive');
    this.#add(principal, asset, amount);
    this.#schedulePersist();
  }

  /** A transaction applied earlier (within the history limit). */
  getTransaction(txid: string): StacksAppliedTransaction | undefined {
    return this.#history.get(txid.replace(/^0x/i, '').toLowerCase());
  }

  /**
   * Runs every check {@link applyTransaction} runs, without changing state. Throws {@link StacksLedgerError}.
   */
  checkTransaction(serializedTxHex: string): {
    txid: string;
    sender: string;
    asset: StacksLedgerAsset;
    recipient: string;
    amount: bigint;
    fee: bigint;
    nonce: bigint;
  } {
    const plan = this.#plan(serializedTxHex);
    return {
      txid: plan.tx.txid,
      sender: plan.tx.sender,
      asset: plan.asset,
      recipient: plan.recipient,
      amount: plan.amount,
      fee: plan.tx.fee,
      nonce: plan.tx.nonce,
    };
  }

  /**
   * Verifies a serialized signed transaction (signature, network, nonce, fee, payload, balances, post-conditions)
   * and applies it atomically: fee and amount leave the sender, the amount reaches the recipient, the sender's nonce
   * advances. Returns the applied transaction (its `txid` is the library's). Throws {@link StacksLedgerError}; a
   * refused transaction changes nothing.
   */
  applyTransaction(serializedTxHex: string): StacksAppliedTransaction {
    const { tx, asset, recipient, amount, memo } = this.#plan(serializedTxHex);
    // All checks passed; no await between them and these writes, so the apply is atomic.
    this.#add(tx.sender, 'STX', -tx.fee);
    this.#add(tx.sender, asset, -amount);
    this.#add(recipient, asset, amount);
    this.#nonces.set(tx.sender, tx.nonce + 1n);
    const applied: StacksAppliedTransaction = {
      txid: tx.txid,
      sender: tx.sender,
      nonce: tx.nonce,
      fee: tx.fee,
      asset,
      recipient,
      amount,
      memo,
      appliedAt: new Date().toISOString(),
    };
    this.#remember(applied);
    this.#schedulePersist();
    return applied;
  }

  /** `StacksSettlementTarget.submit` (from `@svc/payments`): applies and resolves with the txid. */
  async submit(serializedTxHex: string): Promise<{ txid: string }> {
    return { txid: this.applyTransaction(serializedTxHex).txid };
  }

  /** Waits until every change so far is on disk. Rethrows the last write error, if any. */
  async flush(): Promise<void> {
    while (this.#writing) await this.#writing;
    if (this.#writeError) {
      const error = this.#writeError;
      this.#writeError = null;
      throw error;
    }
  }

  /** Flushes state; the ledger stays usable. */
  async close(): Promise<void> {
    await this.flush();
  }

  snapshot(): PersistedState {
    const balances: PersistedState['balances'] = {};
    for (const [principal, assets] of this.#balances) {
      const entry: Record<string, string> = {};
      for (const [asset, amount] of assets) if (amount !== 0n) entry[asset] = amount.toString();
      if (Object.keys(entry).length > 0) balances[principal] = entry;
    }
    const nonces: PersistedState['nonces'] = {};
    for (const [principal, nonce] of this.#nonces) nonces[principal] = nonce.toString();
    const transactions = [...this.#history.values()].map((t) => ({
      ...t,
      nonce: t.nonce.toString(),
      fee: t.fee.toString(),
      amount: t.amount.toString(),
    }));
    return { format: STATE_FORMAT, network: this.network, balances, nonces, transactions };
  }

  /** Puts the ledger back as it was at `state` (a {@link snapshot}; sandbox reset). */
  restore(state: PersistedState): void {
    this.#balances.clear();
    this.#nonces.clear();
    this.#history.clear();
    this.#apply(state);
    this.#schedulePersist();
  }

  #plan(serializedTxHex: string): Plan {
    let tx: StacksDecodedTransaction;
    try {
      tx = this.#codec.decode(serializedTxHex);
    } catch (cause) {
      throw new StacksLedgerError('malformed', cause instanceof Error ? cause.message : String(cause));
    }
    if (tx.version !== this.network || tx.chainId !== this.chainId) {
      throw new StacksLedgerError(
        'wrong_network',
        `transaction is for ${tx.version} chain ${tx.chainId}; this ledger is ${this.network} chain ${this.chainId}`,
      );
    }
    if (tx.sponsored) throw new StacksLedgerError('sponsored_unsupported', 'sponsored transactions are not supported');
    if (!tx.signature.valid) throw new StacksLedgerError('bad_signature', tx.signature.reason);
    if (this.#history.has(tx.txid))
      throw new StacksLedgerError('duplicate', `transaction ${tx.txid} was already applied`);
    const expected = this.nextNonce(tx.sender);
    if (tx.nonce !== expected)
      throw new StacksLedgerError('bad_nonce', `nonce ${tx.nonce} for ${tx.sender}; expected ${expected}`);
    if (tx.fee < this.#minFee)
      throw new StacksLedgerError('fee_too_low', `fee ${tx.fee} is below the minimum ${this.#minFee}`);

    let asset: StacksLedgerAsset;
    let recipient: string;
    let amount: bigint;
    let memo: string | null;
    const payload = tx.payload;
    if (payload.kind === 'token-transfer') {
      asset = 'STX';
      ({ recipient, amount, memo } = payload);
    } else if (payload.kind === 'contract-call') {
      const token = this.#tokens.get(payload.contract);
      if (!token)
        throw new StacksLedgerError('unknown_contract', `no token contract ${payload.contract} on this ledger`);
      if (payload.functionName !== 'transfer' || !payload.sip010Transfer) {
        throw new StacksLedgerError(
          'unsupported_payload',
          `only SIP-010 transfer(amount, sender, recipient, memo) runs; got ${payload.contract}.${payload.functionName}`,
        );
      }
      const transfer = payload.sip010Transfer;
      if (transfer.sender !== tx.sender)
        throw new StacksLedgerError(
          'invalid_transfer',
          `SIP-010 sender ${transfer.sender} is not tx-sender ${tx.sender}`,
        );
      asset = token.contract;
      ({ recipient, amount, memo } = transfer);
      const violation = this.#codec.postConditionViolation(tx, [
        { from: tx.sender, asset: `${token.contract}::${token.assetName}`, amount },
      ]);
      if (violation) throw new StacksLedgerError('post_condition_failed', violation);
    } else {
      throw new StacksLedgerError(
        'unsupported_payload',
        `payload type ${payload.payloadType} is not a token transfer or contract call`,
      );
    }
    if (amount <= 0n) throw new StacksLedgerError('invalid_transfer', 'amount must be positive');
    if (recipient === tx.sender) throw new StacksLedgerError('invalid_transfer', 'sender and recipient are the same');
    if (!PRINCIPAL.test(recipient))
      throw new StacksLedgerError('invalid_transfer', `not a Stacks principal: ${recipient}`);

    const stx = this.balanceOf(tx.sender, 'STX');
    const stxNeeded = tx.fee + (asset === 'STX' ? amount : 0n);
    if (stx < stxNeeded)
      throw new StacksLedgerError(
        'insufficient_balance',
        `${tx.sender} has ${stx} micro-STX; needs ${stxNeeded} (fee ${tx.fee}${asset === 'STX' ? ` + amount ${amount}` : ''})`,
      );
    if (asset !== 'STX') {
      const balance = this.balanceOf(tx.sender, asset);
      if (balance < amount)
        throw new StacksLedgerError('insufficient_balance', `${tx.sender} has ${balance} of ${asset}; needs ${amount}`);
    }
    return { tx, asset, recipient, amount, memo };
  }

  #add(principal: string, asset: StacksLedgerAsset, delta: bigint): void {
    if (delta === 0n) return;
    let assets = this.#balances.get(principal);
    if (!assets) this.#balances.set(principal, (assets = new Map()));
    assets.set(asset, (assets.get(asset) ?? 0n) + delta);
  }

  #remember(applied: StacksAppliedTransaction): void {
    this.#history.set(applied.txid, applied);
    while (this.#history.size > this.#historyLimit) {
      const oldest = this.#history.keys().next().value;
      if (oldest === undefined) break;
      this.#history.delete(oldest);
    }
  }

  #load(file: string): void {
    const state = JSON.parse(readFileSync(file, 'utf8')) as Partial<PersistedState>;
    if (state.format !== STATE_FORMAT)
      throw new Error(`${file}: not a Stacks sandbox ledger state (format ${String(state.format)})`);
    if (state.network !== this.network)
      throw new Error(`${file}: state is for ${String(state.network)}, ledger is ${this.network}`);
    this.#apply(state);
  }

  #apply(state: Partial<PersistedState>): void {
    for (const [principal, assets] of Object.entries(state.balances ?? {})) {
      for (const [asset, amount] of Object.entries(assets)) this.#add(principal, asset, BigInt(amount));
    }
    for (const [principal, nonce] of Object.entries(state.nonces ?? {})) this.#nonces.set(principal, BigInt(nonce));
    for (const t of state.transactions ?? [])
      this.#remember({ ...t, nonce: BigInt(t.nonce), fee: BigInt(t.fee), amount: BigInt(t.amount) });
  }

  #schedulePersist(): void {
    if (!this.#file) return;
    this.#dirty = true;
    if (!this.#writing) this.#writing = this.#drain(this.#file);
  }

  async #drain(file: string): Promise<void> {
    try {
      mkdirSync(dirname(file), { recursive: true });
      while (this.#dirty) {
        this.#dirty = false;
        const tmp = `${file}.${process.pid}.tmp`;
        await writeFile(tmp, `${JSON.stringify(this.snapshot(), null, 2)}\n`);
        await rename(tmp, file);
      }
    } catch (error) {
      this.#writeError = error;
    } finally {
      this.#writing = null;
    }
  }
}
