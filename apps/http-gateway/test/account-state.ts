import type { Queryable } from '@svc/store';
import { type Address, erc20Abi } from 'viem';
import type { Sandbox } from '../src/sandbox.js';

/**
 * Every row a call can give an account (what it owns, what it set, what it was charged): a refused call must leave
 * all of them as they were. Bookkeeping that records the refusal itself (the ledger's refused rows, released
 * claims, A2A tasks, used sign-in nonces, credit debits given back) is not an effect.
 */
const STATE_QUERIES: Readonly<Record<string, string>> = {
  memories: 'SELECT * FROM memories ORDER BY memory_id',
  trackedWallets: 'SELECT * FROM tracked_wallets ORDER BY account_id, address_key',
  settings: 'SELECT * FROM account_settings ORDER BY account_id',
  recommendedTokens: 'SELECT * FROM recommended_tokens ORDER BY account_id, chain_family, chain_id',
  policies: 'SELECT * FROM spending_policies ORDER BY account_id',
  credit: 'SELECT account_id, balance FROM account_credit ORDER BY account_id',
  vaultKeys: 'SELECT * FROM vault_keys ORDER BY account_id',
  vaults: 'SELECT * FROM vaults ORDER BY vault_id',
  positions: 'SELECT * FROM conditional_positions ORDER BY position_id',
  orders: 'SELECT * FROM conditional_orders ORDER BY order_id',
  webhookEndpoints: 'SELECT * FROM webhook_endpoints ORDER BY account_id',
  settledCalls: "SELECT * FROM call_ledger WHERE outcome LIKE 'settled%' ORDER BY id",
  settledClaims: "SELECT * FROM payment_claims WHERE state = 'settled' ORDER BY payment_id",
};

export type AccountState = Readonly<Record<string, readonly string[]>>;

const rowText = (row: unknown) =>
  JSON.stringify(row, (_key, value: unknown) => (typeof value === 'bigint' ? value.toString() : value));

/** The rows of every state table, each as its JSON text. */
export async function stateOf(db: Queryable): Promise<AccountState> {
  const entries = await Promise.all(
    Object.entries(STATE_QUERIES).map(async ([name, sql]) => [name, (await db.query(sql)).rows.map(rowText)] as const),
  );
  return Object.fromEntries(entries);
}

/** What changed between two states: `table: +row` for a new or changed row, `table: -row` for a removed one. */
export function changesBetween(before: AccountState, after: AccountState): string[] {
  return Object.keys(STATE_QUERIES).flatMap((table) => {
    const old = new Set(before[table]);
    const now = new Set(after[table]);
    return [
      ...[...now].filter((row) => !old.has(row)).map((row) => `${table}: +${row}`),
      ...[...old].filter((row) => !now.has(row)).map((row) => `${table}: -${row}`),
    ];
  });
}

/** Native and USDC balances of `addresses` on the sandbox Base chain (the x402 payment chain), as text. */
export async function balancesOf(sandbox: Sandbox, addresses: readonly Address[]): Promise<Record<string, string>> {
  const { publicClient, usdc } = sandbox.base;
  const entries = await Promise.all(
    addresses.flatMap((address) => [
      publicClient.getBalance({ address }).then((wei) => [`${address} ETH`, wei.toString()] as const),
      publicClient
        .readContract({ address: usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] })
        .then((atomic) => [`${address} USDC`, atomic.toString()] as const),
    ]),
  );
  return Object.fromEntries(entries);
}
