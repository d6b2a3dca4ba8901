import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import {
  MULTICALL3_ARTIFACT,
  SANDBOX_BATCH_SETTLEMENT_ARTIFACT,
  SANDBOX_ERC3009_DEPOSIT_COLLECTOR_ARTIFACT,
  SANDBOX_USDC_ARTIFACT,
  SANDBOX_V2_PAIR_ARTIFACT,
  SANDBOX_V2_ROUTER_ARTIFACT,
  SVC_VAULT_NFT_ARTIFACT,
} from './artifacts.js';
import { compileSandboxContracts, contractDirs, SANDBOX_CONTRACTS, serializeArtifact } from './compile.js';

const EVM_DIR = path.dirname(fileURLToPath(import.meta.url));

describe('sandbox contract artifacts', () => {
  it('are exactly what the current sources compile to (run `pnpm --filter @svc/sandbox compile-contracts` if not)', () => {
    const fresh = compileSandboxContracts(EVM_DIR);
    for (const name of SANDBOX_CONTRACTS) {
      const artifact = path.join(contractDirs(name).artifacts, `${name}.json`);
      const committed = readFileSync(path.join(EVM_DIR, artifact), 'utf8');
      expect(committed, artifact).toBe(serializeArtifact(fresh[name]));
    }
  }, 180_000); // solc-js compiles all sandbox contracts; on a loaded 2-core machine that takes over a minute

  it('are the ones the runtime loads', () => {
    expect(SANDBOX_USDC_ARTIFACT.deployedBytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    expect(MULTICALL3_ARTIFACT.deployedBytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    expect(SVC_VAULT_NFT_ARTIFACT.deployedBytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    expect(SANDBOX_V2_PAIR_ARTIFACT.deployedBytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    expect(SANDBOX_V2_ROUTER_ARTIFACT.deployedBytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    expect(SANDBOX_BATCH_SETTLEMENT_ARTIFACT.deployedBytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    expect(SANDBOX_ERC3009_DEPOSIT_COLLECTOR_ARTIFACT.deployedBytecode).toMatch(/^0x[0-9a-f]{200,}$/);
    expect(SANDBOX_USDC_ARTIFACT.solcVersion).toMatch(/^0\.8\.\d+\+commit/);
  });
});
