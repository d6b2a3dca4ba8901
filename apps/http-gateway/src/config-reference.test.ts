import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { EVM_SETTINGS, settingsSchema } from './config.js';
import { CONFIGURATION_REFERENCE_PATH, renderConfigurationReference } from './config-reference.js';

const repositoryRoot = new URL('../../../', import.meta.url);

describe('the configuration reference', () => {
  it('is what the settings schema renders today (run `npm run docs:config` after changing a setting)', () => {
    const committed = readFileSync(new URL(CONFIGURATION_REFERENCE_PATH, repositoryRoot), 'utf8');
    expect(committed).toBe(renderConfigurationReference());
  });

  it('lists every setting of the schema and every setting loadConfig reads outside it', () => {
    const reference = renderConfigurationReference();
    for (const name of [...Object.keys(settingsSchema.shape), ...EVM_SETTINGS]) expect(reference).toContain(`\`${name}\``);
  });

  it('renders type, default and mode from the schema', () => {
    const reference = renderConfigurationReference();
    expect(reference).toContain('| `PORT` | integer, 0 to 65535 | `8402` | both |');
    expect(reference).toContain('| `SVC_MODE` | one of `sandbox`, `live` | `sandbox` | both |');
    expect(reference).toContain('| `FACILITATOR_URL` | URL | — | live; required in live |');
  });
});
