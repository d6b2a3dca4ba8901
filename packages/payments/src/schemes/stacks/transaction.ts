/**
 * Decodes a serialized signed Stacks transaction with `@stacks/transactions` and verifies its origin signature with
 * the library's own `verifyOrigin` (for each signature: recover the public key from the signature over the
 * transaction's sighash, then check that the hash of the recovered key(s) equals the spending condition's signer).
 * Everything the facilitator and the sandbox ledger act on comes from these bytes: the sender is derived from the
 * spending condition, never taken from a payload field.
 *
 * The result type mirrors `StacksDecodedTransaction` in `@svc/sandbox` (src/stacks/codec.ts) field for field, so
 * `stacksTransactionCodec` (post-conditions.ts) is the codec the sandbox ledger takes.
 */
import {
  addressFromVersionHash,
  addressHashModeToVersion,
  addressToString,
  AuthType,
  ClarityType,
  type ClarityValue,
  deserializeTransaction,
  PayloadType,
  PostConditionMode,
  type PostConditionWire,
  type StacksTransactionWire,
  wireToPostCondition,
} from '@stacks/transactions';
import { TransactionVersion } from '@stacks/network';

export type StacksFungibleComparator = 'eq' | 'gt' | 'gte' | 'lt' | 'lte';

export interface StacksSip010TransferArgs {
  readonly amount: bigint;
  readonly sender: string;
  readonly recipient: string;
  /** Hex of the memo buffer, or null for `none`. */
  readonly memo: string | null;
}

export type StacksDecodedPayload =
  | { readonly kind: 'token-transfer'; readonly recipient: string; readonly amount: bigint; readonly memo: string }
  | {
      readonly kind: 'contract-call';
      readonly contract: string;
      readonly functionName: string;
      readonly sip010Transfer: StacksSip010TransferArgs | null;
    }
  | { readonly kind: 'other'; readonly payloadType: number };

export type StacksDecodedPostCondition =
  | {
      readonly type: 'stx';
      readonly principal: string;
      readonly condition: StacksFungibleComparator;
      readonly amount: bigint;
    }
  | {
      readonly type: 'ft';
      readonly principal: string;
      readonly condition: StacksFungibleComparator;
      readonly amount: bigint;
      readonly asset: string;
    }
  | {
      readonly type: 'nft';
      readonly principal: string;
      readonly condition: 'sent' | 'not-sent' | 'maybe-sent';
      readonly asset: string;
    }
  | { readonly type: 'other'; readonly principal: string; readonly description: string };

export interface StacksDecodedTransaction {
  readonly txid: string;
  readonly version: 'mainnet' | 'testnet';
  readonly chainId: number;
  readonly sender: string;
  readonly sponsored: boolean;
  readonly signature: { readonly valid: true } | { readonly valid: false; readonly reason: string };
  readonly nonce: bigint;
  readonly fee: bigint;
  readonly payload: StacksDecodedPayload;
  readonly postConditionMode: 'allow' | 'deny' | 'originator';
  readonly postConditions: readonly StacksDecodedPostCondition[];
}

/** The bytes are not one well-formed, canonically encoded Stacks transaction. */
export class StacksTransactionDecodeError extends Error {
  override readonly name = 'StacksTransactionDecodeError';
}

/** Upper bound on the hex we accept (a transfer is ~180–260 bytes; 16 KiB leaves room for long memos/post-conditions). */
export const MAX_STACKS_TRANSACTION_HEX_LENGTH = 32_768;

const HEX = /^(?:[0-9a-f]{2})+$/;

function normalizeHex(serializedTxHex: string): string {
  const hex = serializedTxHex.trim().replace(/^0x/i, '').toLowerCase();
  if (hex.length === 0 || hex.length > MAX_STACKS_TRANSACTION_HEX_LENGTH || !HEX.test(hex)) {
    throw new StacksTransactionDecodeError(
      `not a hex-encoded transaction of at most ${MAX_STACKS_TRANSACTION_HEX_LENGTH / 2} bytes`,
    );
  }
  return hex;
}

function principalOf(cv: ClarityValue): string | null {
  return cv.type === ClarityType.PrincipalStandard || cv.type === ClarityType.PrincipalContract ? cv.value : null;
}

/** SIP-010 `transfer(amount uint, sender principal, recipient principal, memo (optional (buff 34)))`, else null. */
function sip010TransferArgs(functionName: string, args: readonly ClarityValue[]): StacksSip010TransferArgs | null {
  if (functionName !== 'transfer' || args.length !== 4) return null;
  const [amount, sender, recipient, memo] = args as [ClarityValue, ClarityValue, ClarityValue, ClarityValue];
  if (amount.type !== ClarityType.UInt) return null;
  const from = principalOf(sender);
  const to = principalOf(recipient);
  if (!from || !to) return null;
  let memoHex: string | null;
  if (memo.type === ClarityType.OptionalNone) memoHex = null;
  else if (
    memo.type === ClarityType.OptionalSome &&
    memo.value.type === ClarityType.Buffer &&
    memo.value.value.length <= 68
  )
    memoHex = memo.value.value;
  else return null;
  return { amount: BigInt(amount.value), sender: from, recipient: to, memo: memoHex };
}

function decodePayload(tx: StacksTransactionWire): StacksDecodedPayload {
  const payload = tx.payload;
  switch (payload.payloadType) {
    case PayloadType.TokenTransfer: {
      const recipient = principalOf(payload.recipient);
      if (!recipient) throw new StacksTransactionDecodeError('token transfer recipient is not a principal');
      return {
        kind: 'token-transfer',
        recipient,
        amount: payload.amount,
        memo: payload.memo.content.replace(/\0+$/, ''),
      };
    }
    case PayloadType.ContractCall: {
      const contract = `${addressToString(payload.contractAddress)}.${payload.contractName.content}`;
      const functionName = payload.functionName.content;
      return {
        kind: 'contract-call',
        contract,
        functionName,
        sip010Transfer: sip010TransferArgs(functionName, payload.functionArgs),
      };
    }
    default:
      return { kind: 'other', payloadType: payload.payloadType };
  }
}

function decodePostCondition(wire: PostConditionWire, sender: string): StacksDecodedPostCondition {
  const pc = wireToPostCondition(wire);
  const principal = pc.address === 'origin' ? sender : pc.address;
  switch (pc.type) {
    case 'stx-postcondition':
      return { type: 'stx', principal, condition: pc.condition, amount: BigInt(pc.amount) };
    case 'ft-postcondition':
      return { type: 'ft', principal, condition: pc.condition, amount: BigInt(pc.amount), asset: pc.asset };
    case 'nft-postcondition':
      return { type: 'nft', principal, condition: pc.condition, asset: pc.asset };
    default:
      return { type: 'other', principal, description: `${pc.type} ${pc.condition}` };
  }
}

function verifySignature(tx: StacksTransactionWire): StacksDecodedTransaction['signature'] {
  try {
    tx.verifyOrigin();
    return { valid: true };
  } catch (error) {
    return { valid: false, reason: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * Decodes and signature-checks a serialized signed transaction (hex, optional 0x). Throws
 * {@link StacksTransactionDecodeError} when the bytes are not exactly one canonically encoded transaction; a bad
 * signature is reported in `signature`, not thrown.
 */
export function decodeStacksTransaction(serializedTxHex: string): StacksDecodedTransaction {
  const hex = normalizeHex(serializedTxHex);
  let tx: StacksTransactionWire;
  try {
    tx = deserializeTransaction(hex);
  } catch (cause) {
    throw new StacksTransactionDecodeError(
      `cannot deserialize the transaction: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
  // Trailing bytes are ignored by the deserializer; the node would see different bytes than we checked.
  if (tx.serialize() !== hex)
    throw new StacksTransactionDecodeError('the transaction bytes are not canonical (trailing or re-encoded data)');
  const version = tx.transactionVersion === TransactionVersion.Mainnet ? 'mainnet' : 'testnet';
  const condition = tx.auth.spendingCondition;
  let sender: string;
  try {
    sender = addressToString(
      addressFromVersionHash(addressHashModeToVersion(condition.hashMode, version), condition.signer),
    );
  } catch (cause) {
    throw new StacksTransactionDecodeError(
      `cannot derive the sender address: ${cause instanceof Error ? cause.message : String(cause)}`,
      { cause },
    );
  }
  const mode =
    tx.postConditionMode === PostConditionMode.Allow
      ? 'allow'
      : tx.postConditionMode === PostConditionMode.Deny
        ? 'deny'
        : 'originator';
  return {
    txid: tx.txid(),
    version,
    chainId: tx.chainId,
    sender,
    sponsored: tx.auth.authType === AuthType.Sponsored,
    signature: verifySignature(tx),
    nonce: condition.nonce,
    fee: condition.fee,
    payload: decodePayload(tx),
    postConditionMode: mode,
    postConditions: tx.postConditions.values.map((wire) => decodePostCondition(wire, sender)),
  };
}
