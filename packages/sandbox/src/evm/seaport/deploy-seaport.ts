/**
 * Seaport 1.6 on a sandbox EVM chain, deployed for real (constructor run, so its EIP-712 domain binds to the address
 * it lives at): a ConduitController, Seaport pointing at it, and one conduit with Seaport's channel open, which every
 * sandbox order routes its approvals through (as OpenSea's conduit does on the real chains).
 *
 * A dedicated deployer key (not an anvil dev account, whose nonces survive a sandbox reset) sends the four
 * transactions from nonce 0, so the addresses are the same on every chain and after every reset; opening a chain
 * where Seaport already runs (a state file restored it) sends nothing.
 */
import {
  concat,
  createWalletClient,
  getAddress,
  getContractAddress,
  http,
  keccak256,
  pad,
  parseAbi,
  parseEther,
  toBytes,
  type Address,
  type Hex,
} from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import type { SandboxEvmChain } from '../sandbox-chain.js';
import { CONDUIT_CONTROLLER_ARTIFACT, SEAPORT_ARTIFACT } from './seaport-artifacts.js';

/** The chains the NFT marketplace runs on (OpenSea's chains among the sandbox's: ethereum, polygon, base). */
export const SANDBOX_SEAPORT_CHAIN_IDS: readonly number[] = [1, 137, 8453];

/** The sandbox marketplace's fee: 1% of every sale to this fixed address (OpenSea names its fees per collection). */
export const SANDBOX_MARKETPLACE_FEE_PERCENT = 1;
export const SANDBOX_MARKETPLACE_FEE_RECIPIENT: Address = getAddress(
  `0x${keccak256(toBytes('svc.sandbox.nftmkt.fees')).slice(-40)}`,
);

const DEPLOYER = privateKeyToAccount(keccak256(toBytes('svc.sandbox.seaport-deployer')));

export interface SandboxSeaport {
  /** Seaport 1.6 (the orders' protocol address and EIP-712 verifying contract). */
  readonly seaport: Address;
  readonly conduitController: Address;
  /** The conduit orders approve (tokens are pulled through it). */
  readonly conduit: Address;
  /** Its key, which orders name as `conduitKey`: the deployer's address then twelve zero bytes, as Seaport requires. */
  readonly conduitKey: Hex;
  /** The conduit's owner and deployer of all three. */
  readonly deployer: Address;
}

const CONTROLLER_ABI = parseAbi([
  'function createConduit(bytes32 conduitKey, address initialOwner) returns (address conduit)',
  'function updateChannel(address conduit, address channel, bool isOpen)',
  'function getConduit(bytes32 conduitKey) view returns (address conduit, bool exists)',
]);

const conduitController = getContractAddress({ from: DEPLOYER.address, nonce: 0n });
const seaport = getContractAddress({ from: DEPLOYER.address, nonce: 1n });
const conduitKey = pad(concat([DEPLOYER.address]), { dir: 'right', size: 32 });

/** The sandbox Seaport's addresses (the same on every sandbox chain); the conduit's is read from the controller. */
export const SANDBOX_SEAPORT_ADDRESSES = {
  seaport,
  conduitController,
  conduitKey,
  deployer: DEPLOYER.address,
} as const;

/** Deploys Seaport, its controller and the conduit on `chain` unless they are there; returns their addresses. */
export async function deploySandboxSeaport(chain: SandboxEvmChain): Promise<SandboxSeaport> {
  const { publicClient } = chain;
  const conduitOf = async () =>
    (
      await publicClient.readContract({
        address: conduitController,
        abi: CONTROLLER_ABI,
        functionName: 'getConduit',
        args: [conduitKey],
      })
    )[0];
  const code = await publicClient.getCode({ address: seaport });
  if (code && code !== '0x') return { ...SANDBOX_SEAPORT_ADDRESSES, conduit: await conduitOf() };

  const nonce = await publicClient.getTransactionCount({ address: DEPLOYER.address });
  if (nonce !== 0) throw new Error(`the Seaport deployer has nonce ${nonce} on chain ${chain.chainId} but no Seaport`);
  await chain.setNativeBalance(DEPLOYER.address, parseEther('10'));
  const transport = http(chain.rpcUrl, { retryCount: 0 });
  const wallet = createWalletClient({ chain: chain.chain, transport, account: DEPLOYER });
  const send = async (hash: Promise<Hex>) => confirmed(chain, await hash);
  await send(
    wallet.deployContract({
      abi: CONDUIT_CONTROLLER_ARTIFACT.abi,
      bytecode: CONDUIT_CONTROLLER_ARTIFACT.bytecode,
      gas: 10_000_000n,
    }),
  );
  await send(
    wallet.deployContract({
      abi: SEAPORT_ARTIFACT.abi,
      bytecode: SEAPORT_ARTIFACT.bytecode,
      args: [conduitController],
      gas: 15_000_000n,
    }),
  );
  const controller = { address: conduitController, abi: CONTROLLER_ABI, gas: 1_000_000n } as const;
  await send(
    wallet.writeContract({ ...controller, functionName: 'createConduit', args: [conduitKey, DEPLOYER.address] }),
  );
  const conduit = await conduitOf();
  await send(wallet.writeContract({ ...controller, functionName: 'updateChannel', args: [conduit, seaport, true] }));
  return { ...SANDBOX_SEAPORT_ADDRESSES, conduit };
}

async function confirmed(chain: SandboxEvmChain, hash: Hex): Promise<void> {
  const receipt = await chain.publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success')
    throw new Error(`Seaport deployment transaction ${hash} reverted on chain ${chain.chainId}`);
}
