#!/usr/bin/env node
// The commands of README.md and CONTRIBUTING.md. Each does its own set-up on a machine that has only Node 20 and npm:
// pnpm (pinned, fetched through npx), dependencies (frozen lockfile), builds, then the task.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { userInfo } from 'node:os';

const PNPM = ['--yes', 'pnpm@10.34.8'];
const TEST_TIERS = ['unit', 'db', 'sandbox', 'process', 'browser'];
// The browser tier drives Debian's Chromium (playwright-core launches it; it downloads no browser of its own).
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const task = process.argv[2];

function run(cmd, args, env = {}) {
  const result = spawnSync(cmd, args, {
    stdio: 'inherit',
    env: { TURBO_TELEMETRY_DISABLED: '1', ...process.env, ...env },
  });
  if (result.status !== 0) process.exit(result.status ?? 1);
}
const pnpm = (...args) => run('npx', [...PNPM, ...args]);

/** Installs Debian's Chromium for the browser tier when it is missing (as root, or through sudo). */
function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  const asRoot = userInfo().uid === 0 ? [] : ['sudo', '-n'];
  const apt = (...args) => [...asRoot, 'apt-get', ...args];
  const install = apt('install', '-y', '--no-install-recommends', 'chromium');
  const env = { DEBIAN_FRONTEND: 'noninteractive' };
  console.log(`Installing Chromium for the browser tests: ${install.join(' ')}`);
  const first = spawnSync(install[0], install.slice(1), { stdio: 'inherit', env: { ...process.env, ...env } });
  if (first.status === 0) return;
  // A fresh machine may not have Debian's package lists yet.
  const update = apt('update');
  run(update[0], update.slice(1), env);
  run(install[0], install.slice(1), env);
}
// A named step says where it starts and how long it took, so a failure in the log points at its step.
function step(name, body) {
  const started = performance.now();
  console.log(`\n== ${name}`);
  body();
  console.log(`== ${name}: passed in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}

pnpm('install', existsSync('pnpm-lock.yaml') ? '--frozen-lockfile' : '--no-frozen-lockfile', '--reporter=append-only');
pnpm('exec', 'turbo', 'run', 'build', '--output-logs=errors-only');

switch (task) {
  case 'start':
    run('node', ['apps/http-gateway/dist/main.js']);
    break;
  case 'test':
    step('chromium', ensureChromium);
    step('typecheck', () => pnpm('exec', 'turbo', 'run', 'typecheck', '--output-logs=errors-only'));
    step('lint', () => pnpm('run', 'lint'));
    // Every tier in one vitest run (vitest.config.ts says what each holds); `check` projects are run on their own.
    step('vitest', () => pnpm('exec', 'vitest', 'run', ...TEST_TIERS.flatMap((tier) => ['--project', tier])));
    break;
  case 'fuzz-deep':
    // The fuzz's full run: 20 generated inputs per tool and transport, every hostile variant over every transport.
    run(
      'npx',
      [...PNPM, 'exec', 'vitest', 'run', '--project', 'sandbox', 'apps/http-gateway/test/fuzz.sandbox.test.ts'],
      { FUZZ_DEEP: '1' },
    );
    break;
  case 'worker':
    run('node', ['apps/worker/dist/main.js']);
    break;
  case 'bench':
    run('node', ['bench/run.mjs', ...process.argv.slice(3)]);
    break;
  case 'demo':
    run('node', ['demo/run.mjs']);
    break;
  case 'docs:config':
    run('node', ['packages/config/dist/config-reference-cli.js']);
    break;
  case 'mcp-conformance':
    run('node', ['scripts/mcp-conformance.mjs']);
    break;
  case 'access-keys':
  case 'credit':
  case 'deploy-vault-collection':
  case 'rotate-master-key':
    run('node', ['apps/http-gateway/dist/operator-cli.js', task, ...process.argv.slice(3)]);
    break;
  default:
    console.error(
      `usage: node scripts/run.mjs start|worker|test|fuzz-deep|bench|demo|docs:config|mcp-conformance|access-keys|credit|deploy-vault-collection|rotate-master-key`,
    );
    process.exit(2);
}
