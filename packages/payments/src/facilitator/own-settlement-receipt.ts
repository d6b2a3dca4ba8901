import { type Address, type Hex, isAddressEqual, pad, type TransactionReceipt, toEventSelector } from 'viem';
import { MULTICALL3_ADDRESS } from './multicall3.js';

/** The EIP-3009 authorization a payment is settled by. */
export interface PaymentAuthorization {
  readonly asset: Address;
  readonly authorizer: Address;
  readonly nonce: Hex;
}

/** EIP-3009's `AuthorizationUsed(address indexed authorizer, bytes32 indexed nonce)`. */
const AUTHORIZATION_USED = toEventSelector('AuthorizationUsed(address,bytes32)');

/**
 * A settlement transaction's receipt as one payment sees it: `success` only if the transaction emitted that payment's
 * own `AuthorizationUsed(authorizer, nonce)` from its token. A batch succeeds as a transaction even when some of
 * its transfers failed (Multicall3 lets each fail alone), and another payment of the batch may move the same amount
 * between the same two accounts, so neither the transaction's status nor a matching Transfer log says whether this
 * payment was settled; its authorization's event does, since an authorization is used exactly once. Receipts of
 * other transactions (e.g. a smart wallet's deployment before its payment) are returned as they are.
 */
export function ownSettlementReceipt(receipt: TransactionReceipt, payment: PaymentAuthorization): TransactionReceipt {
  const to = receipt.to;
  if (!to || !(isAddressEqual(to, payment.asset) || isAddressEqual(to, MULTICALL3_ADDRESS))) return receipt;
  const authorizer = pad(payment.authorizer.toLowerCase() as Hex);
  const nonce = payment.nonce.toLowerCase();
  const used =
    receipt.status === 'success' &&
    receipt.logs.some(
      (log) =>
        isAddressEqual(log.address, payment.asset) &&
        log.topics[0] === AUTHORIZATION_USED &&
        log.topics[1]?.toLowerCase() === authorizer &&
        log.topics[2]?.toLowerCase() === nonce,
    );
  return used ? receipt : { ...receipt, status: 'reverted' };
}
