// The batch-settlement comparison: each target on its own fresh sandbox chain, channels opened once, then the same
// voucher load on all of them (levels x rounds, alternating order), and at the end each target closes (claiming
// and sweeping what it holds) and the chain must show the payee paid exactly the price times every paid call.
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { BATCH_SETTLEMENT_ADDRESS } from '@x402/evm';
import { createPublicClient, erc20Abi, http } from 'viem';
import { PAYMENT_TOKENS } from '../packages/payments/dist/index.js';
import { batchOffer, channelPayers, laneShare, voucherSettlement } from './channel-payers.mjs';
import { startTarget } from './child.mjs';
import { BATCH_SETTLEMENT_ABI, batchSettlementGas } from './gas.mjs';
import { runLoad } from './load.mjs';
import { BODY, EXPECTED, PATH, PRICE_ATOMIC } from './paid-route.mjs';
import { summarise } from './summary.mjs';

const NETWORK = PAYMENT_TOKENS.BASE_USDC.network;

/** A target that cannot take part, and why (said in the report, never a crash). */
class Unavailable extends Error {}

async function paymentRequiredOf(url) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
  const header = res.headers.get('payment-required');
  if (res.status !== 402 || !header) throw new Error(`${url}: expected a 402 with PAYMENT-REQUIRED, got ${res.status}`);
  return decodePaymentRequiredHeader(header);
}

/** The payee's position on chain: USDC held, and what the batch-settlement contract has claimed and settled for it. */
async function payeePosition(chain, { payTo, asset }) {
  const [usdc, [claimed, settled]] = await Promise.all([
    chain.readContract({ address: asset, abi: erc20Abi, functionName: 'balanceOf', args: [payTo] }),
    chain.readContract({
      address: BATCH_SETTLEMENT_ADDRESS,
      abi: BATCH_SETTLEMENT_ABI,
      functionName: 'receivers',
      args: [payTo, asset],
    }),
  ]);
  return { usdc, claimed, settled };
}

/**
 * Starts `kind` on a fresh sandbox chain and opens `deposits.length` channels. Throws Unavailable when the chain has
 * no batch-settlement contract or the target's 402 offers no batch-settlement for BASE_USDC.
 */
async function startBatchTarget(kind, deposits) {
  let target;
  try {
    target = await startTarget(kind, { sandbox: true });
  } catch (error) {
    throw new Unavailable(`${kind} did not start (its error is printed above): ${error.message}`);
  }
  try {
    const chain = createPublicClient({ transport: http(target.rpcUrl), cacheTime: 0 });
    if (!(await chain.getCode({ address: BATCH_SETTLEMENT_ADDRESS })))
      throw new Unavailable(`no batch-settlement contract at ${BATCH_SETTLEMENT_ADDRESS} on the sandbox Base chain`);
    const url = target.url(PATH);
    const paymentRequired = await paymentRequiredOf(url);
    const requirement = batchOffer(paymentRequired, NETWORK);
    if (!requirement) throw new Unavailable(`its 402 offers no batch-settlement on ${NETWORK}`);
    if (BigInt(requirement.amount) !== PRICE_ATOMIC)
      throw new Error(`${kind}: batch-settlement price ${requirement.amount}, not ${PRICE_ATOMIC}`);
    const offer = { ...paymentRequired, accepts: [requirement] };
    const before = await payeePosition(chain, requirement);
    const fromBlock = (await chain.getBlockNumber()) + 1n;
    const payers = await channelPayers(target, { url, body: BODY, offer, deposits });
    const openedAt = await chain.getBlockNumber();
    let paidCalls = payers.depositCalls;
    const load = (lanes) =>
      runLoad({ url, body: BODY, expected: EXPECTED, lanes, check: voucherSettlement(PRICE_ATOMIC) });
    return {
      kind,
      async measure({ concurrency, calls, warmup }) {
        const shares = (n) => Array.from({ length: concurrency }, (_, lane) => laneShare(n, concurrency, lane));
        const warmupLanes = await payers.presign(shares(warmup));
        const measuredLanes = await payers.presign(shares(calls));
        const warm = await load(warmupLanes); // JIT, caches, connection set-up: not measured
        const cpuBefore = await target.cpuMs();
        const result = await load(measuredLanes);
        const cpuMs = (await target.cpuMs()) - cpuBefore;
        paidCalls += warm.ok + result.ok;
        return {
          kind,
          concurrency,
          ...result,
          serverCpuMsPerCall: cpuMs / Math.max(1, result.sent),
          warmupFailures: warm.sent - warm.ok,
        };
      },
      /**
       * Closes the target (it claims and sweeps what it holds), then reads the chain: what the payee was claimed and
       * paid against price x paid calls, and the gas of the deposits and of the close-out.
       */
      async settle() {
        const closedFrom = (await chain.getBlockNumber()) + 1n;
        await target.close();
        const after = await payeePosition(chain, requirement);
        const latest = await chain.getBlockNumber();
        return {
          channels: payers.channels,
          paidCalls,
          expected: PRICE_ATOMIC * BigInt(paidCalls),
          claimed: after.claimed - before.claimed,
          settled: after.settled - before.settled,
          received: after.usdc - before.usdc,
          opening: await batchSettlementGas(chain, { fromBlock, toBlock: openedAt }),
          // Claims a target sent on its own schedule while serving count too: from the first voucher on.
          serving: await batchSettlementGas(chain, { fromBlock: openedAt + 1n, toBlock: closedFrom - 1n }),
          closing: await batchSettlementGas(chain, { fromBlock: closedFrom, toBlock: latest }),
        };
      },
      stop: () => target.stop(),
    };
  } catch (error) {
    await target.stop();
    throw error;
  }
}

/**
 * Runs every level `rounds` times on every available target, rotating which goes first. Channels: one per
 * concurrent call at the highest level (at least `channels`), each funded for exactly the calls it will carry.
 * @returns {channels, rows, settlements: {kind: settle()}, unavailable: {kind: reason}}
 */
export async function compareBatch(kinds, { concurrencies, calls, warmup, rounds, channels: minChannels }) {
  const channels = Math.max(minChannels, ...concurrencies);
  const deposits = Array.from({ length: channels }, (_, lane) => {
    let perChannel = 1; // the deposit's own call
    for (const concurrency of concurrencies)
      perChannel += rounds * (laneShare(calls, concurrency, lane) + laneShare(warmup, concurrency, lane));
    return PRICE_ATOMIC * BigInt(perChannel);
  });
  const targets = [];
  const unavailable = {};
  try {
    for (const kind of kinds) {
      try {
        targets.push(await startBatchTarget(kind, deposits));
      } catch (error) {
        if (!(error instanceof Unavailable)) throw error;
        unavailable[kind] = error.message;
      }
    }
    const rows = [];
    for (const concurrency of concurrencies) {
      const runs = new Map(targets.map((target) => [target.kind, []]));
      for (let round = 0; round < rounds; round++) {
        const order = targets.map((_, i) => targets[(i + round) % targets.length]);
        for (const target of order) runs.get(target.kind).push(await target.measure({ concurrency, calls, warmup }));
      }
      for (const [kind, r] of runs) rows.push(summarise(kind, concurrency, r));
    }
    const settlements = {};
    for (const target of targets) settlements[target.kind] = await target.settle();
    return { channels, rows, settlements, unavailable };
  } finally {
    for (const target of targets) await target.stop();
  }
}
