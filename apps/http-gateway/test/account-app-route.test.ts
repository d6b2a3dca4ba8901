import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Fastify from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { registerErrorHandling } from '../src/errors.js';
import { accountAppRoutes } from '../src/routes/account-app.js';

describe('the /app route over a build of the account app', () => {
  const dist = mkdtempSync(join(tmpdir(), 'account-app-'));
  mkdirSync(join(dist, 'assets'));
  writeFileSync(join(dist, 'index.html'), '<script type="module" src="/app/assets/index-abc.js"></script>');
  writeFileSync(join(dist, 'assets', 'index-abc.js'), 'console.log(1)');
  writeFileSync(join(dist, 'secret.txt'), 'not an asset');
  afterAll(() => rmSync(dist, { recursive: true, force: true }));

  const appOver = async (directory: string) => {
    const app = Fastify();
    registerErrorHandling(app);
    accountAppRoutes(app, directory);
    await app.ready();
    return app;
  };

  it('serves the page (revalidated) and its hashed assets (cached for good), and nothing else', async () => {
    const app = await appOver(dist);
    expect((await app.inject({ method: 'GET', url: '/app' })).headers.location).toBe('/app/');
    const page = await app.inject({ method: 'GET', url: '/app/' });
    expect([page.statusCode, page.headers['content-type'], page.headers['cache-control']]).toEqual([
      200,
      'text/html; charset=utf-8',
      'no-cache',
    ]);
    expect(page.body).toContain('/app/assets/index-abc.js');
    const script = await app.inject({ method: 'GET', url: '/app/assets/index-abc.js' });
    expect([script.body, script.headers['content-type'], script.headers['cache-control']]).toEqual([
      'console.log(1)',
      'text/javascript; charset=utf-8',
      'public, max-age=31536000, immutable',
    ]);
    for (const url of ['/app/assets/missing.js', '/app/assets/../secret.txt', '/app/assets/%2e%2e/secret.txt'])
      expect((await app.inject({ method: 'GET', url })).statusCode, url).toBe(404);
    await app.close();
  });

  it('answers 404 saying how to build the app when there is no build', async () => {
    const app = await appOver(join(dist, 'nothing-here'));
    const res = await app.inject({ method: 'GET', url: '/app/' });
    expect(res.statusCode).toBe(404);
    expect(res.json().detail).toContain('npm run build');
    await app.close();
  });
});
