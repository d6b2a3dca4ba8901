// Our gateway as `npm start` builds it (sandbox mode, in-memory PGlite). With a sandbox, paid calls settle on it.
import { randomBytes } from 'node:crypto';
import { buildApp, loadConfig } from '../../apps/http-gateway/dist/index.js';
import { accountForWallet, addCredit, createAccessKey, openStore } from '../../packages/store/dist/index.js';
import { fastifyServer } from './listen.mjs';

export async function build({ port, sandbox }) {
  // Rate limits off unless the run sets them: the load comes from one address, far above any per-client limit.
  const config = loadConfig({
    RATE_LIMIT_UNPAID_PER_MINUTE: '0',
    RATE_LIMIT_ACCOUNT_PER_MINUTE: '0',
    ...process.env,
    PORT: String(port),
    LOG_LEVEL: 'silent',
    SVC_MODE: 'sandbox',
  });
  const db = await openStore({ pgliteDir: 'memory://' });
  const app = await buildApp(config, { db, sandbox });
  return {
    ...fastifyServer(app, () => db.close()),
    /** A new account with a vault access key and `micros` of account credit, for the MCP benchmark. */
    async accessKey({ micros }) {
      const { accountId } = await accountForWallet(db, 'eip155:8453', `0x${randomBytes(20).toString('hex')}`);
      const { key } = await createAccessKey(db, { accountId, name: 'bench', environment: config.accessKeyEnvironment });
      await addCredit(db, { accountId, amount: BigInt(micros), kind: 'grant', note: 'bench' });
      return key;
    },
  };
}
