// `npm run docs:config`: writes the configuration reference from the settings schema (run from the repository root).
import { writeFileSync } from 'node:fs';
import { CONFIGURATION_REFERENCE_PATH, renderConfigurationReference } from './config-reference.js';

writeFileSync(CONFIGURATION_REFERENCE_PATH, renderConfigurationReference());
console.log(`wrote ${CONFIGURATION_REFERENCE_PATH}`);
