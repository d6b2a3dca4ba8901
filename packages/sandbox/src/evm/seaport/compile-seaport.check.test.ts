import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { compileSeaport } from './compile-seaport.js';

const DIR = path.dirname(fileURLToPath(import.meta.url));

describe('Seaport 1.6 artifacts', () => {
  it('are exactly what seaport-core compiles to (run `pnpm --filter @svc/sandbox compile-seaport` if not)', () => {
    const fresh = compileSeaport();
    for (const [name, artifact] of Object.entries(fresh)) {
      const committed = readFileSync(path.join(DIR, `${name}.json`), 'utf8');
      expect(committed, name).toBe(`${JSON.stringify(artifact, null, 2)}\n`);
    }
    // Seaport must fit the EIP-170 code size limit to deploy on an unmodified chain.
    expect((fresh.Seaport.deployedBytecode.length - 2) / 2).toBeLessThanOrEqual(24_576);
  }, 600_000);
});
