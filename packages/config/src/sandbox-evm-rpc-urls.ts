import { evmChainById } from '@svc/chains';
import { ConfigError } from './config.js';

/**
 * SANDBOX_EVM_RPC_URLS: `chainId=url` pairs, comma-separated, naming sandbox EVM chains another process runs (the
 * first gateway logs its sandbox Base RPC at start). The standalone worker requires it; a gateway given it reaches
 * those chains instead of starting its own. Unset: an empty map.
 */
export function sandboxEvmRpcUrls(setting: string | undefined): Map<number, string> {
  const urls = new Map<number, string>();
  for (const pair of (setting ?? '').split(',').filter((entry) => entry.trim() !== '')) {
    const [chainId, url] = pair.split('=').map((part) => part.trim());
    const chain = evmChainById(Number(chainId));
    if (!chain || !url || !URL.canParse(url))
      throw new ConfigError(`SANDBOX_EVM_RPC_URLS: "${pair}" is not chainId=url for a sandbox EVM chain`);
    urls.set(chain.chainId, url);
  }
  return urls;
}
