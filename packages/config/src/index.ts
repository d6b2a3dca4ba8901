export { type Config, ConfigError, loadConfig, SANDBOX_PAY_TO } from './config.js';
export { loadMasterKey, MASTER_KEY_FILE, refuseGeneratedKeyInLiveMode } from './master-key.js';
export { readOrCreateFile } from './write-once-file.js';
export { sandboxEvmRpcUrls } from './sandbox-evm-rpc-urls.js';
