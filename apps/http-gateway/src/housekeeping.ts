import { purgeExpiredNonces } from '@svc/store';
import type { Db } from '@svc/store';
import type { FastifyInstance } from 'fastify';

/** How often expired sign-in nonces are deleted (each unpaid 402 of an identity-gated tool stores one). */
export const NONCE_PURGE_INTERVAL_MS = 10 * 60_000;

/** Periodic clean-up of stored data that has expired; stops when the app closes. */
export function scheduleHousekeeping(app: FastifyInstance, db: Db): void {
  const timer = setInterval(() => {
    purgeExpiredNonces(db).catch((err: unknown) => app.log.warn({ err }, 'purging expired sign-in nonces failed; retrying next interval'));
  }, NONCE_PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
