/** Bitcoin Core's relay policy for outputs, shared by the sandbox ledger (which enforces it) and the send tools. */

/** Bitcoin Core's dust relay fee rate (sat/vB): an output is dust if spending it would cost more than it holds. */
const DUST_RELAY_FEE_RATE = 3n;

/**
 * Bitcoin Core's dust threshold (GetDustThreshold): the output's size plus the size of a typical input spending it,
 * at the dust relay rate. P2PKH 546, P2SH 540, P2WPKH 294, P2WSH and P2TR 330 sats. OP_RETURN outputs are exempt.
 */
export function dustThreshold(script: Uint8Array): bigint {
  if (script[0] === 0x6a) return 0n;
  const outputSize = BigInt(8 + 1 + script.length);
  const isWitnessProgram =
    script.length >= 4 &&
    script.length <= 42 &&
    (script[0] === 0x00 || (script[0]! >= 0x51 && script[0]! <= 0x60)) &&
    script[1] === script.length - 2;
  const spendSize = isWitnessProgram ? 67n : 148n;
  return (outputSize + spendSize) * DUST_RELAY_FEE_RATE;
}
