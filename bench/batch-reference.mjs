// Reference for the batch-settlement comparison: the paid route built from the official pieces only, as
// @x402/evm 2.27 documents them: @x402/express's paymentMiddleware on an x402ResourceServer
// (express-paid-route.mjs) with the SDK's batch-settlement server scheme (its channel storage given), a channel
// manager that claims and sweeps on a schedule and on close, and the sandbox's in-process facilitator (which
// registers the SDK's batch-settlement facilitator scheme) sending the deposit, claim and settle transactions.
import { randomBytes } from 'node:crypto';
import { SANDBOX_PAY_TO } from '../apps/http-gateway/dist/index.js';
import { PAYMENT_TOKENS } from '../packages/payments/dist/index.js';
import { BatchSettlementEvmScheme } from '@x402/evm/batch-settlement/server';
import { RedisChannelStorage } from '@x402/evm/batch-settlement/server/redis-storage';
import { createClient } from 'redis';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { expressPaidRoute } from './express-paid-route.mjs';

const USDC = PAYMENT_TOKENS.BASE_USDC;
export const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379';
/** Claims and sweeps while serving, as a deployment would; whatever is left is claimed and swept on close. */
const CLAIM_INTERVAL_S = 60;
const SETTLE_INTERVAL_S = 60;

/** The SDK's Redis channel storage under a key prefix of this process alone, deleted on close. */
async function redisStorage() {
  const client = await createClient({ url: REDIS_URL, socket: { reconnectStrategy: false } })
    .on('error', () => {}) // a failed command rejects; the client's own error events add nothing
    .connect()
    .catch((error) => {
      throw new Error(`x402-batch-redis needs Redis at ${REDIS_URL} (BENCH_REDIS_URL): ${error.message}`);
    });
  const keyPrefix = `bench:x402-batch:${process.pid}:${randomBytes(6).toString('hex')}`;
  const redisCpuMs = async () => {
    const info = await client.info('cpu');
    const seconds = (name) => Number(new RegExp(`^${name}:([\\d.]+)`, 'm').exec(info)?.[1] ?? 0);
    return (seconds('used_cpu_user') + seconds('used_cpu_sys')) * 1000;
  };
  return {
    storage: new RedisChannelStorage({ client, keyPrefix }),
    /** Redis runs in its own process: its CPU counts toward this target's (any other client of it would too). */
    externalCpuMs: redisCpuMs,
    async close() {
      for await (const keys of client.scanIterator({ MATCH: `${keyPrefix}:*`, COUNT: 500 }))
        for (const key of [keys].flat()) await client.del(key);
      await client.quit();
    },
  };
}

/** `storage`: 'redis' (the SDK's RedisChannelStorage) or 'memory' (its default InMemoryChannelStorage). */
export async function buildBatchReference({ sandbox, storage }) {
  if (!sandbox) throw new Error('the batch-settlement reference needs a sandbox (its facilitator settles there)');
  const supported = await sandbox.facilitator.getSupported();
  if (!supported.kinds.some((kind) => kind.scheme === 'batch-settlement' && kind.network === USDC.network))
    throw new Error(`the sandbox facilitator does not serve batch-settlement on ${USDC.network}`);
  const redis = storage === 'redis' ? await redisStorage() : undefined;
  // The server signs its claims and refunds itself (a receiver authorizer of its own), so it needs nothing more
  // from the facilitator than sending transactions.
  const scheme = new BatchSettlementEvmScheme(SANDBOX_PAY_TO.base, {
    ...(redis ? { storage: redis.storage } : {}),
    receiverAuthorizerSigner: privateKeyToAccount(generatePrivateKey()),
  });
  const route = expressPaidRoute({ facilitator: sandbox.facilitator, scheme });
  const channels = scheme.createChannelManager(sandbox.facilitator, USDC.network, USDC.asset);
  channels.start({ claimIntervalSecs: CLAIM_INTERVAL_S, settleIntervalSecs: SETTLE_INTERVAL_S });
  return {
    listen: route.listen,
    /** Stops serving, then claims every channel's latest voucher and sweeps the claimed funds to the payee. */
    async close() {
      await route.close();
      await channels.stop({ flush: true });
      await redis?.close();
    },
    externalCpuMs: redis?.externalCpuMs,
  };
}
