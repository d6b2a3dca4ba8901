import { HttpTransport, HyperliquidError, InfoClient } from '@nktkas/hyperliquid';
import { ServiceError } from '@svc/contracts';
import { type Address, createPublicClient, formatEther, http } from 'viem';
import { hyperEvm } from 'viem/chains';
import type { ProviderSetting } from '../provider-mode.js';
import { recordRead } from '../upstream/provenance.js';

/**
 * Hyperliquid's info API is public: its setting is an optional base URL (testnet, a mirror, a test server), so live
 * mode always reaches it.
 */
export const HYPERLIQUID_SETTING: ProviderSetting = {
  provider: 'Perpetuals exchange (Hyperliquid)',
  setting: 'HYPERLIQUID_API_URL',
};
export const HYPERLIQUID_DEFAULT_URL = 'https://api.hyperliquid.xyz';
/** HyperEVM's public RPC (no key), where an account's EVM-side HYPE is. */
export const HYPEREVM_DEFAULT_RPC_URL = 'https://rpc.hyperliquid.xyz/evm';

const SOURCE = 'Hyperliquid info API';
const TIMEOUT_MS = 10_000;

export type CandleInterval = '1m' | '5m' | '15m' | '1h' | '4h' | '1d' | '1w';

/**
 * Hyperliquid's info API (`POST /info`, one request type per read) through `@nktkas/hyperliquid`, and the HyperEVM
 * balance of an address. Answers are Hyperliquid's bodies as they come; a failure is a 502 naming Hyperliquid.
 */
export class HyperliquidInfoClient {
  readonly #info: InfoClient;
  readonly #evmRpcUrl: string;

  constructor(apiUrl: string = HYPERLIQUID_DEFAULT_URL, evmRpcUrl: string = HYPEREVM_DEFAULT_RPC_URL) {
    this.#info = new InfoClient({ transport: new HttpTransport({ apiUrl, timeout: TIMEOUT_MS }) });
    this.#evmRpcUrl = evmRpcUrl;
  }

  clearinghouseState(user: Address) {
    return this.#read('clearinghouseState', () => this.#info.clearinghouseState({ user }));
  }
  spotClearinghouseState(user: Address) {
    return this.#read('spotClearinghouseState', () => this.#info.spotClearinghouseState({ user }));
  }
  frontendOpenOrders(user: Address) {
    return this.#read('frontendOpenOrders', () => this.#info.frontendOpenOrders({ user }));
  }
  historicalOrders(user: Address) {
    return this.#read('historicalOrders', () => this.#info.historicalOrders({ user }));
  }
  userFills(user: Address) {
    return this.#read('userFills', () => this.#info.userFills({ user }));
  }
  delegations(user: Address) {
    return this.#read('delegations', () => this.#info.delegations({ user }));
  }
  delegatorSummary(user: Address) {
    return this.#read('delegatorSummary', () => this.#info.delegatorSummary({ user }));
  }
  userVaultEquities(user: Address) {
    return this.#read('userVaultEquities', () => this.#info.userVaultEquities({ user }));
  }
  portfolio(user: Address) {
    return this.#read('portfolio', () => this.#info.portfolio({ user }));
  }
  metaAndAssetCtxs() {
    return this.#read('metaAndAssetCtxs', () => this.#info.metaAndAssetCtxs());
  }
  allMids() {
    return this.#read('allMids', () => this.#info.allMids());
  }
  l2Book(coin: string) {
    return this.#read('l2Book', () => this.#info.l2Book({ coin }));
  }
  candleSnapshot(coin: string, interval: CandleInterval, startTime: number, endTime: number) {
    return this.#read('candleSnapshot', () => this.#info.candleSnapshot({ coin, interval, startTime, endTime }));
  }
  fundingHistory(coin: string, startTime: number, endTime: number) {
    return this.#read('fundingHistory', () => this.#info.fundingHistory({ coin, startTime, endTime }));
  }

  /** The address's native HYPE on HyperEVM (chain 999), in HYPE. */
  async evmHypeBalance(user: Address): Promise<string> {
    const client = createPublicClient({ chain: hyperEvm, transport: http(this.#evmRpcUrl, { timeout: TIMEOUT_MS }) });
    try {
      const wei = await client.getBalance({ address: user });
      recordRead('HyperEVM RPC');
      return formatEther(wei);
    } catch (error) {
      throw new ServiceError('upstream_error', `HyperEVM RPC failed: ${(error as Error).message}`);
    }
  }

  async #read<T>(type: string, call: () => Promise<T>): Promise<T> {
    try {
      const answer = await call();
      recordRead(SOURCE);
      return answer;
    } catch (error) {
      if (error instanceof HyperliquidError)
        throw new ServiceError('upstream_error', `Hyperliquid info request ${type} failed: ${error.message}`);
      throw error;
    }
  }
}
