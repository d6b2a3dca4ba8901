import { ServiceError } from '@svc/contracts';
import {
  ACCESS_KEY_TAG,
  type AccessKeyEnvironment,
  accessKeyEnvironmentOf,
  authenticateAccessKey,
  type Queryable,
} from '@svc/store';
import type { BearerTokenVerifier, Credential } from './credential.js';

/** The credential headers of a request as Node delivers them (a repeated header arrives as an array). */
export interface CredentialHeaders {
  readonly apiKey: string | readonly string[] | undefined;
  readonly authorization: string | readonly string[] | undefined;
}

export interface CredentialResolverOptions {
  readonly db: Queryable;
  /** Which access keys this host accepts: development keys (`svc_dev_`) or production keys (`svc_live_`). */
  readonly environment: AccessKeyEnvironment;
  /** Verifies Bearer JWTs; until an issuer is configured, every Bearer token is refused with a clear reason. */
  readonly bearer?: BearerTokenVerifier | undefined;
}

const invalid = (reason: string, message: string) =>
  new ServiceError('credentials_invalid', message, { extra: { reason } });

const present = (value: string | readonly string[] | undefined) =>
  typeof value === 'string' ? value.trim() !== '' : value !== undefined && value.length > 0;

/**
 * Turns the credential headers of a request into a `Credential`, or throws the `ServiceError` a transport answers
 * with: none sent -> `credentials_required` (401), both or a repeated one -> `credentials_conflict` (400),
 * anything not accepted -> `credentials_invalid` (401, `extra.reason` says why).
 */
export class CredentialResolver {
  constructor(private readonly options: CredentialResolverOptions) {}

  async resolve(headers: CredentialHeaders): Promise<Credential> {
    const { apiKey, authorization } = headers;
    if (!present(apiKey) && !present(authorization)) {
      throw new ServiceError(
        'credentials_required',
        'Send a vault access key in the x-api-key header or an access token in Authorization: Bearer <token>.',
      );
    }
    if (
      (present(apiKey) && present(authorization)) ||
      typeof apiKey === 'object' ||
      typeof authorization === 'object'
    ) {
      throw new ServiceError(
        'credentials_conflict',
        'Send exactly one credential: either x-api-key or Authorization: Bearer, once.',
      );
    }
    return typeof apiKey === 'string' && present(apiKey)
      ? this.#accessKey(apiKey.trim())
      : this.#bearer(String(authorization).trim());
  }

  async #accessKey(presented: string): Promise<Credential> {
    const { environment } = this.options;
    const check = await authenticateAccessKey(this.options.db, presented, environment);
    if (check.ok)
      return {
        accountId: check.key.accountId,
        readOnly: false,
        ...(check.key.toolsFilter ? { toolsFilter: check.key.toolsFilter } : {}),
      };
    switch (check.reason) {
      case 'malformed':
        throw invalid(
          check.reason,
          `x-api-key is not a vault access key (they start with ${ACCESS_KEY_TAG.development} or ${ACCESS_KEY_TAG.production}).`,
        );
      case 'wrong_environment': {
        const made = accessKeyEnvironmentOf(presented);
        throw invalid(
          check.reason,
          `This is a ${made} key; this host is the ${environment} host and accepts only ${environment} keys (${ACCESS_KEY_TAG[environment]}…).`,
        );
      }
      case 'unknown':
        throw invalid(check.reason, 'Unknown vault access key.');
      case 'revoked':
        throw invalid(check.reason, 'This vault access key has been revoked.');
    }
  }

  #bearer(authorization: string): Promise<Credential> {
    const match = /^Bearer\s+(\S+)$/i.exec(authorization);
    if (!match)
      throw invalid(
        'unsupported_scheme',
        'The Authorization header must be "Bearer <token>"; vault access keys go in x-api-key.',
      );
    if (!this.options.bearer) {
      throw invalid(
        'bearer_not_configured',
        'Bearer tokens are not accepted yet: this server has no token issuer configured. Use a vault access key in x-api-key.',
      );
    }
    return this.options.bearer.verify(match[1]!);
  }
}
