export type { BearerTokenVerifier, Credential } from './credential.js';
export { type CredentialHeaders, CredentialResolver, type CredentialResolverOptions } from './resolver.js';
