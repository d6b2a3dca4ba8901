// Sandbox EVM chains: anvil + SandboxUSDC (EIP-3009) + Multicall3, and the seeded market (tokens, V2 pools, NFTs).
// compile.ts is build tooling and is not exported.
export * from './anvil.js';
export * from './artifacts.js';
export * from './sandbox-chain.js';
export * from './sandbox-market.js';
export * from './sandbox-evm-chains.js';
