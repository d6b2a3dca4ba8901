/**
 * Token-2022's transfer-fee arithmetic (the transfer-fee extension), shared by the sandbox ledger's venue and the
 * Solana tools so both compute what the program withholds. The program withholds
 * `min(ceil(amount × basisPoints / 10,000), maximumFee)` of every transfer in the recipient's token account; the
 * recipient is credited the rest. A mint carries two fee schedules, the newer one taking effect at its epoch.
 */

/** One fee schedule of a mint's TransferFeeConfig (the shape @solana-program/token-2022 decodes). */
export interface TransferFeeSchedule {
  readonly epoch: bigint;
  readonly maximumFee: bigint;
  readonly transferFeeBasisPoints: number;
}

const BPS = 10_000n;

/** The schedule in force at `epoch`: the newer one from its epoch on, the older one before. */
export function transferFeeAt(
  config: { readonly olderTransferFee: TransferFeeSchedule; readonly newerTransferFee: TransferFeeSchedule },
  epoch: bigint,
): TransferFeeSchedule {
  return epoch >= config.newerTransferFee.epoch ? config.newerTransferFee : config.olderTransferFee;
}

/** The fee withheld from a transfer of `amount` atomic units (0 without a schedule). */
export function transferFeeOf(schedule: TransferFeeSchedule | undefined, amount: bigint): bigint {
  if (!schedule || schedule.transferFeeBasisPoints === 0 || amount === 0n) return 0n;
  const fee = (amount * BigInt(schedule.transferFeeBasisPoints) + BPS - 1n) / BPS;
  return fee < schedule.maximumFee ? fee : schedule.maximumFee;
}

/** The least amount to send so that at least `net` arrives after the fee. */
export function grossForNet(schedule: TransferFeeSchedule | undefined, net: bigint): bigint {
  if (!schedule || schedule.transferFeeBasisPoints === 0 || net === 0n) return net;
  const bps = BigInt(schedule.transferFeeBasisPoints);
  // The uncapped estimate is exact or one above; a capped fee simply adds the maximum.
  const uncapped = bps >= BPS ? net + schedule.maximumFee : (net * BPS) / (BPS - bps);
  let gross = uncapped < net + schedule.maximumFee ? uncapped : net + schedule.maximumFee;
  while (gross - transferFeeOf(schedule, gross) < net) gross += 1n;
  while (gross > net && gross - 1n - transferFeeOf(schedule, gross - 1n) >= net) gross -= 1n;
  return gross;
}
