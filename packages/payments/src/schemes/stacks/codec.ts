import { postConditionViolation } from './post-conditions.js';
import { decodeStacksTransaction } from './transaction.js';

/** The codec the sandbox Stacks ledger (`StacksSandboxLedger` in `@svc/chains`) takes: decoding and post-condition rules. */
export const stacksTransactionCodec = { decode: decodeStacksTransaction, postConditionViolation } as const;
