/**
 * Compiles the sandbox contracts (contracts/*.sol) with solc-js from npm (no network, no native solc) and writes the
 * committed artifacts (artifacts/<Name>.json). The runtime never needs solc: it loads those artifacts. The vault
 * collection, SvcVaultNFT, is deployed in live mode too, so its source and artifact live beside its adapter in
 * @svc/chains (live code may not load this package); it is compiled here with the others all the same.
 *
 *   pnpm --filter @svc/sandbox compile-contracts
 *
 * compile.check.test.ts (`npm run check:contracts`) recompiles and compares with the committed files, so the artifacts cannot drift from the sources.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import solc from 'solc';
import type { ContractArtifact } from './artifacts.js';

export const SANDBOX_CONTRACTS = [
  'SandboxUSDC',
  'Multicall3',
  'SvcVaultNFT',
  'SandboxERC20',
  'SandboxWrappedNative',
  'SandboxV2Pair',
  'SandboxV2Router',
  'SandboxERC721',
  'SandboxERC1155',
  'SandboxLaunchToken',
  'SandboxBondingManager',
  'SandboxTokenFactory',
  'SandboxBatchSettlement',
  'SandboxErc3009DepositCollector',
] as const;
export type SandboxContractName = (typeof SANDBOX_CONTRACTS)[number];

/** Where a contract's source (`<Name>.sol`) and artifact (`<Name>.json`) live, relative to src/evm. */
export function contractDirs(name: SandboxContractName): { sources: string; artifacts: string } {
  if (name === 'SvcVaultNFT') {
    const beside = '../../../chains/src/vault-collection/contract';
    return { sources: beside, artifacts: beside };
  }
  return { sources: 'contracts', artifacts: 'artifacts' };
}

/**
 * Fixed compiler settings. No CBOR metadata is appended, so the bytecode depends only on the code, not on comments,
 * whitespace or line endings of the source files.
 */
const SETTINGS = {
  optimizer: { enabled: true, runs: 200 },
  evmVersion: 'cancun',
  metadata: { appendCBOR: false },
  outputSelection: { '*': { '*': ['abi', 'evm.bytecode.object', 'evm.deployedBytecode.object'] } },
} as const;

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

/**
 * solc 0.8.24-0.8.27 warn on every `tstore` in inline assembly. SandboxBatchSettlement's reentrancy lock uses one and
 * clears it before returning, the use the warning itself calls safe; every other warning still fails the build.
 */
function isTransientLockNotice(error: { severity: string; formattedMessage: string }): boolean {
  return (
    error.severity === 'warning' &&
    error.formattedMessage.includes('Transient storage as defined by EIP-1153') &&
    error.formattedMessage.includes('SandboxBatchSettlement.sol')
  );
}

/** Compiles every sandbox contract from its source under `evmDir`. Throws on any compiler error or warning. */
export function compileSandboxContracts(evmDir: string): Record<SandboxContractName, ContractArtifact> {
  const sources = Object.fromEntries(
    SANDBOX_CONTRACTS.map((name) => [
      `${name}.sol`,
      { content: readFileSync(path.join(evmDir, contractDirs(name).sources, `${name}.sol`), 'utf8') },
    ]),
  );
  const input = { language: 'Solidity', sources, settings: SETTINGS };
  const output = JSON.parse(
    solc.compile(JSON.stringify(input), { import: (p) => ({ error: `imports are not supported (${p})` }) }),
  ) as SolcOutput;
  const problems = (output.errors ?? []).filter((e) => e.severity !== 'info' && !isTransientLockNotice(e));
  if (problems.length > 0) throw new Error(`solc reported:\n${problems.map((e) => e.formattedMessage).join('\n')}`);

  const solcVersion = solc.version();
  const result = {} as Record<SandboxContractName, ContractArtifact>;
  for (const name of SANDBOX_CONTRACTS) {
    const compiled = output.contracts?.[`${name}.sol`]?.[name];
    if (!compiled) throw new Error(`solc produced no output for ${name}`);
    result[name] = {
      abi: compiled.abi,
      bytecode: `0x${compiled.evm.bytecode.object}`,
      deployedBytecode: `0x${compiled.evm.deployedBytecode.object}`,
      solcVersion,
    };
  }
  return result;
}

/** The exact text written to artifacts/<Name>.json. */
export function serializeArtifact(artifact: ContractArtifact): string {
  return `${JSON.stringify(artifact, null, 2)}\n`;
}

/** Compiles the contracts under `evmDir` and writes each one's artifact. Returns the written paths. */
export function writeSandboxArtifacts(evmDir: string): string[] {
  const compiled = compileSandboxContracts(evmDir);
  return SANDBOX_CONTRACTS.map((name) => {
    const file = path.join(evmDir, contractDirs(name).artifacts, `${name}.json`);
    writeFileSync(file, serializeArtifact(compiled[name]));
    return file;
  });
}

// CLI: node compile.js <evmDir>. The package script bundles this file with tsup first (Node 20 cannot run .ts).
if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) {
  const evmDir = path.resolve(process.argv[2] ?? 'src/sandbox/evm');
  for (const file of writeSandboxArtifacts(evmDir)) console.log(`wrote ${path.relative(process.cwd(), file)}`);
}
