import { deployVaultCollection, EVM_CHAINS, evmChainByKey, isVaultCollection } from '@svc/chains';
import { type Config, VAULT_DEPLOYER_KEY_SETTING, VAULT_MINTER_KEY_SETTING, vaultCollectionSetting } from '@svc/config';
import { liveEvmNetworks } from '@svc/providers';
import { createWalletClient, custom, getAddress } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';
import { parseOptions, UsageError } from './operator.js';

const CHAINS = EVM_CHAINS.map((chain) => chain.key).join('|');

export const DEPLOY_VAULT_COLLECTION_USAGE = `usage: deploy-vault-collection --chain <${CHAINS}>
  Deploys the vault NFT collection (SvcVaultNFT) on the chain through its RPC setting (RPC_URL_<CHAIN>), paid by
  ${VAULT_DEPLOYER_KEY_SETTING}, with the address of ${VAULT_MINTER_KEY_SETTING} as its MINTER (the only key that
  mints and burns). Waits for the receipt, then prints the setting to add: VAULT_COLLECTION_<CHAIN>=<address>.
Run again with that setting in place, it checks the contract there and sends nothing. Without the setting, every run
deploys (and pays for) another collection.`;

/** What the command needs of its surroundings: the configuration, and where its lines go. */
export interface DeployVaultCollectionContext {
  readonly config: Config;
  readonly print: (line: string) => void;
}

/** `deploy-vault-collection --chain <chain>`: the operator's way to put a live vault collection on a chain. */
export async function deployVaultCollectionCli(
  argv: readonly string[],
  { config, print }: DeployVaultCollectionContext,
): Promise<void> {
  const { chain: key } = parseOptions(argv, ['chain']);
  const chain = key === undefined ? undefined : evmChainByKey(key);
  if (!chain) throw new UsageError(`--chain must be one of ${CHAINS}.`);
  const setting = vaultCollectionSetting(chain.key);
  const { minterPrivateKey, deployerPrivateKey, collections } = config.vaultCollections;
  // Every missing setting at once, so the operator fixes them in one go. Keys are named, never shown.
  const missing = [
    config.evmSettings[chain.rpcSetting] ? undefined : `${chain.rpcSetting} (${chain.name}'s JSON-RPC URL)`,
    minterPrivateKey ? undefined : `${VAULT_MINTER_KEY_SETTING} (the key that will mint and burn)`,
    deployerPrivateKey ? undefined : `${VAULT_DEPLOYER_KEY_SETTING} (the key that pays for the deployment)`,
  ].filter((line) => line !== undefined);
  if (missing.length > 0 || !minterPrivateKey || !deployerPrivateKey)
    throw new UsageError(`Nothing was deployed: set ${missing.join(', ')}.`);

  const minter = privateKeyToAccount(minterPrivateKey).address;
  const { publicClient } = await liveEvmNetworks(config.evmSettings).network(chain.chainId);
  const existing = collections[chain.key];
  if (existing) {
    if (!(await isVaultCollection(publicClient, existing, minter)))
      throw new UsageError(
        `Nothing was deployed: ${setting}=${existing} is set, but ${chain.name} has no vault collection with MINTER ${minter} there (another contract, another minter, or none). Fix or unset ${setting} first.`,
      );
    print(`${chain.name} already has the vault collection ${existing} (MINTER ${minter}); nothing was sent.`);
    print(`${setting}=${existing}`);
    return;
  }

  const deployer = createWalletClient({
    chain: publicClient.chain,
    transport: custom(publicClient),
    account: privateKeyToAccount(deployerPrivateKey),
  });
  print(
    `Deploying SvcVaultNFT on ${chain.name} (chain ${chain.chainId}) from ${deployer.account.address}, MINTER ${minter}…`,
  );
  const deployed = await deployVaultCollection({ publicClient, deployer, minter });
  print(`Deployed in transaction ${deployed.hash} (block ${deployed.blockNumber}). Add this setting and restart:`);
  print(`${setting}=${getAddress(deployed.address)}`);
}
