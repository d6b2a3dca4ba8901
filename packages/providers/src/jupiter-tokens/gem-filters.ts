import type { GemToken } from './jupiter-tokens.js';

/** findSolanaGems' bounds, each optional; a token whose field is unknown fails any bound on that field. */
export interface GemFilters {
  readonly minLiquidity?: number | undefined;
  readonly maxLiquidity?: number | undefined;
  readonly minMcap?: number | undefined;
  readonly maxMcap?: number | undefined;
  readonly minVolume?: number | undefined;
  readonly maxVolume?: number | undefined;
  readonly minNetVolume?: number | undefined;
  readonly maxNetVolume?: number | undefined;
  readonly minNumNetBuyers?: number | undefined;
  readonly maxNumNetBuyers?: number | undefined;
  readonly minHolderCount?: number | undefined;
  readonly maxHolderCount?: number | undefined;
}

const BOUNDED: readonly [keyof GemToken, keyof GemFilters, keyof GemFilters][] = [
  ['liquidityUsd', 'minLiquidity', 'maxLiquidity'],
  ['mcapUsd', 'minMcap', 'maxMcap'],
  ['volumeUsd', 'minVolume', 'maxVolume'],
  ['netVolumeUsd', 'minNetVolume', 'maxNetVolume'],
  ['numNetBuyers', 'minNumNetBuyers', 'maxNumNetBuyers'],
  ['holderCount', 'minHolderCount', 'maxHolderCount'],
];

/** Does a token pass every bound given? Live and sandbox lists are filtered by the same rule. */
export function passesGemFilters(token: GemToken, filters: GemFilters): boolean {
  return BOUNDED.every(([field, minKey, maxKey]) => {
    const min = filters[minKey];
    const max = filters[maxKey];
    if (min === undefined && max === undefined) return true;
    const value = token[field];
    if (typeof value !== 'number') return false;
    return (min === undefined || value >= min) && (max === undefined || value <= max);
  });
}
