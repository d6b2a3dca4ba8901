export { type Config, ConfigError, loadConfig, SANDBOX_PAY_TO } from './config.js';
export { loadMasterKey, MASTER_KEY_FILE, refuseGeneratedKeyInLiveMode } from './master-key.js';
export { readOrCreateFile } from './write-once-file.js';
export { sandboxEvmRpcUrls } from './sandbox-evm-rpc-urls.js';
export {
  VAULT_DEPLOYER_KEY_SETTING,
  VAULT_MINTER_KEY_SETTING,
  vaultCollectionSetting,
  type VaultCollectionSettings,
} from './vault-collection-settings.js';
