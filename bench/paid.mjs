// One paid target: its own fresh sandbox chain, funded payers, and `measure` (pre-signed payments, load at one
// concurrency level, checked against the payee's USDC balance on that chain).
import { decodePaymentRequiredHeader } from '@x402/core/http';
import { createPublicClient, erc20Abi, http } from 'viem';
import { SANDBOX_PAY_TO } from '../apps/http-gateway/dist/index.js';
import { PAYMENT_TOKENS } from '../packages/payments/dist/index.js';
import { startTarget } from './child.mjs';
import { gasOfSettlements } from './gas.mjs';
import { runLoad } from './load.mjs';
import { BODY, EXPECTED, PATH, PRICE_ATOMIC } from './paid-route.mjs';
import { fundedPayers } from './payers.mjs';

/** The target stopped answering paid calls: its settlements no longer get mined (see `detail`). */
export class StallError extends Error {}

async function paymentRequiredOf(url) {
  const res = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: BODY });
  const header = res.headers.get('payment-required');
  if (res.status !== 402 || !header) throw new Error(`${url}: expected a 402 with PAYMENT-REQUIRED, got ${res.status}`);
  return decodePaymentRequiredHeader(header);
}

/**
 * Starts bench/targets/<kind>.mjs with a sandbox and funds `payers` wallets for `payments` calls in all.
 * @returns {kind, rpcUrl, measure({concurrency, calls, warmup, gas}) -> row, stop()}; with `gas`, the row has the
 * gas of the measured run's settlement transactions (read from their receipts after the run).
 */
export async function startPaidTarget(kind, { payments, payers: payerCount }) {
  const target = await startTarget(kind, { sandbox: true });
  try {
    const payers = await fundedPayers(target, { count: payerCount, payments, priceAtomic: PRICE_ATOMIC });
    const paymentRequired = await paymentRequiredOf(target.url(PATH));
    const chain = createPublicClient({ transport: http(target.rpcUrl) });
    const payeeUsdc = () =>
      chain.readContract({
        address: PAYMENT_TOKENS.BASE_USDC.asset,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [SANDBOX_PAY_TO.base],
      });
    const stallError = async () => {
      const pool = await chain
        .request({ method: 'txpool_status' })
        .catch((error) => ({ error: error.shortMessage ?? String(error) }));
      const latest = await chain.getBlockNumber().catch(() => undefined);
      return new StallError(
        `${kind}: no answer for 10 s; its sandbox chain is at block ${latest}, txpool ${JSON.stringify(pool)}`,
      );
    };
    const load = (signed, concurrency) =>
      runLoad({ url: target.url(PATH), body: BODY, expected: EXPECTED, payments: signed, concurrency });
    return {
      kind,
      rpcUrl: target.rpcUrl,
      url: target.url,
      accessKey: target.accessKey,
      async measure({ concurrency, calls, warmup, gas = false }) {
        const warmupPayments = await payers.presign(paymentRequired, warmup);
        const measuredPayments = await payers.presign(paymentRequired, calls);
        const before = await payeeUsdc();
        const warm = await load(warmupPayments, concurrency); // JIT, caches, connection set-up: not measured
        if (warm.stalled) throw await stallError();
        const cpuBefore = await target.cpuMs();
        const result = await load(measuredPayments, concurrency);
        if (result.stalled) throw await stallError();
        const cpuMs = (await target.cpuMs()) - cpuBefore;
        const received = (await payeeUsdc()) - before;
        return {
          kind,
          concurrency,
          ...result,
          serverCpuMsPerCall: cpuMs / Math.max(1, result.sent),
          warmupFailures: warm.sent - warm.ok,
          // Every success moved exactly the price on chain (one transaction may settle several).
          onChain: received === PRICE_ATOMIC * BigInt(warm.ok + result.ok),
          ...(gas ? { gas: await gasOfSettlements(chain, result.transactions) } : {}),
        };
      },
      stop: () => target.stop(),
    };
  } catch (error) {
    await target.stop();
    throw error;
  }
}
