import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';

/** Pinata's pinning API key (a JWT): live coin launches publish their metadata JSON on IPFS through it. */
export const PINATA_SETTING: ProviderSetting = {
  provider: 'Token metadata pinning (Pinata)',
  setting: 'PINATA_JWT',
};
export const PINATA_DEFAULT_URL = 'https://api.pinata.cloud';
/** The public gateway metadata URIs point at (pump.fun's own coins use it). */
export const IPFS_GATEWAY = 'https://ipfs.io/ipfs/';

const answer = z.object({
  IpfsHash: z.string().min(1),
  PinSize: z.number().nullish(),
  Timestamp: z.string().nullish(),
});

/**
 * Pinata's `POST /pinning/pinJSONToIPFS` (docs.pinata.cloud/api-reference/endpoint/ipfs/pin-json-to-ipfs): pins a
 * JSON document on IPFS and answers its CID. The same content always has the same CID, so a retried pin is harmless.
 */
export class PinataClient {
  constructor(
    private readonly jwt: string,
    private readonly baseUrl = PINATA_DEFAULT_URL,
  ) {}

  /** Pins `content` under `name` (Pinata's own label); resolves with its CID and a gateway URI. */
  async pinJson(name: string, content: unknown): Promise<{ cid: string; uri: string }> {
    const body = await upstreamJson(upstreamClient('pinata'), {
      url: new URL(`${this.baseUrl.replace(/\/$/, '')}/pinning/pinJSONToIPFS`),
      headers: { authorization: `Bearer ${this.jwt}` },
      body: { pinataContent: content, pinataMetadata: { name }, pinataOptions: { cidVersion: 1 } },
      schema: answer,
      what: 'pin JSON',
    });
    return { cid: body.IpfsHash, uri: `${IPFS_GATEWAY}${body.IpfsHash}` };
  }
}
