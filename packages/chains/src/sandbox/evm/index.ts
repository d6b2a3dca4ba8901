// Sandbox EVM chain: anvil + SandboxUSDC (EIP-3009) + Multicall3. compile.ts is build tooling and is not exported.
export * from './anvil.js';
export * from './artifacts.js';
export * from './sandbox-chain.js';
