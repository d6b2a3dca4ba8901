import { parseArgs } from 'node:util';
import { type AccessKeyEnvironment, type AccessKeyRecord, accountForWallet, createAccessKey, type Db, listAccessKeys, revokeAccessKey, UnknownAccount } from '@svc/store';
import { KEY_NAME } from '../routes/access-keys.js';

export const ACCESS_KEYS_USAGE = `usage: access-keys <command> [options]
  create (--account <acct_…> | --wallet <caip10>) [--name <name>]
      Create a vault access key and print it (shown once). --wallet (e.g. eip155:8453:0xabc…) finds the
      wallet's account, creating it as a first sign-in would.
  list --account <acct_…>
      Every key of the account: prefix, name, created, last used, revoked.
  revoke --account <acct_…> --key <id or visible prefix>
      Revoke one key; it stops working at once.
Keys are made for this host's environment (ACCESS_KEY_ENVIRONMENT); the database is the gateway's (DATABASE_URL or DATA_DIR).`;

export class UsageError extends Error {
  override readonly name = 'UsageError';
}

export interface AccessKeysCliContext {
  readonly db: Db;
  readonly environment: AccessKeyEnvironment;
  readonly print: (line: string) => void;
}

/** CAIP-10 account id: `<namespace>:<reference>:<address>`, e.g. eip155:8453:0xabc…. */
const CAIP10 = /^([-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/;

async function accountOf(db: Db, values: { account?: string; wallet?: string }, allowWallet: boolean): Promise<string> {
  if (values.account && !values.wallet) return values.account;
  if (allowWallet && values.wallet && !values.account) {
    const wallet = CAIP10.exec(values.wallet);
    if (!wallet) throw new UsageError(`--wallet must be a CAIP-10 account id such as eip155:8453:0xabc…, not "${values.wallet}".`);
    return (await accountForWallet(db, wallet[1]!, wallet[2]!)).accountId;
  }
  throw new UsageError(allowWallet ? 'Name the account with exactly one of --account or --wallet.' : 'Name the account with --account.');
}

const when = (date: Date | null) => date?.toISOString() ?? '-';
const line = (key: AccessKeyRecord) => [key.prefix, JSON.stringify(key.name), `created ${when(key.createdAt)}`, `last used ${when(key.lastUsedAt)}`, `revoked ${when(key.revokedAt)}`].join('  ');

/** `access-keys create|list|revoke …` against the gateway's database: the operator's way to manage vault access keys. */
export async function accessKeysCli(argv: readonly string[], { db, environment, print }: AccessKeysCliContext): Promise<void> {
  const [command, ...rest] = argv;
  let values: { account?: string; wallet?: string; name?: string; key?: string };
  try {
    ({ values } = parseArgs({ args: rest, options: { account: { type: 'string' }, wallet: { type: 'string' }, name: { type: 'string' }, key: { type: 'string' } }, strict: true }));
  } catch (error) {
    throw new UsageError((error as Error).message);
  }
  switch (command) {
    case 'create': {
      const name = KEY_NAME.safeParse(values.name ?? 'default');
      if (!name.success) throw new UsageError('--name must be 1 to 100 characters.');
      const accountId = await accountOf(db, values, true);
      const { key, record } = await createAccessKey(db, { accountId, name: name.data, environment }).catch((error: unknown) => {
        throw error instanceof UnknownAccount ? new UsageError(`No account ${accountId}.`) : error;
      });
      print(key);
      print(`${line(record)}  account ${accountId}`);
      print('This is the only time the key is shown: it is stored as a hash.');
      return;
    }
    case 'list': {
      const keys = await listAccessKeys(db, await accountOf(db, values, false));
      if (keys.length === 0) print('No access keys.');
      for (const key of keys) print(line(key));
      return;
    }
    case 'revoke': {
      const accountId = await accountOf(db, values, false);
      if (!values.key) throw new UsageError('Name the key with --key (its id or visible prefix).');
      // The visible prefix is `svc_<env>_<id>`: the id is what follows the last underscore.
      const revoked = await revokeAccessKey(db, accountId, values.key.slice(values.key.lastIndexOf('_') + 1));
      if (!revoked) throw new UsageError(`Account ${accountId} has no key ${values.key}.`);
      print(line(revoked));
      return;
    }
    default:
      throw new UsageError(ACCESS_KEYS_USAGE);
  }
}
