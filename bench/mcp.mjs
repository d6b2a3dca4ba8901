// MCP latency beside REST, on one gateway with its own sandbox chain: tools/list, and tools/call of the paid read
// tool paid from account credit, under keep-alive load (autocannon), next to the same tool over REST paid per call
// with x402 and settled on the chain (pre-signed payments, as in the paid benchmark).
import autocannon from 'autocannon';
import { startPaidTarget } from './paid.mjs';
import { INPUT, TOOL } from './paid-route.mjs';

const rpc = (method, params) => JSON.stringify({ jsonrpc: '2.0', id: 1, method, params });

async function measureMcp(target, key, name, body, { connections, duration }) {
  const options = {
    url: target.url('/api/mcp'),
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-api-key': key, 'mcp-protocol-version': '2025-06-18' },
    body,
    connections,
  };
  // One call first: a wrong answer would make a fast benchmark meaningless.
  const probe = await (await fetch(options.url, { method: 'POST', headers: options.headers, body })).json();
  if (probe.error || probe.result?.isError) throw new Error(`${name}: ${JSON.stringify(probe).slice(0, 300)}`);
  await autocannon({ ...options, duration: 2 }); // warm-up
  const result = await autocannon({ ...options, duration });
  if (result.errors > 0 || result.timeouts > 0 || Object.keys(result.statusCodeStats).join() !== '200') {
    throw new Error(
      `${name}: ${result.errors} errors, ${result.timeouts} timeouts, statuses ${JSON.stringify(result.statusCodeStats)}`,
    );
  }
  return { name, rps: result.requests.average, p50: result.latency.p50, p99: result.latency.p99 };
}

export async function benchMcp({ connections, duration, restCalls, restConcurrency }) {
  const target = await startPaidTarget('gateway', { payments: restCalls + 24, payers: restConcurrency });
  try {
    const rest = await target.measure({ concurrency: restConcurrency, calls: restCalls, warmup: 24 });
    const key = await target.accessKey(10n ** 12n); // a million USD of credit: never the limit here
    const list = await measureMcp(target, key, 'MCP tools/list', rpc('tools/list'), { connections, duration });
    const call = await measureMcp(
      target,
      key,
      `MCP tools/call ${TOOL} (credit)`,
      rpc('tools/call', { name: TOOL, arguments: INPUT }),
      { connections, duration },
    );
    return {
      rows: [
        list,
        call,
        {
          name: `REST ${TOOL} (x402, settled)`,
          rps: rest.rps,
          p50: rest.p50,
          p99: rest.p99,
          concurrency: restConcurrency,
        },
      ],
      ok: rest.ok === rest.sent && rest.onChain,
    };
  } finally {
    await target.stop();
  }
}
