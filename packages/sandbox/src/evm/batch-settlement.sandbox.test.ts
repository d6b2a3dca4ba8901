import solc from 'solc';
import {
  BaseError,
  ContractFunctionRevertedError,
  createTestClient,
  encodeAbiParameters,
  http,
  keccak256,
  toBytes,
  type Address,
  type Hex,
} from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BATCH_SETTLEMENT_ABI, BATCH_SETTLEMENT_ADDRESS } from './batch-settlement.js';
import { BASE_USDC_ADDRESS, startSandboxEvmChain, type SandboxEvmChain } from './sandbox-chain.js';

/**
 * A deposit credits a channel with exactly what reached the contract, whatever collector the caller names: the
 * deposit path is open to any collector address (a facilitator submits it), so a collector that pays nothing, or
 * one that re-enters `deposit` to have one transfer counted twice, must not credit anything.
 */
const HOSTILE_COLLECTOR_SOURCE = `
// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

struct ChannelConfig {
    address payer;
    address payerAuthorizer;
    address receiver;
    address receiverAuthorizer;
    address token;
    uint40 withdrawDelay;
    bytes32 salt;
}

interface IBatchSettlement {
    function deposit(ChannelConfig calldata config, uint128 amount, address collector, bytes calldata data) external;
}

interface IToken {
    function transfer(address to, uint256 value) external returns (bool);
}

/// mode 0: moves nothing. mode 2: pays the amount from its own tokens (an honest collector, for comparison).
/// mode 1: re-enters deposit for the same channel with mode 2 and pays nothing itself, so the contract's balance grows
/// by exactly the amount while two deposits would be credited.
contract HostileCollector {
    function collect(address, address token, uint256 amount, bytes32, bytes calldata data) external {
        (uint8 mode, ChannelConfig memory config) = abi.decode(data, (uint8, ChannelConfig));
        if (mode == 1) {
            IBatchSettlement(msg.sender).deposit(config, uint128(amount), address(this), abi.encode(uint8(2), config));
        } else if (mode == 2) {
            IToken(token).transfer(msg.sender, amount);
        }
    }
}
`;

function compileHostileCollector(): Hex {
  const input = {
    language: 'Solidity',
    sources: { 'HostileCollector.sol': { content: HOSTILE_COLLECTOR_SOURCE } },
    settings: { evmVersion: 'cancun', outputSelection: { '*': { '*': ['evm.deployedBytecode.object'] } } },
  };
  const output = JSON.parse(solc.compile(JSON.stringify(input))) as {
    errors?: { severity: string; formattedMessage: string }[];
    contracts: Record<string, Record<string, { evm: { deployedBytecode: { object: string } } }>>;
  };
  const errors = (output.errors ?? []).filter((e) => e.severity === 'error');
  if (errors.length > 0) throw new Error(errors.map((e) => e.formattedMessage).join('\n'));
  return `0x${output.contracts['HostileCollector.sol']!['HostileCollector']!.evm.deployedBytecode.object}`;
}

const CHANNEL_CONFIG_TUPLE = {
  type: 'tuple',
  components: [
    { name: 'payer', type: 'address' },
    { name: 'payerAuthorizer', type: 'address' },
    { name: 'receiver', type: 'address' },
    { name: 'receiverAuthorizer', type: 'address' },
    { name: 'token', type: 'address' },
    { name: 'withdrawDelay', type: 'uint40' },
    { name: 'salt', type: 'bytes32' },
  ],
} as const;

describe('SandboxBatchSettlement deposits with a hostile collector', () => {
  let chain: SandboxEvmChain;
  const hostile: Address = `0x${keccak256(toBytes('svc.test.HostileCollector')).slice(-40)}`;
  const randomAddress = () => privateKeyToAccount(generatePrivateKey()).address;
  const config = {
    payer: randomAddress(),
    payerAuthorizer: randomAddress(),
    receiver: randomAddress(),
    receiverAuthorizer: randomAddress(),
    token: BASE_USDC_ADDRESS,
    withdrawDelay: 900,
    salt: keccak256(toBytes('hostile')),
  } as const;

  beforeAll(async () => {
    chain = await startSandboxEvmChain({ chainId: 8453 });
    const testClient = createTestClient({ chain: chain.chain, transport: http(chain.rpcUrl), mode: 'anvil' });
    await testClient.setCode({ address: hostile, bytecode: compileHostileCollector() });
    await chain.mintUsdc(hostile, 1_000n);
  }, 120_000);
  afterAll(async () => {
    await chain?.stop();
  });

  /** The collector's data: abi.encode(uint8 mode, ChannelConfig config). */
  const collectorData = (mode: 0 | 1 | 2): Hex =>
    encodeAbiParameters([{ type: 'uint8' }, CHANNEL_CONFIG_TUPLE], [mode, config]);

  /** deposit(config, 500, hostile, mode) as an `eth_call`: it changes nothing on the chain. */
  const simulateDeposit = (mode: 0 | 1 | 2) =>
    chain.publicClient.simulateContract({
      address: BATCH_SETTLEMENT_ADDRESS,
      abi: BATCH_SETTLEMENT_ABI,
      functionName: 'deposit',
      args: [config, 500n, hostile, collectorData(mode)],
      account: randomAddress(),
    });

  async function depositReverts(mode: 0 | 1): Promise<string> {
    try {
      await simulateDeposit(mode);
    } catch (error) {
      const reverted =
        error instanceof BaseError ? error.walk((e) => e instanceof ContractFunctionRevertedError) : null;
      if (reverted instanceof ContractFunctionRevertedError) return reverted.data?.errorName ?? reverted.shortMessage;
      throw error;
    }
    throw new Error('the deposit did not revert');
  }

  it('accepts a collector that pays the amount (the comparison for the refusals below)', async () => {
    await expect(simulateDeposit(2)).resolves.toBeDefined();
  });

  it('credits nothing when the collector moves nothing', async () => {
    expect(await depositReverts(0)).toBe('DepositNotReceived');
  });

  it('refuses a collector that re-enters deposit', async () => {
    expect(await depositReverts(1)).toBe('Reentrancy');
  });
});
