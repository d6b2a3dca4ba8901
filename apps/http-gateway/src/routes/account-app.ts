import { ServiceError } from '@svc/contracts';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, extname, join, relative } from 'node:path';
import type { FastifyInstance } from 'fastify';

export const ACCOUNT_APP_PATH = '/app';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.json': 'application/json',
};

interface Asset {
  readonly body: Buffer;
  readonly type: string;
}

/** `@svc/account-app`'s build output, the directory turbo builds before the gateway. */
function accountAppDist(): string {
  return join(dirname(createRequire(import.meta.url).resolve('@svc/account-app/package.json')), 'dist');
}

/** Every file of the build, by its path under /app (`assets/index-<hash>.js`): a few small files, read once. */
function loadAssets(dist: string): Map<string, Asset> {
  const assets = new Map<string, Asset>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else
        assets.set(relative(dist, path).split('\\').join('/'), {
          body: readFileSync(path),
          type: CONTENT_TYPES[extname(entry.name)] ?? 'application/octet-stream',
        });
    }
  };
  walk(dist);
  return assets;
}

/**
 * The account app (apps/account-app) at `/app`: its index page, and its assets under `/app/assets/` (content-hashed
 * names, so cached for good; the page itself is revalidated so a new build is picked up). Only files of the build
 * are served, looked up by name in memory: no path from the request reaches the file system. Without a build the
 * routes answer 404 saying how to make one.
 */
export function accountAppRoutes(app: FastifyInstance, dist = accountAppDist()): void {
  const assets = existsSync(join(dist, 'index.html')) ? loadAssets(dist) : undefined;
  const send = (name: string) => {
    const asset = assets?.get(name);
    if (!asset)
      throw new ServiceError(
        'not_found',
        assets ? `No file ${name} in the account app.` : 'The account app is not built: run `npm run build`.',
      );
    return asset;
  };

  app.get(ACCOUNT_APP_PATH, async (_request, reply) => reply.redirect(`${ACCOUNT_APP_PATH}/`));
  app.get(`${ACCOUNT_APP_PATH}/`, async (_request, reply) => {
    const page = send('index.html');
    return reply.type(page.type).header('cache-control', 'no-cache').send(page.body);
  });
  app.get<{ Params: { '*': string } }>(`${ACCOUNT_APP_PATH}/assets/*`, async (request, reply) => {
    const asset = send(`assets/${request.params['*']}`);
    return reply.type(asset.type).header('cache-control', 'public, max-age=31536000, immutable').send(asset.body);
  });
}
