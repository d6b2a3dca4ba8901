import { hostname } from 'node:os';
import type { Config } from '@svc/config';

const INFO = 30;
const LEVELS: Record<Config['logLevel'], number> = {
  trace: 10,
  debug: 20,
  info: 30,
  warn: 40,
  error: 50,
  fatal: 60,
  silent: Infinity,
};

/**
 * Progress lines while the service starts (database, chains, listening address), before the app and its logger
 * exist: a cold start (initdb, sandbox chains) takes tens of seconds and must not be silent. They are written as the
 * app's logger writes its lines (pino's JSON: level, time, pid, hostname, msg), so log tooling reads both alike.
 */
export function startupLog(level: Config['logLevel']): (msg: string, details?: Record<string, unknown>) => void {
  const enabled = LEVELS[level] <= INFO;
  return (msg, details = {}) => {
    if (!enabled) return;
    const line = { level: INFO, time: Date.now(), pid: process.pid, hostname: hostname(), ...details, msg };
    process.stdout.write(`${JSON.stringify(line)}\n`);
  };
}
