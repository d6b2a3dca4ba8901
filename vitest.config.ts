import { defineConfig } from 'vitest/config';

// One run over every package and app. Workspace packages resolve to their TypeScript sources through the
// `source` export condition, so tests need no build step.
export default defineConfig({
  resolve: { conditions: ['source'] },
  ssr: { resolve: { conditions: ['source'] } },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'packages/*/test/**/*.test.ts', 'apps/*/src/**/*.test.ts', 'apps/*/test/**/*.test.ts'],
    globalSetup: ['./vitest.global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    // Two test files at a time, also on 2 cores: most of a file's time is spent waiting on its chains (anvil, LiteSVM,
    // settlement) and databases, so one worker per core minus one (vitest's default: 1 here) left a core idle.
    maxWorkers: 2,
    // Vitest passes the `source` condition to Node as well, so a dependency that also publishes a `source` export
    // (its TypeScript: eventsource-parser, imported by the MCP SDK client) must go through Vite, with its importer.
    server: { deps: { inline: ['@modelcontextprotocol/sdk', 'eventsource-parser'] } },
  },
});
