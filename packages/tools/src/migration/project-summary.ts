import type { MigrationProject, MigrationTerms, MigrationToken } from '@svc/providers';

const wholeTokens = (amount: string) => BigInt(amount).toLocaleString('en-US');

const tokenLine = (role: string, token: MigrationToken) =>
  `${role}: ${token.name ?? 'unnamed token'}${token.symbol ? ` (${token.symbol})` : ''}, mint ${token.mint}`;

/** "2026-11-01 09:00 UTC": agents quote this text to people, so no milliseconds or ISO "T"/"Z". */
const utc = (iso: string) => `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC`;

/** Share migrated with two decimals, computed on integers so large supplies stay exact. */
function migratedPercent({ oldTokensMigrated, oldTokenSupply }: MigrationTerms): string {
  const supply = BigInt(oldTokenSupply);
  if (supply === 0n) return '0%';
  const hundredths = (BigInt(oldTokensMigrated) * 10_000n) / supply;
  return `${hundredths / 100n}.${(hundredths % 100n).toString().padStart(2, '0')}%`;
}

function termsLines(project: MigrationProject): string[] {
  const terms = project.migration;
  if (!terms) return ['Migration window, exchange rate and amounts: not served by the platform for this project.'];
  const oldSymbol = project.oldToken.symbol ?? 'old token';
  const newSymbol = project.newToken.symbol ?? 'new token';
  return [
    `Status: ${terms.status}, from ${utc(terms.startsAt)} to ${utc(terms.endsAt)}`,
    `Exchange rate: 1 ${oldSymbol} (old) -> ${terms.exchangeRate} ${newSymbol} (new)`,
    `Migrated so far: ${wholeTokens(terms.oldTokensMigrated)} of ${wholeTokens(terms.oldTokenSupply)} old tokens (${migratedPercent(terms)})`,
  ];
}

/** The pre-formatted text summary migrationGetProjectDetails returns alongside the structured project. */
export function projectSummary(project: MigrationProject): string {
  return [
    `${project.name} (${project.projectId})`,
    tokenLine('Old token', project.oldToken),
    tokenLine('New token', project.newToken),
    ...termsLines(project),
    ...(project.website ? [`Website: ${project.website}`] : []),
  ].join('\n');
}
