/**
 * x402 `batch-settlement` on the sandbox EVM chains: our payment-channel contract and its EIP-3009 deposit collector
 * (contracts/SandboxBatchSettlement.sol, contracts/SandboxErc3009DepositCollector.sol), placed at the addresses the
 * official `@x402/evm` SDK has built in, so its client, server and facilitator run against them unchanged.
 */
import type { Abi, Address } from 'viem';
import { SANDBOX_BATCH_SETTLEMENT_ARTIFACT, SANDBOX_ERC3009_DEPOSIT_COLLECTOR_ARTIFACT } from './artifacts.js';

/** The batch settlement contract (published CREATE2 address, the same on every chain; the SDK's BATCH_SETTLEMENT_ADDRESS). */
export const BATCH_SETTLEMENT_ADDRESS: Address = '0x4020074e9dF2ce1deE5A9C1b5c3f541D02a10003';
/** The EIP-3009 deposit collector (the SDK's ERC3009_DEPOSIT_COLLECTOR_ADDRESS); its code names the address above. */
export const ERC3009_DEPOSIT_COLLECTOR_ADDRESS: Address = '0x4020806089470a89826cB9fB1f4059150b550004';

/** The batch settlement contract's full ABI (a superset of the SDK's: it adds its own events and errors). */
export const BATCH_SETTLEMENT_ABI: Abi = SANDBOX_BATCH_SETTLEMENT_ARTIFACT.abi;
export const ERC3009_DEPOSIT_COLLECTOR_ABI: Abi = SANDBOX_ERC3009_DEPOSIT_COLLECTOR_ARTIFACT.abi;

/** Runtime code per address, for `anvil_setCode` (neither contract has a constructor or immutables). */
export const BATCH_SETTLEMENT_RUNTIMES: readonly { address: Address; runtime: `0x${string}` }[] = [
  { address: BATCH_SETTLEMENT_ADDRESS, runtime: SANDBOX_BATCH_SETTLEMENT_ARTIFACT.deployedBytecode },
  { address: ERC3009_DEPOSIT_COLLECTOR_ADDRESS, runtime: SANDBOX_ERC3009_DEPOSIT_COLLECTOR_ARTIFACT.deployedBytecode },
];
