import type { SandboxEvmChain } from '@svc/sandbox';
import { type Address, createWalletClient, getAddress, type Hex, http, numberToHex } from 'viem';
import { generatePrivateKey, type PrivateKeyAccount, privateKeyToAccount } from 'viem/accounts';

/**
 * Hand-assembled recipient contracts for native sends, so a test can send to an address with code without a Solidity
 * toolchain. Each is deployed by `DEPLOY_PREFIX`, an init code that returns the runtime code appended to it.
 */

/** Runtime code of a deposit counter: every call (any value, any data) adds 1 to storage slot 0, then stops. */
const COUNTING_RECEIVER: Hex = [
  '0x',
  '6000', // PUSH1 0
  '54', // SLOAD            slot 0
  '6001', // PUSH1 1
  '01', // ADD
  '6000', // PUSH1 0
  '55', // SSTORE           slot 0 := count + 1 (the first one costs 22,100 gas: more than a plain transfer)
  '00', // STOP
].join('') as Hex;

/**
 * Runtime code that accepts a transfer only in blocks up to `lastBlock` and reverts after it. Gas estimation (at the
 * latest block) passes, but a transaction mined after `lastBlock` reverts: a revert after the payment settled, when
 * the settlement itself mines block `lastBlock` on the same chain.
 */
function receiverUntilBlock(lastBlock: bigint): Hex {
  return [
    '0x',
    `67${numberToHex(lastBlock, { size: 8 }).slice(2)}`, // PUSH8 lastBlock
    '43', // NUMBER
    '11', // GT               block.number > lastBlock
    '600f', // PUSH1 0x0f     the revert below
    '57', // JUMPI
    '00', // STOP             accepted
    '5b', // JUMPDEST (0x0f)
    '6000', // PUSH1 0
    '80', // DUP1
    'fd', // REVERT(0, 0)
  ].join('') as Hex;
}

/** Init code: copy the runtime code that follows these 11 bytes to memory and return it (its length patched in). */
function deployCodeOf(runtime: Hex): Hex {
  const length = (runtime.length - 2) / 2;
  const prefix = [
    `60${length.toString(16).padStart(2, '0')}`, // PUSH1 length
    '80', // DUP1
    '600b', // PUSH1 11       where the runtime code starts
    '6000', // PUSH1 0
    '39', // CODECOPY(0, 11, length)
    '6000', // PUSH1 0
    'f3', // RETURN(0, length)
  ].join('');
  return `0x${prefix}${runtime.slice(2)}`;
}

async function fundedDeployer(chain: SandboxEvmChain, fundDeployer: (address: Address) => Promise<void>) {
  const deployer = privateKeyToAccount(generatePrivateKey());
  await fundDeployer(deployer.address);
  return deployer;
}

/** Deploys `runtime` on `chain` from `deployer` (funded with the native coin); the contract's address. */
async function deploy(chain: SandboxEvmChain, deployer: PrivateKeyAccount, runtime: Hex): Promise<Address> {
  const wallet = createWalletClient({ account: deployer, chain: chain.chain, transport: http(chain.rpcUrl) });
  const hash = await wallet.sendTransaction({ data: deployCodeOf(runtime), gas: 100_000n });
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress)
    throw new Error(`deploying a recipient contract failed (${hash})`);
  return getAddress(receipt.contractAddress);
}

/** Deploys a contract that refuses every transfer (it reverts in every block after block 0). */
export const deployRefusingReceiver = async (
  chain: SandboxEvmChain,
  fundDeployer: (address: Address) => Promise<void>,
) => deploy(chain, await fundedDeployer(chain, fundDeployer), receiverUntilBlock(0n));

export const deployCountingReceiver = async (
  chain: SandboxEvmChain,
  fundDeployer: (address: Address) => Promise<void>,
) => deploy(chain, await fundedDeployer(chain, fundDeployer), COUNTING_RECEIVER);

/**
 * Deploys a contract that accepts transfers mined within `blocks` blocks after its own deployment block and reverts
 * later ones. Nothing else may mine on `chain` meanwhile.
 */
export async function deployReceiverOpenFor(
  chain: SandboxEvmChain,
  fundDeployer: (address: Address) => Promise<void>,
  blocks: bigint,
): Promise<Address> {
  const deployer = await fundedDeployer(chain, fundDeployer);
  const deploymentBlock = (await chain.publicClient.getBlockNumber({ cacheTime: 0 })) + 1n;
  return deploy(chain, deployer, receiverUntilBlock(deploymentBlock + blocks));
}
