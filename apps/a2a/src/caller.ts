import type { ServerCallContext, User } from '@a2a-js/sdk/server';
import { ServiceError } from '@svc/contracts';
import type { Credential } from '@svc/payments';

/**
 * The authenticated account behind an A2A request, as the SDK sees it: `userName` is the account id, which scopes
 * every task lookup (DbTaskStore), so one account never reaches another's tasks.
 */
export class AccountUser implements User {
  constructor(readonly credential: Credential) {}

  get isAuthenticated(): boolean {
    return true;
  }

  get userName(): string {
    return this.credential.accountId;
  }
}

/** The credential of the call. Every request is authenticated before it reaches the SDK, so a missing one is a bug. */
export function credentialOf(context: ServerCallContext | undefined): Credential {
  const user = context?.user;
  if (!(user instanceof AccountUser))
    throw new ServiceError('internal', 'An A2A call reached the task layer without an authenticated account.');
  return user.credential;
}
