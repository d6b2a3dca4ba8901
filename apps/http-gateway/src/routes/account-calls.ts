import { parseInput } from '@svc/contracts';
import { creditToUsd, formatUnits, PAYMENT_TOKENS, type PaymentTokenId } from '@svc/payments';
import { accountCalls, type CallLedgerRow, creditBalance, type Db } from '@svc/store';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AccountOfRequest } from '../account-of-request.js';

export const ACCOUNT_CALLS_PATH = '/api/account/calls';

const query = z.strictObject({
  limit: z.coerce.number().int().min(1).max(200).default(50),
  /** A call id from `nextBefore`: the page holds older calls. */
  before: z
    .string()
    .regex(/^\d{1,18}$/, 'a call id (digits), as given in nextBefore')
    .optional(),
});

/** Where a settled transaction can be looked at, per payment network family (live mode only). */
const EXPLORERS = {
  base: 'https://basescan.org/tx/',
  solana: 'https://solscan.io/tx/',
  stacks: 'https://explorer.hiro.so/txid/',
} as const;

const isPaymentToken = (token: string | null): token is PaymentTokenId =>
  token !== null && Object.hasOwn(PAYMENT_TOKENS, token);

/**
 * A ledger row as the owner reads it: the amount in the token's units, and in USD when the token is pegged to it
 * (USDC, USDCx, account credit); the transaction and, live, its explorer page. Credit debits name the credit entry
 * (`credit:<id>`), which is no chain transaction.
 */
function callView(call: CallLedgerRow, mode: 'sandbox' | 'live') {
  const token = isPaymentToken(call.token) ? PAYMENT_TOKENS[call.token] : undefined;
  const fromCredit = call.txHash?.startsWith('credit:') ?? false;
  const amount =
    call.amount === null
      ? null
      : token
        ? formatUnits(BigInt(call.amount), token.decimals)
        : fromCredit
          ? creditToUsd(BigInt(call.amount))
          : null;
  const peggedToUsd = fromCredit || (token !== undefined && token.quotedAs === null);
  return {
    id: call.id,
    tool: call.tool,
    outcome: call.outcome,
    httpStatus: call.httpStatus,
    token: call.token,
    amount,
    amountUsd: peggedToUsd ? amount : null,
    payer: call.payer,
    transaction: call.txHash,
    transactionUrl:
      mode === 'live' && token && call.txHash && !fromCredit ? `${EXPLORERS[token.family]}${call.txHash}` : null,
    createdAt: call.createdAt.toISOString(),
  };
}

/**
 * `GET /api/account/calls?limit=&before=` -> the signed-in account's calls, newest first, paged by `nextBefore`
 * (null on the last page), with the account's credit balance: the account app reads both with the wallet's sign-in
 * (SIWX), whereas `GET /api/account/credit` takes an access key or OAuth token. Only the caller's own calls.
 */
export function accountCallsRoutes(
  app: FastifyInstance,
  options: { readonly db: Db; readonly mode: 'sandbox' | 'live'; readonly accountOf: AccountOfRequest },
): void {
  const { db, mode, accountOf } = options;
  app.get(ACCOUNT_CALLS_PATH, async (request, reply) => {
    const page = parseInput(query, request.query ?? {}, 'call history');
    const accountId = await accountOf(request);
    const [{ calls, nextBefore }, balance] = await Promise.all([
      accountCalls(db, accountId, page),
      creditBalance(db, accountId),
    ]);
    return reply.header('cache-control', 'no-store').send({
      accountId,
      creditBalanceUsd: creditToUsd(balance),
      calls: calls.map((call) => callView(call, mode)),
      nextBefore: nextBefore ?? null,
    });
  });
}
