import {
  type Abi,
  type Account,
  type Address,
  type Chain,
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

/**
 * The runtime code of a collection whose MINTER is `minter`: what its constructor returns, run as an eth_call (the
 * minter is an immutable, written into the code, so the compiled runtime alone is not it).
 */
export async function vaultCollectionRuntime(publicClient: PublicClient, minter: Address): Promise<Hex> {
  const { data } = await publicClient.call({ data: vaultCollectionDeployData(minter) });
  if (!data) throw new Error("SvcVaultNFT's constructor returned no code");
  return data;
}

/** Whether `address` holds exactly SvcVaultNFT with `minter` as its MINTER (not another contract, not another minter). */
export async function isVaultCollection(
  publicClient: PublicClient,
  address: Address,
  minter: Address,
): Promise<boolean> {
  const [code, expected] = await Promise.all([
    publicClient.getCode({ address }),
    vaultCollectionRuntime(publicClient, minter),
  ]);
  return code?.toLowerCase() === expected.toLowerCase();
}
