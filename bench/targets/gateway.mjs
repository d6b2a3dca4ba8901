// Our gateway as `npm start` builds it (sandbox mode, in-memory PGlite). With a sandbox, paid calls settle on it.
import { buildApp, loadConfig } from '../../apps/http-gateway/dist/index.js';
import { openStore } from '../../packages/store/dist/index.js';
import { fastifyServer } from './listen.mjs';

export async function build({ port, sandbox }) {
  const config = loadConfig({ ...process.env, PORT: String(port), LOG_LEVEL: 'silent', SVC_MODE: 'sandbox' });
  const db = await openStore({ pgliteDir: 'memory://' });
  const app = await buildApp(config, { db, sandbox });
  return fastifyServer(app, () => db.close());
}
