// Custodial vault keys: one BIP-39 seed per account, every chain's key derived from it, sealed at rest.
export { DERIVATION_PATHS } from './derivation-paths.js';
export { openSecret, type SealedSecret, sealSecret, type SecretPurpose } from './envelope.js';
export { CustodyError, InvalidMasterKey, MasterKeyUnknown, SealBroken } from './errors.js';
export {
  LocalMasterKeyRing,
  MASTER_KEY_BYTES,
  masterKeyIdOf,
  newMasterKeyText,
  parseMasterKey,
} from './local-master-key.js';
export type { MasterKeyProvider, WrappedDataKey } from './master-key.js';
export { mnemonicOf, newVaultEntropy, seedOf } from './mnemonic.js';
export { type RotationProgress, rotateMasterKey } from './rotate-master-key.js';
export { type Slip10Node, slip10Ed25519 } from './slip10-ed25519.js';
export { deriveVaultAddresses, type VaultAddresses } from './vault-addresses.js';
export { type NewSealedVault, openVaultPrivateKeys, sealNewVault } from './sealed-vault.js';
export { deriveVaultPrivateKeys, type VaultPrivateKeys } from './vault-private-keys.js';
export { accountVaultKeys, vaultAddressesOf } from './vaults.js';
export {
  openWebhookSecret,
  rotateWebhookSecret,
  sealClearWebhookSecrets,
  setWebhookEndpoint,
} from './webhook-secrets.js';
