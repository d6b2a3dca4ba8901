import type { z } from 'zod';
import type { Sandbox } from '../../sandbox.js';

/** What the faucet funds on one chain family: its tokens (with decimals), its address format, and how to fund. */
export interface FaucetFamily<Token extends string = string> {
  /** CAIP-2 id of the sandbox chain. */
  readonly network: string;
  /** Token → decimals; a request's `amount` is in whole tokens. */
  readonly tokens: Readonly<Record<Token, number>>;
  /** This family's address format; its message is the 400 a wrong address gets. */
  readonly address: z.ZodType<string>;
  /** Moves `atomic` units of `token` to `address` on the sandbox chain. */
  fund(sandbox: Sandbox, request: { readonly address: string; readonly token: Token; readonly atomic: bigint }): Promise<FaucetFunding>;
}

/** The part of a faucet response that depends on the token. */
export interface FaucetFunding {
  /** The token's asset id as payment requirements name it; absent for a chain's native coin. */
  readonly asset?: string;
  /** The funding transaction, or null where the sandbox sets a balance directly. */
  readonly transaction: string | null;
}
