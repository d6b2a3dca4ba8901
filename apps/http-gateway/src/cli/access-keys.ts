import {
  type AccessKeyEnvironment,
  type AccessKeyRecord,
  createAccessKey,
  listAccessKeys,
  revokeAccessKey,
  UnknownAccount,
} from '@svc/store';
import { KEY_NAME } from '../routes/access-keys.js';
import { accountOption, type OperatorContext, parseOptions, UsageError } from './operator.js';

export const ACCESS_KEYS_USAGE = `usage: access-keys <command> [options]
  create (--account <acct_…> | --wallet <caip10>) [--name <name>]
      Create a vault access key and print it (shown once). --wallet (e.g. eip155:8453:0xabc…) finds the
      wallet's account, creating it as a first sign-in would.
  list --account <acct_…>
      Every key of the account: prefix, name, created, last used, revoked.
  revoke --account <acct_…> --key <id or visible prefix>
      Revoke one key; it stops working at once.
Keys are made for this host's environment (ACCESS_KEY_ENVIRONMENT); the database is the gateway's (DATABASE_URL or DATA_DIR).`;

export interface AccessKeysCliContext extends OperatorContext {
  readonly environment: AccessKeyEnvironment;
}

const when = (date: Date | null) => date?.toISOString() ?? '-';
const line = (key: AccessKeyRecord) =>
  [
    key.prefix,
    JSON.stringify(key.name),
    `created ${when(key.createdAt)}`,
    `last used ${when(key.lastUsedAt)}`,
    `revoked ${when(key.revokedAt)}`,
  ].join('  ');

/** `access-keys create|list|revoke …` against the gateway's database: the operator's way to manage vault access keys. */
export async function accessKeysCli(
  argv: readonly string[],
  { db, environment, print }: AccessKeysCliContext,
): Promise<void> {
  const [command, ...rest] = argv;
  const values = parseOptions(rest, ['account', 'wallet', 'name', 'key']);
  switch (command) {
    case 'create': {
      const name = KEY_NAME.safeParse(values.name ?? 'default');
      if (!name.success) throw new UsageError('--name must be 1 to 100 characters.');
      const accountId = await accountOption(db, values, true);
      const { key, record } = await createAccessKey(db, { accountId, name: name.data, environment }).catch(
        (error: unknown) => {
          throw error instanceof UnknownAccount ? new UsageError(`No account ${accountId}.`) : error;
        },
      );
      print(key);
      print(`${line(record)}  account ${accountId}`);
      print('This is the only time the key is shown: it is stored as a hash.');
      return;
    }
    case 'list': {
      const keys = await listAccessKeys(db, await accountOption(db, values, false));
      if (keys.length === 0) print('No access keys.');
      for (const key of keys) print(line(key));
      return;
    }
    case 'revoke': {
      const accountId = await accountOption(db, values, false);
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
