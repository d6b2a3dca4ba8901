import { ServiceError } from '@svc/contracts';
import { accountForWallet, createAccessKey, type Db, revokeAccessKey } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Credential } from './credential.js';
import { CredentialResolver } from './resolver.js';

const [pglite] = testBackends();

/** The ServiceError code and `extra.reason` a resolution failed with. */
async function refusal(promise: Promise<unknown>) {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  const { code, status, extra, message } = error as ServiceError;
  return { code, status, reason: extra?.reason, message };
}

describe('CredentialResolver', () => {
  let db: Db;
  let accountId: string;
  let devKey: string;
  let liveKey: string;
  beforeAll(async () => {
    db = await pglite!.open();
    ({ accountId } = await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000a11ce'));
    devKey = (await createAccessKey(db, { accountId, name: 'dev', environment: 'development' })).key;
    liveKey = (await createAccessKey(db, { accountId, name: 'live', environment: 'production' })).key;
  });
  afterAll(() => db?.close());

  const development = () => new CredentialResolver({ db, environment: 'development' });

  it('resolves an access key of this host’s environment to its account, allowed to opt into transactions', async () => {
    const credential = await development().resolve({ apiKey: devKey, authorization: undefined });
    expect(credential).toEqual({ accountId, readOnly: false });
  });

  it('answers 401 credentials_required when neither credential is sent', async () => {
    expect(await refusal(development().resolve({ apiKey: undefined, authorization: undefined }))).toMatchObject({
      code: 'credentials_required',
      status: 401,
    });
    expect(await refusal(development().resolve({ apiKey: '  ', authorization: '' }))).toMatchObject({
      code: 'credentials_required',
    });
  });

  it('answers 400 credentials_conflict for both credentials, or one sent twice', async () => {
    expect(await refusal(development().resolve({ apiKey: devKey, authorization: 'Bearer abc' }))).toMatchObject({
      code: 'credentials_conflict',
      status: 400,
    });
    expect(await refusal(development().resolve({ apiKey: [devKey, devKey], authorization: undefined }))).toMatchObject({
      code: 'credentials_conflict',
    });
  });

  it('refuses a production key on the development host and the reverse, naming both environments', async () => {
    const onDev = await refusal(development().resolve({ apiKey: liveKey, authorization: undefined }));
    expect(onDev).toMatchObject({ code: 'credentials_invalid', status: 401, reason: 'wrong_environment' });
    expect(onDev.message).toContain('production key');
    const production = new CredentialResolver({ db, environment: 'production' });
    expect(await production.resolve({ apiKey: liveKey, authorization: undefined })).toMatchObject({ accountId });
    expect(await refusal(production.resolve({ apiKey: devKey, authorization: undefined }))).toMatchObject({
      reason: 'wrong_environment',
    });
  });

  it('refuses malformed, unknown and revoked keys', async () => {
    expect(await refusal(development().resolve({ apiKey: 'hunter2', authorization: undefined }))).toMatchObject({
      code: 'credentials_invalid',
      reason: 'malformed',
    });
    const unknown = `${devKey.slice(0, -1)}${devKey.endsWith('x') ? 'y' : 'x'}`;
    expect(await refusal(development().resolve({ apiKey: unknown, authorization: undefined }))).toMatchObject({
      reason: 'unknown',
    });
    const { key, record } = await createAccessKey(db, { accountId, name: 'old', environment: 'development' });
    await revokeAccessKey(db, accountId, record.id);
    expect(await refusal(development().resolve({ apiKey: key, authorization: undefined }))).toMatchObject({
      reason: 'revoked',
    });
  });

  it('refuses Bearer tokens while no issuer is configured, and other Authorization schemes always', async () => {
    const noIssuer = await refusal(
      development().resolve({ apiKey: undefined, authorization: 'Bearer eyJhbGciOi.x.y' }),
    );
    expect(noIssuer).toMatchObject({ code: 'credentials_invalid', status: 401, reason: 'bearer_not_configured' });
    expect(noIssuer.message).toMatch(/no token issuer/);
    expect(
      await refusal(development().resolve({ apiKey: undefined, authorization: 'Basic dXNlcjpwdw==' })),
    ).toMatchObject({ reason: 'unsupported_scheme' });
  });

  it('hands Bearer tokens to the configured verifier, keeping its read-only flag', async () => {
    const oauth: Credential = { accountId, readOnly: true };
    const resolver = new CredentialResolver({
      db,
      environment: 'development',
      bearer: {
        verify: async (token) =>
          token === 'good' ? oauth : Promise.reject(new ServiceError('credentials_invalid', 'bad token')),
      },
    });
    expect(await resolver.resolve({ apiKey: undefined, authorization: 'bearer good' })).toBe(oauth);
    expect(await refusal(resolver.resolve({ apiKey: undefined, authorization: 'Bearer bad' }))).toMatchObject({
      code: 'credentials_invalid',
    });
  });
});
