import { defineConfig } from 'vitest/config';

const EVERY_TEST = [
  'packages/*/src/**/*.test.ts',
  'packages/*/test/**/*.test.ts',
  'apps/*/src/**/*.test.ts',
  'apps/*/test/**/*.test.ts',
  'scripts/**/*.test.ts',
];
const named = (suffix: string) => EVERY_TEST.map((pattern) => pattern.replace('*.test.ts', `*.${suffix}.test.ts`));

/**
 * Test tiers. A test file's name says its tier, which says what it may touch:
 * - `*.test.ts`: unit. In process only: no database, no chain, no server, no child process (fixture and temporary
 *   files are fine). A unit test that needs one of those belongs to another tier.
 * - `*.db.test.ts`: databases. PGlite, and PostgreSQL too when DATABASE_URL is set (`testBackends`); gateway files
 *   listed in the gateway harness's ON_BOTH_DATABASES run on both, other gateway files on PGlite only.
 * - `*.sandbox.test.ts`: sandbox chains (anvil, LiteSVM, the Bitcoin, Stacks and Hedera ledgers), usually with a
 *   database. Files of a worker share one module graph, so they share the worker's sandbox (`workerSandbox()` in the
 *   gateway harness): they use fresh wallets, measure balance changes, and restore chain-wide settings they change.
 * - `*.process.test.ts`: spawns built programs (`dist/`, `demo/`); run after the build.
 * - `*.browser.test.ts`: headless Chromium (Debian's, installed by `npm test`'s set-up) driving pages of a gateway on
 *   127.0.0.1; run after the build. Files of a worker share one browser (`sharedBrowser()` in the gateway's tests).
 * - `*.check.test.ts`: slow one-off checks, not part of `npm test` (`npm run check:contracts`).
 * `npm run test:<tier>` runs one tier, `npm test` all five.
 */
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    // Migrates one PGlite database per run; every test database is loaded from it.
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // A worker keeps its module graph from one test file to the next: each file no longer pays for importing the
    // workspace and PGlite's WASM again, and sandbox files share the worker's sandbox. Tests restore what they change
    // (timers, chain settings) and use fresh accounts.
    isolate: false,
    // Two test files at a time, also on 2 cores: most of a file's time is spent waiting on its chains (anvil, LiteSVM,
    // settlement) and databases, so one worker per core minus one (vitest's default: 1 here) left a core idle.
    maxWorkers: 2,
    // Vitest passes the `source` condition to Node as well, so a dependency that also publishes a `source` export
    // (its TypeScript: eventsource-parser, imported by the MCP SDK client) must go through Vite, with its importer.
    server: { deps: { inline: ['@modelcontextprotocol/sdk', 'eventsource-parser'] } },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: EVERY_TEST,
          exclude: ['**/node_modules/**', ...['db', 'sandbox', 'process', 'browser', 'check'].flatMap(named)],
        },
      },
      { extends: true, test: { name: 'db', include: named('db') } },
      { extends: true, test: { name: 'sandbox', include: named('sandbox') } },
      { extends: true, test: { name: 'process', include: named('process') } },
      { extends: true, test: { name: 'browser', include: named('browser') } },
      { extends: true, test: { name: 'check', include: named('check') } },
    ],
  },
});
