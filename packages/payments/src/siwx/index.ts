export { SIWX_SUPPORTED_CHAINS } from './chains.js';
export {
  issueSiwxChallenge,
  SIWX_CHALLENGE_TTL_SECONDS,
  SIWX_STATEMENT,
  type SiwxChallengeOptions,
  siwxChallengeOf,
  siwxExtensions,
  withSiwxChallenge,
} from './challenge.js';
export { ephemeralSiwxNonces, SiwxNonces, siwxNonceKeyFrom } from './nonces.js';
export { type HeaderSource, SIWX_AUTH_SCHEME, SIWX_HEADER, siwxHeaderFrom } from './header.js';
export {
  type SiwxIdentity,
  type SiwxRejectReason,
  siwxRejected,
  type VerifySiwxOptions,
  verifySiwxProof,
} from './verify.js';
export type { EVMMessageVerifier, SIWxExtension as SiwxChallenge } from '@x402/extensions/sign-in-with-x';
