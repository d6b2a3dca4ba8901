import type { Db } from '@svc/store';
import type { SwapExecutors } from '@svc/tools';
import type { Sandbox } from './sandbox.js';

/** The swap executors of the sandbox chains, per network (the chain tools' exact-input swaps). */
export function sandboxSwapExecutors(_db: Db, _sandbox: Sandbox): SwapExecutors {
  return {};
}
