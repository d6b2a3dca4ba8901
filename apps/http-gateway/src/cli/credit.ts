import { creditToUsd, usdToCredit } from '@svc/payments';
import { addCredit, creditBalance, creditEntries } from '@svc/store';
import { accountOption, type OperatorContext, parseOptions, UsageError } from './operator.js';

export const CREDIT_USAGE = `usage: credit <command> [options]
  grant (--account <acct_…> | --wallet <caip10>) --usd <amount> [--note <text>]
      Add credit to an account (support, promotions, refunds by hand); recorded as a "grant" entry.
  show --account <acct_…>
      The balance and the 20 latest entries.
Amounts are USD with at most 6 decimals; the database is the gateway's (DATABASE_URL or DATA_DIR).`;

const USD = /^\d{1,9}(\.\d{1,6})?$/;

/** `credit grant|show …` against the gateway's database: the operator's way to give or inspect account credit. */
export async function creditCli(argv: readonly string[], { db, print }: OperatorContext): Promise<void> {
  const [command, ...rest] = argv;
  const values = parseOptions(rest, ['account', 'wallet', 'usd', 'note']);
  switch (command) {
    case 'grant': {
      if (!values.usd || !USD.test(values.usd) || usdToCredit(values.usd) === 0n)
        throw new UsageError('--usd must be a positive USD amount with at most 6 decimals, e.g. 5 or 0.25.');
      const accountId = await accountOption(db, values, true);
      const { balance } = await addCredit(db, {
        accountId,
        amount: usdToCredit(values.usd),
        kind: 'grant',
        note: values.note,
      }).catch((error: unknown) => {
        // The only foreign key is the account's.
        throw (error as { code?: string }).code === '23503' ? new UsageError(`No account ${accountId}.`) : error;
      });
      print(`granted ${values.usd} USD to ${accountId}; balance ${creditToUsd(balance)} USD`);
      return;
    }
    case 'show': {
      const accountId = await accountOption(db, values, false);
      print(`${accountId}: ${creditToUsd(await creditBalance(db, accountId))} USD`);
      for (const entry of await creditEntries(db, accountId, 20)) {
        print(
          [
            entry.createdAt.toISOString(),
            entry.kind,
            `${entry.amount < 0n ? '-' : '+'}${creditToUsd(entry.amount < 0n ? -entry.amount : entry.amount)}`,
            `= ${creditToUsd(entry.balanceAfter)}`,
            entry.tool ?? entry.note ?? '',
          ].join('  '),
        );
      }
      return;
    }
    default:
      throw new UsageError(CREDIT_USAGE);
  }
}
