import { execFileSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect, it } from 'vitest';

// `npm run bench` imports the built packages (dist/) by name: a symbol a package stops exporting breaks the
// benchmark only when someone runs it. Loading every bench module after the build catches that in `npm test`.
// run.mjs (the benchmark itself) and server.mjs (a target that listens on import) are left out.
const BENCH_DIR = join(import.meta.dirname, '..', 'bench');
const ENTRY_POINTS = new Set(['run.mjs', 'server.mjs']);

it('every benchmark module loads against the built packages', () => {
  const modules = readdirSync(BENCH_DIR)
    .filter((file) => file.endsWith('.mjs') && !ENTRY_POINTS.has(file))
    .map((file) => pathToFileURL(join(BENCH_DIR, file)).href);
  expect(modules.length).toBeGreaterThan(5);
  // Plain Node, as `npm run bench` runs them: an import it cannot resolve fails here, naming the module and symbol.
  const script = `for (const url of ${JSON.stringify(modules)}) await import(url); console.log('loaded');`;
  const output = execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' });
  expect(output.trim()).toBe('loaded');
});
