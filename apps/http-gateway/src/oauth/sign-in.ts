import { ServiceError } from '@svc/contracts';
import {
  type EVMMessageVerifier,
  issueSiwxChallenge,
  type SiwxChallenge,
  type SiwxNonces,
  verifySiwxProof,
} from '@svc/payments';
import { type AccessKeyCheck, type AccessKeyEnvironment, authenticateAccessKey, type Db } from '@svc/store';

export interface ConsentSignInOptions {
  readonly db: Db;
  readonly publicBaseUrl: string;
  /** The consent page's URL: the resource every sign-in challenge names, and the only one its proofs are accepted for. */
  readonly consentUrl: string;
  /** Vault access keys of this host's environment only, as on the MCP endpoint. */
  readonly accessKeyEnvironment: AccessKeyEnvironment;
  /** Smart-wallet (EIP-1271 / EIP-6492) proofs; without it only EOA signatures verify. */
  readonly evmVerifier?: EVMMessageVerifier | undefined;
  readonly nonces: SiwxNonces;
}

/** Who signed in on the consent page, or what to tell them when that failed. */
export type SignInResult =
  { readonly ok: true; readonly accountId: string } | { readonly ok: false; readonly message: string };

const STATEMENT =
  'Sign in to let an application use svc tools for your account (read-only). This request will not trigger a blockchain transaction or cost any gas.';

const ACCESS_KEY_REFUSALS: Record<Extract<AccessKeyCheck, { ok: false }>['reason'], string> = {
  malformed: 'That is not a vault access key (they start with svc_dev_ or svc_live_).',
  wrong_environment: 'That key was made for the other environment (development or production) than this host.',
  unknown: 'Unknown vault access key.',
  revoked: 'That vault access key has been revoked.',
};

/** The two ways a user proves which account consents: a wallet sign-in (SIWX) or a vault access key. */
export class ConsentSignIn {
  constructor(private readonly options: ConsentSignInOptions) {}

  /** A fresh single-use challenge for the page to show: a wallet signs it to prove the account it signs in to. */
  challenge(): SiwxChallenge {
    const { nonces, publicBaseUrl, consentUrl } = this.options;
    return issueSiwxChallenge({ nonces, publicBaseUrl, resourceUrl: consentUrl, statement: STATEMENT });
  }

  /** A SIGN-IN-WITH-X value answering one of our challenges; a wallet's first sign-in creates its account. */
  async withWallet(proof: string | undefined): Promise<SignInResult> {
    if (!proof) return { ok: false, message: 'Paste the SIGN-IN-WITH-X value your wallet produced for the challenge.' };
    const { db, nonces, publicBaseUrl, consentUrl, evmVerifier } = this.options;
    try {
      const identity = await verifySiwxProof(db, proof, {
        nonces,
        origin: publicBaseUrl,
        resourceUrl: consentUrl,
        evmVerifier,
      });
      return { ok: true, accountId: identity.accountId };
    } catch (error) {
      // The proof's own message points at 402 challenges; on this page the next step is the fresh challenge shown.
      if (error instanceof ServiceError && error.code === 'identity_invalid') {
        return {
          ok: false,
          message: `Wallet sign-in refused (${String(error.extra?.reason).replaceAll('_', ' ')}). Sign the new challenge below and try again.`,
        };
      }
      throw error;
    }
  }

  async withAccessKey(key: string | undefined): Promise<SignInResult> {
    if (!key) return { ok: false, message: 'Enter a vault access key.' };
    const check = await authenticateAccessKey(this.options.db, key.trim(), this.options.accessKeyEnvironment);
    return check.ok
      ? { ok: true, accountId: check.key.accountId }
      : { ok: false, message: ACCESS_KEY_REFUSALS[check.reason] };
  }
}
