// The live vault collections: VAULT_COLLECTION_<CHAIN> (one SvcVaultNFT per mint chain, deployed by
// `npm run deploy-vault-collection`), the key that is their MINTER, and the key that deploys them.
import { EVM_CHAINS, type EvmChain } from '@svc/chains';
import { type Address, getAddress, type Hex, isAddress } from 'viem';
import { z } from 'zod';
import { ConfigError } from './config-error.js';
import { settingDocs } from './setting-docs.js';

/** The setting naming the vault collection on `chain`, e.g. VAULT_COLLECTION_BASE. */
export const vaultCollectionSetting = (chain: EvmChain['key']) => `VAULT_COLLECTION_${chain.toUpperCase()}`;

export const VAULT_MINTER_KEY_SETTING = 'VAULT_MINTER_PRIVATE_KEY';
export const VAULT_DEPLOYER_KEY_SETTING = 'VAULT_DEPLOYER_PRIVATE_KEY';

/** Live vault collections: their addresses per chain, and the keys that mint into them and deploy them. */
export interface VaultCollectionSettings {
  readonly collections: Partial<Record<EvmChain['key'], Address>>;
  /** Secret: signs every mint and burn (the collections' MINTER). */
  readonly minterPrivateKey: Hex | undefined;
  /** Secret: pays for `deploy-vault-collection`; the service itself never uses it. */
  readonly deployerPrivateKey: Hex | undefined;
}

/** Exactly as EIP-55 spells it, so a mistyped letter is caught at start rather than minting into a wrong contract. */
const checksummedAddress = z
  .string()
  .refine(
    (value) => isAddress(value, { strict: false }) && getAddress(value) === value,
    'must be an address with its EIP-55 checksum, as deploy-vault-collection prints it',
  );
const privateKey = z.string().regex(/^0x[0-9a-fA-F]{64}$/, 'must be 0x followed by 64 hex digits');

/** VAULT_COLLECTION_<CHAIN>'s schema: an address on `chain`, documented with the command that prints it. */
function collectionOn(key: EvmChain['key']) {
  const chain = EVM_CHAINS.find((candidate) => candidate.key === key)!;
  return checksummedAddress.optional().register(settingDocs, {
    mode: 'live',
    description: `the vault NFT collection (SvcVaultNFT) on ${chain.name}, as \`npm run deploy-vault-collection -- --chain ${key}\` prints it; needs \`${chain.rpcSetting}\` and \`${VAULT_MINTER_KEY_SETTING}\`. Unset: the vault tools answer 503 naming it for ${key}`,
  });
}

/** The settings' schema entries (part of settingsSchema, so the configuration reference shows them). */
export const vaultCollectionSchema = {
  VAULT_COLLECTION_ETHEREUM: collectionOn('ethereum'),
  VAULT_COLLECTION_BSC: collectionOn('bsc'),
  VAULT_COLLECTION_POLYGON: collectionOn('polygon'),
  VAULT_COLLECTION_BASE: collectionOn('base'),
  VAULT_COLLECTION_ALTCHAIN: collectionOn('altchain'),
  VAULT_MINTER_PRIVATE_KEY: privateKey.optional().register(settingDocs, {
    mode: 'live',
    description:
      "secret, never logged: private key of the vault collections' MINTER, which mints each vault NFT and burns it when its keys are revealed; needs gas on every chain with a collection",
  }),
  VAULT_DEPLOYER_PRIVATE_KEY: privateKey.optional().register(settingDocs, {
    mode: 'live',
    description:
      'secret, never logged: private key that pays for `npm run deploy-vault-collection`; the service never uses it',
  }),
};

/**
 * The vault collection settings of already-validated `settings`. In live mode a collection without its chain's RPC
 * setting or without the minter key stops the start, naming what is missing (sandbox mode mints into its own).
 */
export function vaultCollectionSettingsOf(
  settings: Readonly<Record<string, string | undefined>>,
  mode: 'sandbox' | 'live',
): VaultCollectionSettings {
  const collections: Partial<Record<EvmChain['key'], Address>> = {};
  for (const chain of EVM_CHAINS) {
    const setting = vaultCollectionSetting(chain.key);
    const address = settings[setting];
    if (!address) continue;
    if (mode === 'live' && !settings[chain.rpcSetting])
      throw new ConfigError(
        `${setting} needs ${chain.rpcSetting}: the collection is reached through ${chain.name}'s RPC.`,
      );
    collections[chain.key] = address as Address;
  }
  const minterPrivateKey = settings[VAULT_MINTER_KEY_SETTING] as Hex | undefined;
  const named = Object.keys(collections).map((chain) => vaultCollectionSetting(chain as EvmChain['key']));
  if (mode === 'live' && named.length > 0 && !minterPrivateKey)
    throw new ConfigError(
      `${named.join(', ')} ${named.length > 1 ? 'need' : 'needs'} ${VAULT_MINTER_KEY_SETTING}: the key that is the collection's MINTER signs every mint and burn.`,
    );
  return {
    collections,
    minterPrivateKey,
    deployerPrivateKey: settings[VAULT_DEPLOYER_KEY_SETTING] as Hex | undefined,
  };
}
