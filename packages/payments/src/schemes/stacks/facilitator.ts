/**
 * Facilitator side of the `exact` scheme on Stacks (`stacks:*`), for `@x402/core`'s `x402Facilitator`.
 *
 * The payment payload is `{ transaction: <hex> }` (x402-stacks) or `{ signedTransaction: <hex> }` (draft spec): a
 * transfer fully signed by the payer, who also pays its fee. verify decodes those bytes with `@stacks/transactions`
 * and checks them against the requirements and the settlement target's state; settle re-verifies and hands the same
 * bytes to the target (sandbox ledger, or a node through {@link StacksHttpBroadcaster}). Payer, recipient, amount,
 * token contract, nonce and fee all come from the decoded, signature-checked transaction; no payload field other
 * than the transaction bytes is read.
 */
import type { x402Facilitator } from '@x402/core/facilitator';
import type {
  Network,
  PaymentPayload,
  PaymentRequirements,
  SchemeNetworkFacilitator,
  SettleResponse,
  VerifyResponse,
} from '@x402/core/types';
import {
  parseStacksAsset,
  STACKS_MAINNET_NETWORK,
  stacksAssetKey,
  stacksChainId,
  stacksNetworkVersion,
  type StacksAsset,
} from './assets.js';
import { EXACT_STACKS_ERRORS as E } from './errors.js';
import { postConditionViolation } from './post-conditions.js';
import type { StacksSettlementTarget } from './target.js';
import { decodeStacksTransaction, type StacksDecodedTransaction, StacksTransactionDecodeError } from './transaction.js';

export interface ExactStacksFacilitatorOptions {
  readonly target: StacksSettlementTarget;
  /** CAIP-2 networks the target settles on. Default `['stacks:1']`. */
  readonly networks?: readonly Network[];
  /** Lowest transaction fee accepted, micro-STX. Default 0 (a live node enforces its own minimum on broadcast). */
  readonly minFee?: bigint;
  /** How long a submitted txid is remembered and refused again. Default 15 minutes. */
  readonly submittedTtlMs?: number;
}

/** The signed transaction hex of a payment payload (`transaction`, or the draft spec's `signedTransaction`). */
export function stacksTransactionOf(payload: PaymentPayload): string | null {
  const value = payload.payload['transaction'] ?? payload.payload['signedTransaction'];
  return typeof value === 'string' && value.length > 0 ? value : null;
}

type Checked = { ok: true; tx: StacksDecodedTransaction; hex: string } | { ok: false; response: VerifyResponse };

function invalid(
  invalidReason: string,
  invalidMessage: string,
  payer?: string,
): { ok: false; response: VerifyResponse } {
  return { ok: false, response: { isValid: false, invalidReason, invalidMessage, ...(payer ? { payer } : {}) } };
}

export class ExactStacksFacilitatorScheme implements SchemeNetworkFacilitator {
  readonly scheme = 'exact';
  readonly caipFamily = 'stacks:*';
  readonly networks: readonly Network[];
  readonly #target: StacksSettlementTarget;
  readonly #minFee: bigint;
  readonly #submittedTtlMs: number;
  /** txid → expiry (ms). Refuses a second settle of the same bytes while the first may still be pending. */
  readonly #submitted = new Map<string, number>();

  constructor(options: ExactStacksFacilitatorOptions) {
    this.#target = options.target;
    this.networks = options.networks ?? [STACKS_MAINNET_NETWORK];
    this.#minFee = options.minFee ?? 0n;
    this.#submittedTtlMs = options.submittedTtlMs ?? 15 * 60_000;
  }

  /** The payer signs and pays the fee; there is no facilitator fee payer to advertise. */
  getExtra(_network: Network): Record<string, unknown> | undefined {
    return undefined;
  }

  /** The facilitator signs nothing: it only relays the payer's signed transaction. */
  getSigners(_network: string): string[] {
    return [];
  }

  async verify(payload: PaymentPayload, requirements: PaymentRequirements): Promise<VerifyResponse> {
    const checked = await this.#check(payload, requirements);
    return checked.ok ? { isValid: true, payer: checked.tx.sender } : checked.response;
  }

  async settle(payload: PaymentPayload, requirements: PaymentRequirements): Promise<SettleResponse> {
    const network = requirements.network;
    const checked = await this.#check(payload, requirements);
    if (!checked.ok) {
      const { invalidReason, invalidMessage, payer } = checked.response;
      return {
        success: false,
        errorReason: invalidReason ?? E.transactionFailed,
        ...(invalidMessage ? { errorMessage: invalidMessage } : {}),
        transaction: '',
        network,
        ...(payer ? { payer } : {}),
      };
    }
    const { tx, hex } = checked;
    this.#prune();
    // Claimed synchronously after the checks: a concurrent settle of the same bytes is refused here.
    if (this.#submitted.has(tx.txid)) {
      return {
        success: false,
        errorReason: E.alreadySubmitted,
        errorMessage: `transaction ${tx.txid} was already submitted`,
        transaction: tx.txid,
        network,
        payer: tx.sender,
      };
    }
    this.#submitted.set(tx.txid, Date.now() + this.#submittedTtlMs);
    try {
      const { txid } = await this.#target.submit(hex);
      return { success: true, transaction: txid, network, payer: tx.sender };
    } catch (error) {
      return {
        success: false,
        errorReason: E.transactionFailed,
        errorMessage: error instanceof Error ? error.message : String(error),
        transaction: tx.txid,
        network,
        payer: tx.sender,
      };
    }
  }

  #prune(): void {
    const now = Date.now();
    for (const [txid, expiry] of this.#submitted) if (expiry <= now) this.#submitted.delete(txid);
  }

  async #check(payload: PaymentPayload, requirements: PaymentRequirements): Promise<Checked> {
    if (requirements.scheme !== this.scheme || payload.accepted.scheme !== this.scheme) {
      return invalid(
        E.scheme,
        `scheme must be "exact" (requirements: ${requirements.scheme}, payload: ${payload.accepted.scheme})`,
      );
    }
    const version = stacksNetworkVersion(requirements.network);
    if (
      !version ||
      !this.networks.includes(requirements.network) ||
      payload.accepted.network !== requirements.network
    ) {
      return invalid(
        E.networkMismatch,
        `network ${requirements.network} (payload: ${payload.accepted.network}) is not settled here (${this.networks.join(', ')})`,
      );
    }
    const asset = parseStacksAsset(requirements.asset);
    if (!asset) return invalid(E.unsupportedAsset, `unknown Stacks asset ${requirements.asset}`);
    const tokenContract = requirements.extra?.['tokenContract'];
    if (asset.kind === 'sip010' && tokenContract !== undefined && tokenContract !== asset.contract) {
      return invalid(E.requirements, `extra.tokenContract ${String(tokenContract)} does not match asset ${asset.id}`);
    }
    if (!/^\d+$/.test(requirements.amount))
      return invalid(E.requirements, `amount ${requirements.amount} is not an atomic amount`);
    const required = BigInt(requirements.amount);

    const hex = stacksTransactionOf(payload);
    if (!hex) return invalid(E.missingTransaction, 'payload.transaction (hex signed Stacks transaction) is missing');
    let tx: StacksDecodedTransaction;
    try {
      tx = decodeStacksTransaction(hex);
    } catch (error) {
      if (error instanceof StacksTransactionDecodeError) return invalid(E.malformedTransaction, error.message);
      throw error;
    }
    if (tx.version !== version || tx.chainId !== stacksChainId(version)) {
      return invalid(
        E.transactionNetworkMismatch,
        `transaction is for ${tx.version} (chain id ${tx.chainId}); requirements are for ${requirements.network}`,
      );
    }
    if (tx.sponsored)
      return invalid(
        E.sponsoredUnsupported,
        'sponsored transactions are not supported; sign a standard transaction that pays its own fee',
      );
    if (!tx.signature.valid) return invalid(E.signature, `origin signature does not verify: ${tx.signature.reason}`);
    const payer = tx.sender;

    const transfer = this.#transferOf(tx, asset);
    if ('reason' in transfer) return invalid(transfer.reason, transfer.message, payer);
    if (transfer.recipient !== requirements.payTo)
      return invalid(
        E.recipientMismatch,
        `transfer goes to ${transfer.recipient}, not payTo ${requirements.payTo}`,
        payer,
      );
    if (transfer.amount < required)
      return invalid(
        E.amountInsufficient,
        `transfer amount ${transfer.amount} is below the required ${required}`,
        payer,
      );
    if (asset.kind === 'sip010') {
      const violation = postConditionViolation(tx, [
        { from: payer, asset: `${asset.contract}::${asset.assetName}`, amount: transfer.amount },
      ]);
      if (violation) return invalid(E.postConditions, violation, payer);
    }
    if (tx.fee < this.#minFee) return invalid(E.feeTooLow, `fee ${tx.fee} is below ${this.#minFee} micro-STX`, payer);

    const nextNonce = await this.#target.nextNonce(payer);
    if (tx.nonce < nextNonce)
      return invalid(E.nonceUsed, `nonce ${tx.nonce} of ${payer} is already used (next is ${nextNonce})`, payer);
    if (tx.nonce > nextNonce)
      return invalid(E.nonceGap, `nonce ${tx.nonce} of ${payer} leaves a gap (next is ${nextNonce})`, payer);
    if (this.#submitted.has(tx.txid))
      return invalid(E.alreadySubmitted, `transaction ${tx.txid} was already submitted`, payer);

    const stx = await this.#target.balanceOf(payer, 'STX');
    const stxNeeded = tx.fee + (asset.kind === 'stx' ? transfer.amount : 0n);
    if (stx < stxNeeded)
      return invalid(
        E.insufficientBalance,
        `${payer} has ${stx} micro-STX; needs ${stxNeeded} including the fee`,
        payer,
      );
    if (asset.kind === 'sip010') {
      const balance = await this.#target.balanceOf(payer, stacksAssetKey(asset));
      if (balance < transfer.amount)
        return invalid(
          E.insufficientBalance,
          `${payer} has ${balance} of ${asset.id}; needs ${transfer.amount}`,
          payer,
        );
    }
    return { ok: true, tx, hex };
  }

  #transferOf(
    tx: StacksDecodedTransaction,
    asset: StacksAsset,
  ): { recipient: string; amount: bigint } | { reason: string; message: string } {
    const payload = tx.payload;
    if (asset.kind === 'stx') {
      if (payload.kind !== 'token-transfer')
        return {
          reason: E.payloadTypeMismatch,
          message: `asset ${asset.id} needs an STX token-transfer transaction; got ${payload.kind}`,
        };
      return { recipient: payload.recipient, amount: payload.amount };
    }
    if (payload.kind !== 'contract-call')
      return {
        reason: E.payloadTypeMismatch,
        message: `asset ${asset.id} needs a SIP-010 transfer contract call; got ${payload.kind}`,
      };
    if (payload.contract !== asset.contract)
      return { reason: E.contractMismatch, message: `contract call on ${payload.contract}, not ${asset.contract}` };
    if (payload.functionName !== 'transfer' || !payload.sip010Transfer) {
      return {
        reason: E.functionMismatch,
        message: `expected ${asset.contract}.transfer(amount, sender, recipient, memo); got ${payload.functionName}`,
      };
    }
    const transfer = payload.sip010Transfer;
    if (transfer.sender !== tx.sender)
      return {
        reason: E.senderMismatch,
        message: `SIP-010 sender ${transfer.sender} is not the transaction sender ${tx.sender}`,
      };
    return { recipient: transfer.recipient, amount: transfer.amount };
  }
}

export type RegisterExactStacksOptions = ExactStacksFacilitatorOptions;

/** Registers the exact Stacks facilitator scheme on `facilitator` for `options.networks` (default `stacks:1`). */
export function registerExactStacksScheme(
  facilitator: x402Facilitator,
  options: RegisterExactStacksOptions,
): x402Facilitator {
  const scheme = new ExactStacksFacilitatorScheme(options);
  return facilitator.register([...scheme.networks], scheme);
}
