import { OAuthError } from './errors.js';

/**
 * What a consent grants and for how long. Access tokens are short because a client holds them in memory and sends
 * them on every request; refresh tokens rotate on every use, so 30 days is how long a client may stay idle.
 */
export const OAUTH_LIFETIMES = {
  authorizationCodeSeconds: 60,
  accessTokenSeconds: 600,
  refreshTokenSeconds: 30 * 86_400,
} as const;

/**
 * The only scope: read-only access, the tools that change nothing (`changesNothing` in @svc/contracts), calls paid
 * from the account's credit. OAuth sessions never reach a tool that changes anything: not the account's memories,
 * tracked wallets or settings, and never a wallet-modifying tool (an OAuth client cannot be trusted to send
 * x-mcp-transactions on its user's behalf). The consent page says exactly this.
 */
export const MCP_TOOLS_SCOPE = 'mcp:tools';
export const SUPPORTED_SCOPES: readonly string[] = [MCP_TOOLS_SCOPE];

/** The scope to grant for a requested one (none asked: all of it); asking for one we do not offer is `invalid_scope`. */
export function grantedScope(requested: string | undefined): string {
  const unknown = (requested ?? '').split(' ').filter((scope) => scope !== '' && !SUPPORTED_SCOPES.includes(scope));
  if (unknown.length > 0)
    throw new OAuthError(
      'invalid_scope',
      `Unknown scope ${unknown.join(', ')}; this server offers ${SUPPORTED_SCOPES.join(' ')}.`,
    );
  return SUPPORTED_SCOPES.join(' ');
}
