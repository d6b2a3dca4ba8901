import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVM_SETTINGS, settingsSchema } from './config.js';
import { CONFIGURATION_REFERENCE_PATH, renderConfigurationReference } from './config-reference.js';

const repositoryRoot = new URL('../../../', import.meta.url);

/** The TypeScript sources under a directory, tests and test helpers left out (they read DATABASE_URL only). */
function sourceFiles(dir: URL): URL[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return ['node_modules', 'dist', 'test'].includes(entry.name) ? [] : sourceFiles(new URL(`${entry.name}/`, dir));
    return /\.ts$/.test(entry.name) && !/\.test\.ts$|^testing\.ts$/.test(entry.name) ? [new URL(entry.name, dir)] : [];
  });
}

describe('the configuration reference', () => {
  it('is what the settings schema renders today (run `npm run docs:config` after changing a setting)', () => {
    const committed = readFileSync(new URL(CONFIGURATION_REFERENCE_PATH, repositoryRoot), 'utf8');
    expect(committed).toBe(renderConfigurationReference());
  });

  it('lists every setting of the schema and every setting loadConfig reads outside it', () => {
    const reference = renderConfigurationReference();
    for (const name of [...Object.keys(settingsSchema.shape), ...EVM_SETTINGS])
      expect(reference).toContain(`\`${name}\``);
  });

  it('lists every environment variable the programs read (process.env.NAME outside tests and comments)', () => {
    const reference = renderConfigurationReference();
    const sources = ['apps', 'packages'].flatMap((dir) => sourceFiles(new URL(`${dir}/`, repositoryRoot)));
    const read = new Set<string>();
    for (const source of sources) {
      for (const line of readFileSync(source, 'utf8').split('\n')) {
        if (/^\s*(\/?\*|\/\/)/.test(line)) continue;
        for (const [, name] of line.matchAll(/process\.env\.([A-Z][A-Z0-9_]*)/g)) read.add(name!);
      }
    }
    expect(read.size).toBeGreaterThan(0);
    expect([...read].filter((name) => !reference.includes(`\`${name}\``))).toEqual([]);
  });

  it('renders type, default and mode from the schema, in columns padded as Prettier pads them', () => {
    const reference = renderConfigurationReference();
    const row = (...cells: string[]) =>
      new RegExp(`^\\| ${cells.map((text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join(' +\\| ')} +\\|`, 'm');
    expect(reference).toMatch(row('`PORT`', 'integer, 0 to 65535', '`8402`', 'both'));
    expect(reference).toMatch(row('`SVC_MODE`', 'one of `sandbox`, `live`', '`sandbox`', 'both'));
    expect(reference).toMatch(
      row('`FACILITATOR_URL`', 'URL', '—', 'live; this or SETTLER_PRIVATE_KEYS required in live'),
    );
    const tableLines = reference.split('\n').filter((line) => line.startsWith('| `') || line.startsWith('| setting'));
    const firstTable = tableLines.slice(0, Object.keys(settingsSchema.shape).length + 1);
    expect(new Set(firstTable.map((line) => line.length)).size).toBe(1);
  });
});
