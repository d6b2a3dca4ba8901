import {
  type Abi,
  type Account,
  type Address,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  ContractFunctionZeroDataError,
  encodeDeployData,
  type Hash,
  type Hex,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import svcVaultNftJson from './contract/SvcVaultNFT.json' with { type: 'json' };

/**
 * SvcVaultNFT as compiled (contract/SvcVaultNFT.sol; the sandbox's compile-contracts writes it, and its
 * `npm run check:contracts` fails when it drifts from the source). Its constructor takes the minter's address.
 */
export const SVC_VAULT_NFT = svcVaultNftJson as { abi: Abi; bytecode: Hex; deployedBytecode: Hex; solcVersion: string };

/** The creation code of a collection whose MINTER is `minter` (the constructor's one argument). */
export const vaultCollectionDeployData = (minter: Address): Hex =>
  encodeDeployData({ abi: SVC_VAULT_NFT.abi, bytecode: SVC_VAULT_NFT.bytecode, args: [minter] });

/**
 * Deploys a collection whose MINTER is `minter`, from `deployer`'s wallet; resolves once the deployment is mined, with
 * the contract's address. A reverted or code-less deployment throws.
 */
export async function deployVaultCollection(options: {
  readonly publicClient: PublicClient<Transport, Chain>;
  readonly deployer: WalletClient<Transport, Chain, Account>;
  readonly minter: Address;
}): Promise<{ address: Address; hash: Hash; blockNumber: bigint }> {
  const { publicClient, deployer, minter } = options;
  const hash = await deployer.sendTransaction({ data: vaultCollectionDeployData(minter) });
  const receipt = await publicClient.waitForTransactionReceipt({ hash });
  if (receipt.status !== 'success' || !receipt.contractAddress)
    throw new Error(`the vault collection's deployment ${hash} reverted`);
  return { address: receipt.contractAddress, hash, blockNumber: receipt.blockNumber };
}

/** The collection's MINTER, or undefined when `address` holds no SvcVaultNFT (no code, or a contract without it). */
export async function vaultCollectionMinter(
  publicClient: PublicClient<Transport, Chain>,
  address: Address,
): Promise<Address | undefined> {
  const code = await publicClient.getCode({ address });
  if (!code || code === '0x') return undefined;
  try {
    return await publicClient.readContract({ address, abi: MINTER_ABI, functionName: 'MINTER' });
  } catch (error) {
    // A contract without MINTER reverts or returns nothing: another contract, an answer. Other errors propagate.
    const notOurs = (cause: unknown) =>
      cause instanceof ContractFunctionRevertedError || cause instanceof ContractFunctionZeroDataError;
    if (error instanceof BaseError && error.walk(notOurs)) return undefined;
    throw error;
  }
}

const MINTER_ABI = [
  { type: 'function', name: 'MINTER', stateMutability: 'view', inputs: [], outputs: [{ type: 'address' }] },
] as const;
