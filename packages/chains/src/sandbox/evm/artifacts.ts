/**
 * The committed compiler output for the sandbox contracts (written by compile.ts, checked by compile.test.ts).
 * The runtime uses these; it never needs solc.
 */
import type { Abi, Hex } from 'viem';
import multicall3Json from './artifacts/Multicall3.json' with { type: 'json' };
import sandboxUsdcJson from './artifacts/SandboxUSDC.json' with { type: 'json' };
import svcVaultNftJson from './artifacts/SvcVaultNFT.json' with { type: 'json' };

export interface ContractArtifact {
  abi: Abi;
  /** Creation bytecode, 0x-prefixed. */
  bytecode: Hex;
  /** Runtime bytecode (what `anvil_setCode` places), 0x-prefixed. */
  deployedBytecode: Hex;
  /** e.g. "0.8.26+commit.8a97fa7a.Emscripten.clang" */
  solcVersion: string;
}

export const SANDBOX_USDC_ARTIFACT = sandboxUsdcJson as ContractArtifact;
export const MULTICALL3_ARTIFACT = multicall3Json as ContractArtifact;
/** The vault collection (ERC-721, one token per minted vault). */
export const SVC_VAULT_NFT_ARTIFACT = svcVaultNftJson as ContractArtifact;
