/**
 * Compiles Seaport 1.6 and its ConduitController from the npm package `seaport-core` (sources as published by
 * OpenSea) with solc-js, using the compiler settings of Seaport's own build (ProjectOpenSea/seaport hardhat.config.ts
 * at 1.6): Seaport with solc 0.8.24, via-IR, optimizer runs 4_294_967_295, evmVersion cancun, no metadata hash; the
 * ConduitController (and the Conduit it deploys) with solc 0.8.14, via-IR, optimizer runs 1_000_000. The via-IR
 * build is slow, so it is run once and its output committed (Seaport.json, ConduitController.json beside this file);
 * the runtime only loads those. compile-seaport.check.test.ts recompiles and compares (not part of `npm test`).
 *
 *   pnpm --filter @svc/sandbox compile-seaport
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import solc0814 from 'solc-0.8.14';
import solc0824 from 'solc-0.8.24';
import type { ContractArtifact } from '../artifacts.js';

const require = createRequire(import.meta.url);

/** Package roots, so `seaport-core/src/...` and `seaport-types/src/...` import paths resolve to the npm sources. */
function packageRoot(name: string, from?: string): string {
  const manifest = require.resolve(`${name}/package.json`, from ? { paths: [from] } : undefined);
  return path.dirname(manifest);
}

function readImport(importPath: string): { contents?: string; error?: string } {
  const [pkg] = importPath.split('/');
  if (pkg !== 'seaport-core' && pkg !== 'seaport-types') return { error: `unexpected import ${importPath}` };
  const core = packageRoot('seaport-core');
  const root = pkg === 'seaport-core' ? core : packageRoot('seaport-types', core);
  try {
    return { contents: readFileSync(path.join(root, importPath.slice(pkg.length + 1)), 'utf8') };
  } catch (error) {
    return { error: String(error) };
  }
}

interface Build {
  compiler: typeof solc0824;
  source: string;
  contract: 'Seaport' | 'ConduitController';
  optimizerRuns: number;
  evmVersion?: string;
}

export const SEAPORT_BUILDS: readonly Build[] = [
  {
    compiler: solc0814,
    source: 'seaport-core/src/conduit/ConduitController.sol',
    contract: 'ConduitController',
    optimizerRuns: 1_000_000,
  },
  {
    compiler: solc0824,
    source: 'seaport-core/src/Seaport.sol',
    contract: 'Seaport',
    optimizerRuns: 4_294_967_295,
    evmVersion: 'cancun',
  },
];

interface SolcOutput {
  errors?: { severity: 'error' | 'warning' | 'info'; formattedMessage: string }[];
  contracts?: Record<
    string,
    Record<
      string,
      { abi: ContractArtifact['abi']; evm: { bytecode: { object: string }; deployedBytecode: { object: string } } }
    >
  >;
}

function compileOne(build: Build): ContractArtifact {
  const input = {
    language: 'Solidity',
    sources: { [build.source]: { content: readImport(build.source).contents } },
    settings: {
      viaIR: true,
      optimizer: { enabled: true, runs: build.optimizerRuns },
      ...(build.evmVersion ? { evmVersion: build.evmVersion } : {}),
      metadata: { bytecodeHash: 'none' },
      outputSelection: {
        [build.source]: { [build.contract]: ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] },
      },
    },
  };
  const output = JSON.parse(build.compiler.compile(JSON.stringify(input), { import: readImport })) as SolcOutput;
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(`solc reported:\n${errors.map((e) => e.formattedMessage).join('\n')}`);
  const compiled = output.contracts?.[build.source]?.[build.contract];
  if (!compiled) throw new Error(`solc produced no output for ${build.contract}`);
  return {
    abi: compiled.abi,
    bytecode: `0x${compiled.evm.bytecode.object}`,
    deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
    solcVersion: build.compiler.version(),
  };
}

/** Compiles Seaport and the ConduitController; `onBuilt` reports each with its wall-clock seconds. */
export function compileSeaport(
  onBuilt: (contract: string, seconds: number) => void = () => {},
): Record<Build['contract'], ContractArtifact> {
  const result = {} as Record<Build['contract'], ContractArtifact>;
  for (const build of SEAPORT_BUILDS) {
    const started = Date.now();
    result[build.contract] = compileOne(build);
    onBuilt(build.contract, (Date.now() - started) / 1000);
  }
  return result;
}

// CLI: node compile-seaport.js <dir>. The package script bundles this file with tsup first (Node 20 cannot run .ts).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const dir = path.resolve(process.argv[2] ?? 'src/evm/seaport');
  const compiled = compileSeaport((contract, seconds) =>
    console.log(`compiled ${contract} in ${seconds.toFixed(0)} s`),
  );
  for (const [name, artifact] of Object.entries(compiled)) {
    const file = path.join(dir, `${name}.json`);
    writeFileSync(file, `${JSON.stringify(artifact, null, 2)}\n`);
    console.log(`wrote ${path.relative(process.cwd(), file)}`);
  }
}
