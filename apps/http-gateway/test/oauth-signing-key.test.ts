import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { ConfigError } from '@svc/config';
import { loadSigningKey, SIGNING_KEY_FILE } from '../src/oauth/signing-key.js';

describe('the OAuth signing key', () => {
  const dirs: string[] = [];
  const dataDir = async () => {
    const dir = await mkdtemp(join(tmpdir(), 'svc-oauth-key-'));
    dirs.push(dir);
    return join(dir, 'data');
  };
  afterEach(async () => {
    await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
  });

  it('is generated on first start into DATA_DIR, owner-only, and the same key is loaded on the next start', async () => {
    const dir = await dataDir();
    const first = await loadSigningKey({ setting: undefined, dataDir: dir });
    const file = join(dir, SIGNING_KEY_FILE);
    expect((await stat(file)).mode & 0o777).toBe(0o600);
    expect(JSON.parse(await readFile(file, 'utf8'))).toMatchObject({ kty: 'EC', crv: 'P-256', d: expect.any(String) });
    expect((await loadSigningKey({ setting: undefined, dataDir: dir })).kid).toBe(first.kid);
  });

  it('is one key when two first starts race', async () => {
    const dir = await dataDir();
    const keys = await Promise.all([0, 1, 2].map(() => loadSigningKey({ setting: undefined, dataDir: dir })));
    expect(new Set(keys.map((key) => key.kid)).size).toBe(1);
  });

  it('comes from OAUTH_SIGNING_KEY when set (the generated file holds a valid value), and a bad value is a configuration error', async () => {
    const dir = await dataDir();
    const generated = await loadSigningKey({ setting: undefined, dataDir: dir });
    const setting = await readFile(join(dir, SIGNING_KEY_FILE), 'utf8');
    expect((await loadSigningKey({ setting, dataDir: await dataDir() })).kid).toBe(generated.kid);
    await expect(loadSigningKey({ setting: 'not json', dataDir: dir })).rejects.toBeInstanceOf(ConfigError);
    await expect(
      loadSigningKey({ setting: JSON.stringify({ kty: 'oct', k: 'c2VjcmV0' }), dataDir: dir }),
    ).rejects.toThrow(/P-256 private JWK/);
    const { d: _private, ...publicOnly } = JSON.parse(setting) as Record<string, string>;
    await expect(loadSigningKey({ setting: JSON.stringify(publicOnly), dataDir: dir })).rejects.toThrow(
      /P-256 private JWK/,
    );
  });
});
