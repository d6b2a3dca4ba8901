import { purgeExpiredNonces, purgeExpiredOAuthRecords } from '@svc/store';
import type { Db } from '@svc/store';
import type { FastifyInstance } from 'fastify';

/**
 * How often expired sign-in nonces (each unpaid 402 of an identity-gated tool stores one) and spent OAuth codes,
 * refresh tokens, grants and unused client registrations are deleted.
 */
export const PURGE_INTERVAL_MS = 10 * 60_000;

/** Periodic clean-up of stored data that has expired; stops when the app closes. */
export function scheduleHousekeeping(app: FastifyInstance, db: Db): void {
  const timer = setInterval(() => {
    purgeExpiredNonces(db).catch((err: unknown) =>
      app.log.warn({ err }, 'purging expired sign-in nonces failed; retrying next interval'),
    );
    purgeExpiredOAuthRecords(db).catch((err: unknown) =>
      app.log.warn({ err }, 'purging expired OAuth records failed; retrying next interval'),
    );
  }, PURGE_INTERVAL_MS);
  timer.unref();
  app.addHook('onClose', async () => clearInterval(timer));
}
