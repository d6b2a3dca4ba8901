import {
  getBase58Decoder,
  getBase64Encoder,
  getCompiledTransactionMessageDecoder,
  getTransactionDecoder,
  type Transaction,
} from '@solana/kit';

const transactionDecoder = getTransactionDecoder();
const messageDecoder = getCompiledTransactionMessageDecoder();
const base58 = getBase58Decoder();
const base64 = getBase64Encoder();

/** Decodes a wire (base64) Solana transaction; throws on anything else. */
export function decodeSolanaTransaction(wire: string): Transaction {
  return transactionDecoder.decode(base64.encode(wire));
}

/** A Solana x402 payment transaction as its signatures name it. */
export interface SolanaPaymentTransaction {
  /** The payer and its signature: what makes the payment single-use. */
  readonly payer: string;
  readonly payerSignature: string;
  /** The transaction's id (its fee payer's signature), once the facilitator has signed it. */
  readonly signature: string | null;
  /** Its recent blockhash: a cluster lands it only while that blockhash is valid. */
  readonly recentBlockhash: string;
}

/**
 * Reads a Solana payment transaction's signers; undefined when the payer has not signed it, or when its message
 * names no lifetime it can be read from (no facilitator accepts such a transaction, so nothing ever lands it).
 */
export function solanaPaymentTransactionOf(transaction: Transaction): SolanaPaymentTransaction | undefined {
  // The fee payer (the facilitator, which signs last) is the first signer; the payer is another one.
  const [[, feePayerSignature] = [], ...others] = Object.entries(transaction.signatures);
  const signed = others.find(([, signature]) => signature !== null);
  if (!signed) return undefined;
  let recentBlockhash: string;
  try {
    recentBlockhash = messageDecoder.decode(transaction.messageBytes).lifetimeToken;
  } catch {
    return undefined;
  }
  const [payer, payerSignature] = signed;
  return {
    payer,
    payerSignature: base58.decode(payerSignature!),
    signature: feePayerSignature ? base58.decode(feePayerSignature) : null,
    recentBlockhash,
  };
}
