import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

// `npm run bench` imports the built packages (dist/) by name: a symbol a package stops exporting breaks the
// benchmark only when someone runs it. Loading every bench module after the build catches that in `npm test`.
// run.mjs (the benchmark itself) and server.mjs (a target that listens on import) are left out; the targets
// (bench/targets/, loaded by server.mjs by name) only export their builders, so they are loaded too.
const BENCH_DIR = join(import.meta.dirname, '..', 'bench');
const TARGETS_DIR = join(BENCH_DIR, 'targets');
const ENTRY_POINTS = new Set(['run.mjs', 'server.mjs']);
const modulesIn = (dir: string, skip: ReadonlySet<string> = new Set()) =>
  readdirSync(dir)
    .filter((file) => file.endsWith('.mjs') && !skip.has(file))
    .map((file) => pathToFileURL(join(dir, file)).href);

it('every benchmark module loads against the built packages', () => {
  const targets = modulesIn(TARGETS_DIR);
  const modules = [...modulesIn(BENCH_DIR, ENTRY_POINTS), ...targets];
  expect(targets.length).toBeGreaterThan(3);
  // Plain Node, as `npm run bench` runs them: an import it cannot resolve fails here, naming the module and symbol.
  const script = `for (const url of ${JSON.stringify(modules)}) await import(url); console.log('loaded');`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(output.trim()).toBe('loaded');
});
