import { notConfigured } from '@svc/contracts';
import { PINATA_SETTING, type PinataClient } from '@svc/providers';
import type { LaunchRequest } from '../../../ports/solana-launchpads.js';

/**
 * The metadata JSON a new pump.fun coin's `uri` points at, in the shape pump.fun's own coins carry (name, symbol,
 * description, image, showName, and the social links), pinned on IPFS through Pinata. Pinning happens before the
 * commit point: a refused or failed launch leaves at most an unreferenced JSON document on IPFS, never a charge.
 */
export async function publishCoinMetadata(
  pinata: PinataClient | undefined,
  metadata: LaunchRequest['metadata'],
): Promise<string> {
  if (!pinata) throw notConfigured(PINATA_SETTING.setting, PINATA_SETTING.provider);
  const optional = (field: string, value: string | null | undefined) => (value ? { [field]: value } : {});
  const { uri } = await pinata.pinJson(`${metadata.symbol}.json`, {
    name: metadata.name,
    symbol: metadata.symbol,
    description: metadata.description ?? '',
    ...optional('image', metadata.imageUri),
    showName: true,
    ...optional('twitter', metadata.twitter),
    ...optional('telegram', metadata.telegram),
    ...optional('website', metadata.website),
  });
  return uri;
}
