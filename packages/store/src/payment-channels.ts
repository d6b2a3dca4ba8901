import type { Db, Queryable } from './db.js';

/** The immutable configuration a channel id is the hash of (x402 batch-settlement `ChannelConfig`). */
export interface PaymentChannelConfig {
  readonly payer: `0x${string}`;
  readonly payerAuthorizer: `0x${string}`;
  readonly receiver: `0x${string}`;
  readonly receiverAuthorizer: `0x${string}`;
  readonly token: `0x${string}`;
  readonly withdrawDelay: number;
  readonly salt: `0x${string}`;
}

/**
 * A batch-settlement channel as the server keeps it (migration 28), in the shape of `@x402/evm`'s server `Channel`
 * (amounts as decimal strings of atomic units, times in epoch ms), so the SDK's channel manager can work on it.
 */
export interface PaymentChannel {
  channelId: string;
  channelConfig: PaymentChannelConfig;
  /** Everything the service has charged against the channel so far. */
  chargedCumulativeAmount: string;
  /** The payer's latest voucher: its cumulative ceiling and signature (what a claim submits). */
  signedMaxClaimable: string;
  signature: string;
  balance: string;
  totalClaimed: string;
  withdrawRequestedAt: number;
  refundNonce: number;
  onchainSyncedAt?: number;
  lastRequestTimestamp: number;
  pendingRequest?: { pendingId: string; signedMaxClaimable: string; expiresAt: number };
}

interface ChannelRow {
  channel_id: string;
  network: string;
  config: PaymentChannelConfig | string;
  charged: string;
  signed_max: string;
  signature: string;
  balance: string;
  total_claimed: string;
  withdraw_requested_at: string | number;
  refund_nonce: string | number;
  onchain_synced_at: string | number | null;
  last_request_at: string | number;
  pending_id: string | null;
  pending_max: string | null;
  pending_expires_at: string | number | null;
}

const CHANNEL_COLUMNS = `channel_id, network, config, charged::text AS charged, signed_max::text AS signed_max, signature,
  balance::text AS balance, total_claimed::text AS total_claimed, withdraw_requested_at, refund_nonce, onchain_synced_at,
  last_request_at, pending_id, pending_max::text AS pending_max, pending_expires_at`;

const channelKey = (channelId: string) => channelId.toLowerCase();

function channelOf(row: ChannelRow): PaymentChannel {
  const channel: PaymentChannel = {
    channelId: row.channel_id,
    channelConfig: typeof row.config === 'string' ? (JSON.parse(row.config) as PaymentChannelConfig) : row.config,
    chargedCumulativeAmount: row.charged,
    signedMaxClaimable: row.signed_max,
    signature: row.signature,
    balance: row.balance,
    totalClaimed: row.total_claimed,
    withdrawRequestedAt: Number(row.withdraw_requested_at),
    refundNonce: Number(row.refund_nonce),
    lastRequestTimestamp: Number(row.last_request_at),
  };
  if (row.onchain_synced_at !== null) channel.onchainSyncedAt = Number(row.onchain_synced_at);
  if (row.pending_id !== null)
    channel.pendingRequest = {
      pendingId: row.pending_id,
      signedMaxClaimable: row.pending_max ?? row.signed_max,
      expiresAt: Number(row.pending_expires_at),
    };
  return channel;
}

export async function paymentChannel(db: Queryable, channelId: string): Promise<PaymentChannel | undefined> {
  const { rows } = await db.query<ChannelRow>(`SELECT ${CHANNEL_COLUMNS} FROM payment_channels WHERE channel_id = $1`, [
    channelKey(channelId),
  ]);
  return rows[0] ? channelOf(rows[0]) : undefined;
}

export async function paymentChannels(db: Queryable, network: string): Promise<PaymentChannel[]> {
  const { rows } = await db.query<ChannelRow>(
    `SELECT ${CHANNEL_COLUMNS} FROM payment_channels WHERE network = $1 ORDER BY channel_id`,
    [network],
  );
  return rows.map(channelOf);
}

/** The payer's channels (the payer sees their own, nobody else's). */
export async function paymentChannelsOfPayer(db: Queryable, payer: string): Promise<PaymentChannel[]> {
  const { rows } = await db.query<ChannelRow>(
    `SELECT ${CHANNEL_COLUMNS} FROM payment_channels WHERE payer = $1 ORDER BY channel_id`,
    [payer.toLowerCase()],
  );
  return rows.map(channelOf);
}

async function writeChannel(db: Queryable, network: string, channel: PaymentChannel): Promise<void> {
  const pending = channel.pendingRequest;
  await db.query(
    `INSERT INTO payment_channels (channel_id, network, payer, config, charged, signed_max, signature, balance,
       total_claimed, withdraw_requested_at, refund_nonce, onchain_synced_at, last_request_at, pending_id, pending_max,
       pending_expires_at)
     VALUES ($1, $2, $3, $4::jsonb, $5::numeric, $6::numeric, $7, $8::numeric, $9::numeric, $10, $11, $12, $13, $14,
       $15::numeric, $16)
     ON CONFLICT (channel_id) DO UPDATE SET config = EXCLUDED.config, charged = EXCLUDED.charged,
       signed_max = EXCLUDED.signed_max, signature = EXCLUDED.signature, balance = EXCLUDED.balance,
       total_claimed = EXCLUDED.total_claimed, withdraw_requested_at = EXCLUDED.withdraw_requested_at,
       refund_nonce = EXCLUDED.refund_nonce, onchain_synced_at = EXCLUDED.onchain_synced_at,
       last_request_at = EXCLUDED.last_request_at, pending_id = EXCLUDED.pending_id,
       pending_max = EXCLUDED.pending_max, pending_signature = NULL, pending_expires_at = EXCLUDED.pending_expires_at,
       updated_at = now()`,
    [
      channelKey(channel.channelId),
      network,
      channel.channelConfig.payer.toLowerCase(),
      JSON.stringify(channel.channelConfig),
      channel.chargedCumulativeAmount,
      channel.signedMaxClaimable,
      channel.signature,
      channel.balance,
      channel.totalClaimed,
      channel.withdrawRequestedAt,
      channel.refundNonce,
      channel.onchainSyncedAt ?? null,
      channel.lastRequestTimestamp,
      pending?.pendingId ?? null,
      pending?.signedMaxClaimable ?? null,
      pending?.expiresAt ?? null,
    ],
  );
}

export type ChannelUpdateStatus = 'updated' | 'unchanged' | 'deleted';

/**
 * Reads the channel under a row lock, lets `update` decide its next state, and writes it, in one transaction: no
 * instance sharing the database can change the channel in between (the SDK's `ChannelStorage.updateChannel`
 * contract). `update` returns `current` to leave it, `undefined` to delete it.
 */
export async function updatePaymentChannel(
  db: Db,
  network: string,
  channelId: string,
  update: (current: PaymentChannel | undefined) => PaymentChannel | undefined,
): Promise<{ channel: PaymentChannel | undefined; status: ChannelUpdateStatus }> {
  return db.transaction(async (tx) => {
    const { rows } = await tx.query<ChannelRow>(
      `SELECT ${CHANNEL_COLUMNS} FROM payment_channels WHERE channel_id = $1 FOR UPDATE`,
      [channelKey(channelId)],
    );
    const current = rows[0] ? channelOf(rows[0]) : undefined;
    const next = update(current);
    if (next === current) return { channel: current, status: 'unchanged' as const };
    if (next === undefined) {
      await tx.query('DELETE FROM payment_channels WHERE channel_id = $1', [channelKey(channelId)]);
      return { channel: undefined, status: 'deleted' as const };
    }
    await writeChannel(tx, network, next);
    return { channel: next, status: 'updated' as const };
  });
}

/** A voucher to take: it must extend the channel's cumulative state by exactly `price`. */
export interface VoucherReservation {
  readonly channelId: string;
  /** This request's id: only it can commit or release what it reserves. */
  readonly pendingId: string;
  /** The call's price (atomic units). */
  readonly price: string;
  readonly maxClaimable: string;
  readonly signature: string;
  readonly now: number;
  /** Until when the reservation holds: a request that died holding it does not block the channel forever. */
  readonly expiresAt: number;
}

/**
 * Reserves a voucher for one call, in one conditional UPDATE: only if the channel exists, nothing else holds it, the
 * voucher's ceiling is what was charged so far plus this call's price (so a replayed or reused voucher, signed against
 * an older state, never matches), it is within the channel's balance and above what was claimed, and the payer has
 * not asked to withdraw. Concurrent requests on any instance serialise on the row; at most one wins.
 */
export async function reserveVoucher(
  db: Queryable,
  voucher: VoucherReservation,
): Promise<{ reserved: true; channel: PaymentChannel } | { reserved: false }> {
  const { rows } = await db.query<ChannelRow>(
    `UPDATE payment_channels SET pending_id = $2, pending_max = $4::numeric, pending_signature = $5,
       pending_expires_at = $7, updated_at = now()
     WHERE channel_id = $1 AND charged + $3::numeric = $4::numeric AND $4::numeric <= balance
       AND $4::numeric > total_claimed AND withdraw_requested_at = 0
       AND (pending_id IS NULL OR pending_expires_at <= $6)
     RETURNING ${CHANNEL_COLUMNS}`,
    [
      channelKey(voucher.channelId),
      voucher.pendingId,
      voucher.price,
      voucher.maxClaimable,
      voucher.signature,
      voucher.now,
      voucher.expiresAt,
    ],
  );
  return rows[0] ? { reserved: true, channel: channelOf(rows[0]) } : { reserved: false };
}

/**
 * Charges a reserved voucher: the channel's charged total becomes its ceiling and the voucher becomes the one a claim
 * submits. Undefined when the reservation is gone (it expired and another request took the channel).
 */
export async function commitVoucher(
  db: Queryable,
  reservation: { readonly channelId: string; readonly pendingId: string; readonly now: number },
): Promise<PaymentChannel | undefined> {
  const { rows } = await db.query<ChannelRow>(
    `UPDATE payment_channels SET charged = pending_max, signed_max = pending_max, signature = pending_signature,
       last_request_at = $3, pending_id = NULL, pending_max = NULL, pending_signature = NULL,
       pending_expires_at = NULL, updated_at = now()
     WHERE channel_id = $1 AND pending_id = $2
     RETURNING ${CHANNEL_COLUMNS}`,
    [channelKey(reservation.channelId), reservation.pendingId, reservation.now],
  );
  return rows[0] ? channelOf(rows[0]) : undefined;
}

/** The call ended before it was charged: its reservation goes, and the channel takes the same voucher state again. */
export async function releaseVoucher(
  db: Queryable,
  reservation: { readonly channelId: string; readonly pendingId: string },
): Promise<void> {
  await db.query(
    `UPDATE payment_channels SET pending_id = NULL, pending_max = NULL, pending_signature = NULL,
       pending_expires_at = NULL, updated_at = now()
     WHERE channel_id = $1 AND pending_id = $2`,
    [channelKey(reservation.channelId), reservation.pendingId],
  );
}

/**
 * Records a channel after a deposit landed on chain: its on-chain balance and claimed total, and the config. A new
 * channel starts with nothing charged; a known one keeps its charged state (a top-up only adds balance).
 */
export async function recordChannelDeposit(
  db: Queryable,
  deposit: {
    readonly channelId: string;
    readonly network: string;
    readonly config: PaymentChannelConfig;
    readonly balance: string;
    readonly totalClaimed: string;
    /** The contract's refund nonce (a channel refunded before and deposited into again has moved it on). */
    readonly refundNonce?: number | undefined;
    readonly now: number;
  },
): Promise<void> {
  await db.query(
    `INSERT INTO payment_channels (channel_id, network, payer, config, charged, signed_max, balance, total_claimed,
       refund_nonce, onchain_synced_at, last_request_at)
     VALUES ($1, $2, $3, $4::jsonb, $6::numeric, $6::numeric, $5::numeric, $6::numeric, $8, $7, $7)
     ON CONFLICT (channel_id) DO UPDATE SET balance = greatest(payment_channels.balance, EXCLUDED.balance),
       total_claimed = greatest(payment_channels.total_claimed, EXCLUDED.total_claimed),
       refund_nonce = greatest(payment_channels.refund_nonce, EXCLUDED.refund_nonce),
       onchain_synced_at = EXCLUDED.onchain_synced_at, updated_at = now()`,
    [
      channelKey(deposit.channelId),
      deposit.network,
      deposit.config.payer.toLowerCase(),
      JSON.stringify(deposit.config),
      deposit.balance,
      deposit.totalClaimed,
      deposit.now,
      deposit.refundNonce ?? 0,
    ],
  );
}

/**
 * Leases up to `limit` channels with charged but unclaimed vouchers to `owner` until `leaseUntil`, skipping channels
 * with nothing left to claim on chain (balance all claimed: the payer withdrew the rest) and channels another instance
 * holds (an unexpired lease, or a row locked by a concurrent lease): a channel is in one claim at a
 * time, never in two instances' claims at once.
 */
export async function leaseUnclaimedChannels(
  db: Queryable,
  lease: {
    readonly network: string;
    readonly owner: string;
    readonly now: number;
    readonly leaseUntil: number;
    readonly limit: number;
  },
): Promise<PaymentChannel[]> {
  const { rows } = await db.query<ChannelRow>(
    `UPDATE payment_channels SET claim_lease_owner = $2, claim_lease_until = $4
     WHERE channel_id IN (
       SELECT channel_id FROM payment_channels
        WHERE network = $1 AND charged > total_claimed AND balance > total_claimed
          AND (claim_lease_until IS NULL OR claim_lease_until <= $3)
        ORDER BY last_request_at LIMIT $5 FOR UPDATE SKIP LOCKED)
     RETURNING ${CHANNEL_COLUMNS}`,
    [lease.network, lease.owner, lease.now, lease.leaseUntil, lease.limit],
  );
  return rows.map(channelOf);
}

/** Marks the vouchers a mined claim took (never lowering what is recorded) and lets the leases go. */
export async function recordClaimed(
  db: Queryable,
  owner: string,
  claimed: readonly { readonly channelId: string; readonly totalClaimed: string }[],
): Promise<void> {
  if (claimed.length === 0) return;
  await db.query(
    `UPDATE payment_channels AS c SET total_claimed = greatest(c.total_claimed, t.total_claimed::numeric),
       claim_lease_owner = NULL, claim_lease_until = NULL, updated_at = now()
     FROM unnest($2::text[], $3::text[]) AS t(channel_id, total_claimed)
     WHERE c.channel_id = t.channel_id AND c.claim_lease_owner = $1`,
    [owner, claimed.map((c) => channelKey(c.channelId)), claimed.map((c) => c.totalClaimed)],
  );
}

/** Lets `owner`'s leases go without recording a claim (the claim failed, or shutdown). */
export async function releaseClaimLeases(db: Queryable, owner: string, channelIds: readonly string[]): Promise<void> {
  if (channelIds.length === 0) return;
  await db.query(
    `UPDATE payment_channels SET claim_lease_owner = NULL, claim_lease_until = NULL
     WHERE claim_lease_owner = $1 AND channel_id = ANY($2::text[])`,
    [owner, channelIds.map(channelKey)],
  );
}

/** The total charged on `network`'s channels that no claim has taken yet (the claim scheduler's threshold). */
export async function unclaimedChannelValue(db: Queryable, network: string): Promise<bigint> {
  const { rows } = await db.query<{ unclaimed: string | null }>(
    `SELECT sum(charged - total_claimed)::text AS unclaimed FROM payment_channels
     WHERE network = $1 AND charged > total_claimed`,
    [network],
  );
  return BigInt(rows[0]?.unclaimed ?? '0');
}

/**
 * Holds a channel for a cooperative refund (closing it): no voucher can be reserved and no claim can lease it while
 * the hold lasts, so the refund's amount (balance less charged) stays true until it lands. Undefined when a call or
 * a claim holds the channel now (or it does not exist).
 */
export async function holdChannelForClose(
  db: Queryable,
  hold: { readonly channelId: string; readonly holdId: string; readonly now: number; readonly until: number },
): Promise<PaymentChannel | undefined> {
  const { rows } = await db.query<ChannelRow>(
    `UPDATE payment_channels SET pending_id = $2, pending_max = NULL, pending_signature = NULL, pending_expires_at = $4,
       claim_lease_owner = $2, claim_lease_until = $4, updated_at = now()
     WHERE channel_id = $1 AND (pending_id IS NULL OR pending_expires_at <= $3)
       AND (claim_lease_until IS NULL OR claim_lease_until <= $3)
     RETURNING ${CHANNEL_COLUMNS}`,
    [channelKey(hold.channelId), hold.holdId, hold.now, hold.until],
  );
  return rows[0] ? channelOf(rows[0]) : undefined;
}

/** The refund landed: the channel is closed, and forgotten (only by the hold that closed it). */
export async function deleteClosedChannel(db: Queryable, channelId: string, holdId: string): Promise<boolean> {
  const { rows } = await db.query(
    'DELETE FROM payment_channels WHERE channel_id = $1 AND pending_id = $2 RETURNING 1',
    [channelKey(channelId), holdId],
  );
  return rows.length > 0;
}

/** The refund did not happen: the channel serves calls and claims again. */
export async function releaseChannelHold(db: Queryable, channelId: string, holdId: string): Promise<void> {
  await db.query(
    `UPDATE payment_channels SET pending_id = NULL, pending_expires_at = NULL, claim_lease_owner = NULL,
       claim_lease_until = NULL, updated_at = now()
     WHERE channel_id = $1 AND pending_id = $2`,
    [channelKey(channelId), holdId],
  );
}

/**
 * Overwrites a channel's on-chain state with what the contract says now (its balance, claimed total and whether the
 * payer asked to withdraw): after a claim the chain refused, so the store stops reserving vouchers the chain will not
 * pay (a withdrawn balance, a pending withdrawal) and the claim pass stops asking for more than the balance.
 */
export async function recordOnchainChannelState(
  db: Queryable,
  state: {
    readonly channelId: string;
    readonly balance: string;
    readonly totalClaimed: string;
    /** When the payer's pending withdrawal began (epoch seconds, as the contract records it), 0 when none. */
    readonly withdrawRequestedAt: number;
    readonly now: number;
  },
): Promise<void> {
  await db.query(
    `UPDATE payment_channels SET balance = $2::numeric, total_claimed = $3::numeric, withdraw_requested_at = $4,
       onchain_synced_at = $5, updated_at = now()
     WHERE channel_id = $1`,
    [channelKey(state.channelId), state.balance, state.totalClaimed, state.withdrawRequestedAt, state.now],
  );
}
