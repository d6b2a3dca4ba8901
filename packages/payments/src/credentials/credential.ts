/**
 * Who a hosted MCP or A2A request acts for. Those transports take exactly one of two credentials on every request:
 * a vault access key in `x-api-key`, or a JWT in `Authorization: Bearer`.
 */
export interface Credential {
  readonly accountId: string;
  /**
   * The session may never opt into wallet-modifying tools. True for tokens issued through the OAuth flow: that flow
   * cannot add the `x-mcp-transactions` header, so such sessions stay on the read-only MCP surface by design; and
   * for user-issued tokens of scope `read`.
   */
  readonly readOnly: boolean;
  /**
   * Globs over MCP tool names the credential is limited to (an access key's setting): the MCP surface lists and calls
   * only the tools they match. Absent: no limit.
   */
  readonly toolsFilter?: readonly string[] | undefined;
}

/** Checks a Bearer JWT (the OAuth authorization server supplies one). */
export interface BearerTokenVerifier {
  /**
   * The credential the token stands for. Throws `ServiceError('credentials_invalid')` when the token is not valid
   * for this resource (signature, issuer, audience, expiry, revocation).
   */
  verify(token: string): Promise<Credential>;
}
