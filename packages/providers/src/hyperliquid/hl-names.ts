import { ServiceError } from '@svc/contracts';
import type { Address } from 'viem';
import { isAddress } from 'viem';
import type { ProviderSetting } from '../provider-mode.js';
import { recordRead } from '../upstream/provenance.js';

/** Hyperliquid Names (`.hl`), the exchange's own name service: its API wants a key. */
export const HLNAMES_SETTING: ProviderSetting = { provider: 'Hyperliquid Names (.hl)', setting: 'HLNAMES_API_KEY' };
export const HLNAMES_DEFAULT_URL = 'https://api.hlnames.xyz';

/** `GET /resolve/address/{name}` with `X-API-Key`: `{ address }` for a registered `.hl` name. */
export class HlNamesClient {
  constructor(
    private readonly apiKey: string,
    private readonly baseUrl: string = HLNAMES_DEFAULT_URL,
  ) {}

  /** The address `name` resolves to; undefined when it resolves to none. */
  async resolve(name: string): Promise<Address | undefined> {
    const url = `${this.baseUrl.replace(/\/$/, '')}/resolve/address/${encodeURIComponent(name)}`;
    let response: Response;
    try {
      response = await fetch(url, { headers: { 'X-API-Key': this.apiKey }, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      throw new ServiceError('upstream_error', `Hyperliquid Names failed: ${(error as Error).message}`);
    }
    if (response.status === 404) return undefined;
    if (!response.ok) throw new ServiceError('upstream_error', `Hyperliquid Names answered HTTP ${response.status}.`);
    const body = (await response.json()) as { address?: unknown };
    recordRead('Hyperliquid Names');
    return typeof body.address === 'string' &&
      isAddress(body.address, { strict: false }) &&
      !/^0x0{40}$/i.test(body.address)
      ? body.address
      : undefined;
  }
}
