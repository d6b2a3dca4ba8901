import { join } from 'node:path';
import { type CryptoKey, calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { ConfigError, readOrCreateFile } from '@svc/config';

/** Access tokens are ES256 (ECDSA P-256) JWTs: compact, and verifiable by every JOSE library. */
export const SIGNING_ALGORITHM = 'ES256';

/** Where the key is kept when OAUTH_SIGNING_KEY is not set. */
export const SIGNING_KEY_FILE = 'oauth-signing-key.json';

export interface OAuthSigningKey {
  /** RFC 7638 thumbprint of the public key: the `kid` of every token and of the published JWK. */
  readonly kid: string;
  readonly privateKey: CryptoKey;
  readonly publicKey: CryptoKey;
  /** Published at the JWKS endpoint. */
  readonly publicJwk: JWK;
}

async function generateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(SIGNING_ALGORITHM, { extractable: true });
  return exportJWK(privateKey);
}

async function importCryptoKey(jwk: JWK): Promise<CryptoKey> {
  const key = await importJWK(jwk, SIGNING_ALGORITHM);
  if (key instanceof Uint8Array)
    throw new ConfigError('The OAuth signing key must be an EC P-256 private JWK, not a symmetric one.');
  return key;
}

/** The signing key a private P-256 JWK describes. */
export async function signingKeyFromJwk(jwk: JWK): Promise<OAuthSigningKey> {
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || typeof jwk.d !== 'string')
    throw new ConfigError(
      'The OAuth signing key must be an EC P-256 private JWK ({"kty":"EC","crv":"P-256","x":…,"y":…,"d":…}).',
    );
  const publicJwk: JWK = { kty: jwk.kty, crv: jwk.crv, x: jwk.x, y: jwk.y };
  const kid = await calculateJwkThumbprint(publicJwk);
  return {
    kid,
    privateKey: await importCryptoKey(jwk),
    publicKey: await importCryptoKey(publicJwk),
    publicJwk: { ...publicJwk, kid, alg: SIGNING_ALGORITHM, use: 'sig' },
  };
}

/** A key that lives as long as the process: tests, and apps built without a persisted key. */
export async function newSigningKey(): Promise<OAuthSigningKey> {
  return signingKeyFromJwk(await generateJwk());
}

function parseJwk(text: string, source: string): JWK {
  try {
    return JSON.parse(text) as JWK;
  } catch {
    throw new ConfigError(`${source} is not JSON: it must hold an EC P-256 private JWK.`);
  }
}

/**
 * The key that signs access tokens, stable across restarts: OAUTH_SIGNING_KEY when set (required when several
 * instances serve one PUBLIC_BASE_URL, since each must verify the others' tokens); otherwise DATA_DIR/oauth-signing-key.json,
 * generated on first start (owner-only permissions). Losing the key only costs clients a refresh: access tokens
 * stop verifying, refresh tokens live in the database.
 */
export async function loadSigningKey(options: {
  setting: string | undefined;
  dataDir: string;
}): Promise<OAuthSigningKey> {
  if (options.setting) return signingKeyFromJwk(parseJwk(options.setting, 'OAUTH_SIGNING_KEY'));
  const file = join(options.dataDir, SIGNING_KEY_FILE);
  return signingKeyFromJwk(
    parseJwk(await readOrCreateFile(file, async () => `${JSON.stringify(await generateJwk())}\n`), file),
  );
}
