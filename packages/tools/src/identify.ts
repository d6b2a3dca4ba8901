import type { CatalogTool } from '@svc/contracts';
import {
  type EVMMessageVerifier,
  issueSiwxChallenge,
  type SiwxChallenge,
  type SiwxNonces,
  verifySiwxProof,
} from '@svc/payments';
import type { Queryable } from '@svc/store';
import type { CallerAccount } from './handler.js';

export interface SiwxSettings {
  /** The origin clients call: a proof's `domain` must be its host and its `uri` on it. */
  readonly publicBaseUrl: string;
  /** Issues and checks the challenges' nonces (a key shared by every instance). */
  readonly nonces: SiwxNonces;
  /** Verifies EIP-1271 / EIP-6492 smart-wallet signatures (a Base RPC); without one only EOA proofs verify. */
  readonly evmVerifier?: EVMMessageVerifier | undefined;
}

/** Who a call is from, as its transport presents it. */
export interface CallerCredentials {
  /** The SIGN-IN-WITH-X value (REST): verified here, single use. */
  readonly siwxProof?: string | undefined;
  /** An account the transport already authenticated (MCP / A2A access key or OAuth token). */
  readonly caller?: CallerAccount | undefined;
}

export type Identification =
  | { readonly kind: 'identified'; readonly caller: CallerAccount | undefined }
  /** An identity-gated tool called without a proof: answer 402 carrying this challenge (official clients act on 402 only). */
  | { readonly kind: 'challenge' };

/**
 * Step 3 of invoke. An identity-gated tool needs a caller: an authenticated account, or a SIWX proof that is
 * verified (and its nonce consumed) before any payment is looked at; an invalid, replayed or expired proof throws
 * `identity_invalid` (401). Tools without the identity flag ignore proofs: they are not asked for, and verifying
 * one would burn its nonce for nothing.
 */
export async function identify(
  db: Queryable,
  tool: CatalogTool,
  credentials: CallerCredentials,
  settings: SiwxSettings,
  resourceUrl: string,
): Promise<Identification> {
  if (credentials.caller) return { kind: 'identified', caller: credentials.caller };
  if (!tool.identity) return { kind: 'identified', caller: undefined };
  if (!credentials.siwxProof) return { kind: 'challenge' };
  const identity = await verifySiwxProof(db, credentials.siwxProof, {
    nonces: settings.nonces,
    origin: settings.publicBaseUrl,
    resourceUrl,
    evmVerifier: settings.evmVerifier,
  });
  return { kind: 'identified', caller: { accountId: identity.accountId } };
}

/** A fresh sign-in challenge for a 402 of an identity-gated tool: every one carries its own nonce. */
export function siwxChallengeFor(settings: SiwxSettings, resourceUrl: string): SiwxChallenge {
  return issueSiwxChallenge({ nonces: settings.nonces, publicBaseUrl: settings.publicBaseUrl, resourceUrl });
}
