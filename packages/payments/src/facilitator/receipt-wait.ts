import { type Hash, type TransactionReceipt, TransactionReceiptNotFoundError } from 'viem';

/**
 * A sent settlement transaction has no receipt after the wait bound. Its outcome is unknown: it may still be mined
 * (so the payer may still be charged), or it may never be.
 */
export class ReceiptTimeoutError extends Error {
  override readonly name = 'ReceiptTimeoutError';
  constructor(
    readonly hash: Hash,
    readonly timeoutMs: number,
  ) {
    super(
      `settlement transaction ${hash} was sent but not mined within ${timeoutMs} ms; it may still be mined later, so its outcome is unknown`,
    );
  }
}

export interface ReceiptWaitOptions {
  /** Give up (ReceiptTimeoutError) after this long. */
  readonly timeoutMs: number;
  /** The longest pause between two receipt look-ups. */
  readonly pollingIntervalMs: number;
}

/** The first look-up pause; each later one doubles, up to `pollingIntervalMs`. */
const FIRST_PAUSE_MS = 5;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Waits for the receipt of `hash`, bounded by `timeoutMs`. Asks for the receipt right away, then after short pauses
 * that grow to `pollingIntervalMs`: a local node that mines on arrival (anvil) usually has the receipt at the first
 * look, and the ramp keeps a late one cheap without a block watcher (viem's wait polls the block number and looks
 * for replacements, several requests per transaction). Errors other than "not found yet" end the wait at once.
 */
export async function waitForReceipt(
  client: { getTransactionReceipt(args: { hash: Hash }): Promise<TransactionReceipt> },
  hash: Hash,
  { timeoutMs, pollingIntervalMs }: ReceiptWaitOptions,
): Promise<TransactionReceipt> {
  let timedOut = false;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      timedOut = true;
      reject(new ReceiptTimeoutError(hash, timeoutMs));
    }, timeoutMs);
  });
  const poll = async (): Promise<TransactionReceipt> => {
    for (let pause = FIRST_PAUSE_MS; !timedOut; pause = Math.min(pause * 2, pollingIntervalMs)) {
      try {
        return await client.getTransactionReceipt({ hash });
      } catch (error) {
        if (!(error instanceof TransactionReceiptNotFoundError)) throw error;
      }
      await sleep(pause);
    }
    return deadline; // already rejected: ends this loop without a second error
  };
  try {
    return await Promise.race([poll(), deadline]);
  } finally {
    clearTimeout(timer);
  }
}
