/**
 * The committed compiler output for the sandbox contracts (written by compile.ts, checked by compile.check.test.ts, `npm run check:contracts`).
 * The runtime uses these; it never needs solc.
 */
import { SVC_VAULT_NFT } from '@svc/chains';
import type { Abi, Hex } from 'viem';
import multicall3Json from './artifacts/Multicall3.json' with { type: 'json' };
import sandboxUsdcJson from './artifacts/SandboxUSDC.json' with { type: 'json' };
import sandboxErc20Json from './artifacts/SandboxERC20.json' with { type: 'json' };
import sandboxWrappedNativeJson from './artifacts/SandboxWrappedNative.json' with { type: 'json' };
import sandboxV2PairJson from './artifacts/SandboxV2Pair.json' with { type: 'json' };
import sandboxV2RouterJson from './artifacts/SandboxV2Router.json' with { type: 'json' };
import sandboxErc721Json from './artifacts/SandboxERC721.json' with { type: 'json' };
import sandboxErc1155Json from './artifacts/SandboxERC1155.json' with { type: 'json' };
import sandboxLaunchTokenJson from './artifacts/SandboxLaunchToken.json' with { type: 'json' };
import sandboxBondingManagerJson from './artifacts/SandboxBondingManager.json' with { type: 'json' };
import sandboxTokenFactoryJson from './artifacts/SandboxTokenFactory.json' with { type: 'json' };
import sandboxBatchSettlementJson from './artifacts/SandboxBatchSettlement.json' with { type: 'json' };
import sandboxErc3009DepositCollectorJson from './artifacts/SandboxErc3009DepositCollector.json' with { type: 'json' };

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
/** The vault collection (ERC-721, one token per minted vault); deployed live too, so @svc/chains holds it. */
export const SVC_VAULT_NFT_ARTIFACT: ContractArtifact = SVC_VAULT_NFT;

/** The sandbox market's contracts: seeded ERC-20s, the wrapped native coin, V2-style pools and router, NFT collections. */
export const SANDBOX_ERC20_ARTIFACT = sandboxErc20Json as ContractArtifact;
export const SANDBOX_WRAPPED_NATIVE_ARTIFACT = sandboxWrappedNativeJson as ContractArtifact;
export const SANDBOX_V2_PAIR_ARTIFACT = sandboxV2PairJson as ContractArtifact;
export const SANDBOX_V2_ROUTER_ARTIFACT = sandboxV2RouterJson as ContractArtifact;
export const SANDBOX_ERC721_ARTIFACT = sandboxErc721Json as ContractArtifact;
export const SANDBOX_ERC1155_ARTIFACT = sandboxErc1155Json as ContractArtifact;

/** The sandbox launchpads: the ERC-20 they deploy, the BSC bonding-curve manager and the Base token factory. */
export const SANDBOX_LAUNCH_TOKEN_ARTIFACT = sandboxLaunchTokenJson as ContractArtifact;
export const SANDBOX_BONDING_MANAGER_ARTIFACT = sandboxBondingManagerJson as ContractArtifact;
export const SANDBOX_TOKEN_FACTORY_ARTIFACT = sandboxTokenFactoryJson as ContractArtifact;

/** x402 `batch-settlement`: the payment-channel contract and its EIP-3009 deposit collector (see batch-settlement.ts). */
export const SANDBOX_BATCH_SETTLEMENT_ARTIFACT = sandboxBatchSettlementJson as ContractArtifact;
export const SANDBOX_ERC3009_DEPOSIT_COLLECTOR_ARTIFACT = sandboxErc3009DepositCollectorJson as ContractArtifact;
