import { parseArgs } from 'node:util';
import { accountForWallet, type Db } from '@svc/store';

/** A command line that cannot be run as written: printed with the command's usage, exit code 2. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}

/** What every operator command gets: the gateway's database and a line printer. */
export interface OperatorContext {
  readonly db: Db;
  readonly print: (line: string) => void;
}

/** `parseArgs` over string options, strict, its complaints as UsageError. */
export function parseOptions<const Names extends string>(
  args: readonly string[],
  names: readonly Names[],
): Partial<Record<Names, string>> {
  try {
    const options = Object.fromEntries(names.map((name) => [name, { type: 'string' as const }]));
    return parseArgs({ args: [...args], options, strict: true }).values as Partial<Record<Names, string>>;
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
}

/** CAIP-10 account id: `<namespace>:<reference>:<address>`, e.g. eip155:8453:0xabc…. */
const CAIP10 = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/;

/**
 * The account an operator command names with `--account <acct_…>` or, where allowed, `--wallet <caip10>` (the
 * wallet's account, created as a first sign-in would create it).
 */
export async function accountOption(
  db: Db,
  values: { account?: string | undefined; wallet?: string | undefined },
  allowWallet: boolean,
): Promise<string> {
  if (values.account && !values.wallet) return values.account;
  if (allowWallet && values.wallet && !values.account) {
    const wallet = CAIP10.exec(values.wallet);
    if (!wallet)
      throw new UsageError(`--wallet must be a CAIP-10 account id such as eip155:8453:0xabc…, not "${values.wallet}".`);
    return (await accountForWallet(db, wallet[1]!, wallet[2]!)).accountId;
  }
  throw new UsageError(
    allowWallet ? 'Name the account with exactly one of --account or --wallet.' : 'Name the account with --account.',
  );
}
