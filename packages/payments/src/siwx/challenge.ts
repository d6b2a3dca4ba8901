import type { PaymentRequired } from '@x402/core/types';
import {
  declareSIWxExtension,
  SIGN_IN_WITH_X,
  type SIWxExtension,
  type SIWxExtensionInfo,
  type SupportedChain,
} from '@x402/extensions/sign-in-with-x';
import { encodePaymentRequired } from '../payment-header.js';
import type { PaymentRequiredResponse } from '../requirements.js';
import { SIWX_SUPPORTED_CHAINS } from './chains.js';
import type { SiwxNonces } from './nonces.js';

/** How long a challenge (and its nonce) can be answered: the spec's default expirationTime. */
export const SIWX_CHALLENGE_TTL_SECONDS = 300;
export const SIWX_STATEMENT =
  'Sign in with your wallet to use this tool. This request will not trigger a blockchain transaction or cost any gas.';

export interface SiwxChallengeOptions {
  /** Issues the challenge's nonce (stateless: stored only once a proof uses it). */
  readonly nonces: SiwxNonces;
  /** The public base URL clients call; the challenge's `domain` is its host[:port], and `uri` is rebased onto its origin. */
  readonly publicBaseUrl: string;
  /** The resource the 402 is for: the challenge's `uri` and only `resources` entry. */
  readonly resourceUrl: string;
  readonly statement?: string;
  /** Seconds until `expirationTime` (and until the nonce expires). Default 300. */
  readonly expirationSeconds?: number;
  /** Default: Base (eip191) and Solana mainnet (ed25519). */
  readonly chains?: readonly SupportedChain[];
}

/** `resourceUrl`'s path and query on the public origin (what the SDK's server extension does with its configured origin). */
function rebase(resourceUrl: string, origin: URL): string {
  const resource = new URL(resourceUrl, origin);
  const rebased = new URL(origin.origin);
  rebased.pathname = resource.pathname;
  rebased.search = resource.search;
  return rebased.toString();
}

const declarations = new Map<string, SIWxExtension>();

/** The SDK's declaration for these settings, built once: its JSON schema is the same for every challenge. */
function declarationOf(statement: string, chains: readonly SupportedChain[], expirationSeconds: number): SIWxExtension {
  const network = chains.map((chain) => chain.chainId);
  const key = JSON.stringify([statement, network, expirationSeconds]);
  let declaration = declarations.get(key);
  if (!declaration) {
    declaration = declareSIWxExtension({ statement, network, expirationSeconds })[SIGN_IN_WITH_X]!;
    declarations.set(key, declaration);
  }
  return declaration;
}

/**
 * Issue a sign-in challenge for one 402: the value of `PaymentRequired.extensions["sign-in-with-x"]`. It is the
 * SDK's declaration (`declareSIWxExtension`: version, supportedChains, schema) filled in per request the way the
 * SDK's `createSIWxResourceServerExtension` does, except that the nonce is ours (tagged, expiring with the challenge,
 * single use) so that only proofs answering a challenge we issued are accepted. No I/O: every 402 of an
 * identity-gated tool issues one.
 */
export function issueSiwxChallenge(options: SiwxChallengeOptions): SIWxExtension {
  const origin = new URL(options.publicBaseUrl);
  const chains = options.chains ?? SIWX_SUPPORTED_CHAINS;
  const expirationSeconds = options.expirationSeconds ?? SIWX_CHALLENGE_TTL_SECONDS;
  const declaration = declarationOf(options.statement ?? SIWX_STATEMENT, chains, expirationSeconds);

  const now = Date.now();
  const nonce = options.nonces.issue(expirationSeconds, now);
  const uri = rebase(options.resourceUrl, origin);
  const info: SIWxExtensionInfo = {
    domain: origin.host,
    uri,
    statement: declaration.info.statement,
    version: declaration.info.version,
    nonce,
    issuedAt: new Date(now).toISOString(),
    expirationTime: new Date(now + expirationSeconds * 1000).toISOString(),
    resources: [uri],
  };
  return {
    info,
    // Our own list (not the declaration's) so a configured signatureScheme hint survives.
    supportedChains: chains.map((chain) => ({ ...chain })),
    schema: declaration.schema,
  };
}

/** `extensions` entry for a PaymentRequired body. */
export function siwxExtensions(challenge: SIWxExtension): { [SIGN_IN_WITH_X]: SIWxExtension } {
  return { [SIGN_IN_WITH_X]: challenge };
}

/** The challenge read back from a PaymentRequired (as the official clients do), if it carries one. */
export function siwxChallengeOf(paymentRequired: Pick<PaymentRequired, 'extensions'>): SIWxExtension | undefined {
  return paymentRequired.extensions?.[SIGN_IN_WITH_X] as SIWxExtension | undefined;
}

/**
 * A 402 response with the challenge added to `extensions` (body, JSON and PAYMENT-REQUIRED header re-encoded).
 * The official client (`wrapFetchWithSIWx`) reads the challenge from the PAYMENT-REQUIRED header only, and every
 * 402 needs its own nonce: never cache the result.
 */
export function withSiwxChallenge(
  response: PaymentRequiredResponse,
  challenge: SIWxExtension,
): PaymentRequiredResponse {
  return encodePaymentRequired({
    ...response.body,
    extensions: { ...response.body.extensions, ...siwxExtensions(challenge) },
  });
}
