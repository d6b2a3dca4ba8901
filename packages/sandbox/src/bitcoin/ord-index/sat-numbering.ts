/**
 * Ordinal numbering of the sandbox chain. The sandbox has no miner and no subsidy schedule: sats are numbered in the
 * order coins enter the chain, and the only way they enter is a faucet coinbase, which mints its block's "subsidy"
 * (the value it pays). So the first sat a faucet block mints is that block's first sat.
 *
 * Rarity follows ordinal theory with its periods scaled down by 336 (the greatest common divisor of 2016 and
 * 210 000), which keeps their ratios exact: a difficulty adjustment every 6 blocks (mainnet 2016), a halving every 625
 * blocks (mainnet 210 000), a cycle (a halving on a difficulty adjustment) every 3750 blocks (mainnet 1 260 000).
 *
 * - common: any sat that is not the first sat of its block;
 * - uncommon: the first sat of each block;
 * - rare: the first sat of each difficulty-adjustment period (height a multiple of 6);
 * - epic: the first sat of each halving epoch (height a multiple of 625);
 * - legendary: the first sat of each cycle (height a multiple of 3750);
 * - mythic: sat 0, the first sat of the first block that minted any.
 *
 * A block whose transaction mints nothing (any send: the sandbox mines each transaction in a block of its own, with no
 * coinbase) has no first sat, so the rarity of its height goes unclaimed. Fees are paid to no one (no coinbase claims
 * them): the sats a transaction leaves as fee are lost, as ord calls sats no output receives.
 */

/** Mainnet's periods divided by this give the sandbox's. */
export const SANDBOX_ORDINAL_SCALE = 336;
export const DIFFICULTY_ADJUSTMENT_INTERVAL = 2016 / SANDBOX_ORDINAL_SCALE;
export const HALVING_INTERVAL = 210_000 / SANDBOX_ORDINAL_SCALE;
export const CYCLE_INTERVAL = 6 * HALVING_INTERVAL;

/** Ordiscan's names of the rarities (its "satributes"); a common sat has none. */
export type SatRarity = 'UNCOMMON' | 'RARE' | 'EPIC' | 'LEGENDARY' | 'MYTHIC';

/** A half-open range of sat numbers [start, end), as ord and Ordiscan write them. */
export type SatRange = readonly [start: bigint, end: bigint];

/** The sats one faucet block minted: [start, end) at `height`. */
export interface Mint {
  readonly height: number;
  readonly start: bigint;
  readonly end: bigint;
}

/** A sat rarer than common, with the block that minted it. */
export interface RareSat {
  readonly sat: bigint;
  readonly rarity: SatRarity;
  readonly height: number;
}

/** The rarity of the first sat of a block at `height` that starts at sat `start`. */
export function firstSatRarity(height: number, start: bigint): SatRarity {
  if (start === 0n) return 'MYTHIC';
  if (height % CYCLE_INTERVAL === 0) return 'LEGENDARY';
  if (height % HALVING_INTERVAL === 0) return 'EPIC';
  if (height % DIFFICULTY_ADJUSTMENT_INTERVAL === 0) return 'RARE';
  return 'UNCOMMON';
}

/** Index of the first mint whose start is >= `sat` (mints are in minting order, so sorted by start). */
function firstMintFrom(mints: readonly Mint[], sat: bigint): number {
  let low = 0;
  let high = mints.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (mints[middle]!.start < sat) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The rare sats inside `ranges`: the first sat of every mint that falls in one of them, in range order. */
export function rareSatsIn(mints: readonly Mint[], ranges: readonly SatRange[]): RareSat[] {
  const found: RareSat[] = [];
  for (const [start, end] of ranges)
    for (let at = firstMintFrom(mints, start); at < mints.length && mints[at]!.start < end; at += 1) {
      const mint = mints[at]!;
      found.push({ sat: mint.start, rarity: firstSatRarity(mint.height, mint.start), height: mint.height });
    }
  return found;
}
