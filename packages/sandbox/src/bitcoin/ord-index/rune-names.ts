import { HALVING_INTERVAL } from './sat-numbering.js';

/**
 * The Runes protocol's name rules at the sandbox's scale (sat-numbering.ts): a name is a base-26 number (A = 0, Z = 25,
 * AA = 26, …); names unlock for etching by length, the 13-letter ones at the first rune height and one letter shorter
 * every twelfth of a halving after that, until every name is open a halving later (ord's `minimum_at_height`).
 * Mainnet's first rune height is the fourth halving (840 000); the sandbox's is its fourth halving, 2500, with the
 * schedule over the next 625 blocks. Names from the reserved range (AAAAAAAAAAAAAAAAAAAAAAAAAAA on) are never etched
 * by name.
 */

export const FIRST_RUNE_HEIGHT = 4 * HALVING_INTERVAL;
/** ord's `Rune::reserved` start: names at or above it are assigned to etchings that name no rune. */
export const RESERVED_RUNE = 6_402_364_363_415_443_603_228_541_259_936_211_926n;
const U128_MAX = (1n << 128n) - 1n;
const UNLOCK_STEPS = 12n;

/** STEPS[n]: the smallest name of n + 1 letters (A, AA, AAA, …). */
const STEPS = Array.from({ length: 28 }, (_, length) => {
  let value = 0n;
  for (let letter = 1; letter <= length; letter += 1) value = (value + 1n) * 26n;
  return value;
});

/** A rune name's number (letters A-Z only, upper case); undefined when it exceeds the protocol's u128. */
export function runeValue(name: string): bigint | undefined {
  let value = 0n;
  for (let index = 0; index < name.length; index += 1) {
    if (index > 0) value += 1n;
    value = value * 26n + BigInt(name.charCodeAt(index) - 65);
    if (value > U128_MAX) return undefined;
  }
  return value;
}

/** The smallest rune number an etching in a block at `height` may name (ord's `Rune::minimum_at_height`). */
export function minimumRuneAt(height: number): bigint {
  const offset = BigInt(height) + 1n;
  const start = BigInt(FIRST_RUNE_HEIGHT);
  const span = BigInt(HALVING_INTERVAL);
  if (offset < start) return STEPS[12]!;
  if (offset >= start + span) return STEPS[0]!;
  // ord divides the halving into 12 equal steps; 625 is not a multiple of 12, so the steps are taken in twelfths.
  const progress = (offset - start) * UNLOCK_STEPS;
  const length = Number(UNLOCK_STEPS - progress / span);
  const stepEnd = STEPS[length - 1]!;
  const stepStart = STEPS[length]!;
  return stepStart - ((stepStart - stepEnd) * (progress % span)) / span;
}

/** The first height at which a name with this number may be etched. */
export function unlockHeight(value: bigint): number {
  let low = FIRST_RUNE_HEIGHT;
  let high = FIRST_RUNE_HEIGHT + HALVING_INTERVAL;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (minimumRuneAt(middle) <= value) high = middle;
    else low = middle + 1;
  }
  return low;
}
