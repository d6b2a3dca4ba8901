// Balance reads on one gateway with its sandbox chains: each chain's own balance tool, then getAllBalances, which
// reads all eight networks concurrently. All read the caller's vault (funded on every chain first), called over MCP
// with a credited vault access key, one call at a time, so each figure is the latency of one call end to end.
// Aim (issue #7): the fan-out no slower than 1.5x the slowest single chain (compared at p50).
import { startTarget } from './child.mjs';

const SINGLE_CHAIN_TOOLS = [
  'ethGetBalances',
  'bscGetBalances',
  'polygonGetBalances',
  'baseGetBalances',
  'altchainGetBalances',
  'hederaGetBalances',
  'solanaBalances',
  'getBTCBalances',
];
const FAN_OUT = 'getAllBalances';

/** What the faucet puts into the vault, so every chain has something to read. */
const FUNDING = (vault) => [
  { chain: 'ethereum', address: vault.ethereum.address, token: 'ETH', amount: '1' },
  { chain: 'bsc', address: vault.bsc.address, token: 'BNB', amount: '1' },
  { chain: 'polygon', address: vault.polygon.address, token: 'POL', amount: '10' },
  { chain: 'base', address: vault.base.address, token: 'USDC', amount: '5' },
  { chain: 'altchain', address: vault.altchain.address, token: 'ETH', amount: '1' },
  { chain: 'hedera', address: vault.hedera.evmAddress, token: 'HBAR', amount: '10' },
  { chain: 'solana', address: vault.solana.address, token: 'SOL', amount: '1' },
  { chain: 'bitcoin', address: vault.bitcoin.segwit.address, token: 'BTC', amount: '0.01' },
];

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];

export async function benchBalances({ calls }) {
  const target = await startTarget('gateway', { sandbox: true });
  try {
    const key = await target.accessKey(10n ** 12n);
    let id = 0;
    const call = async (name, args = {}) => {
      const res = await fetch(target.url('/api/mcp'), {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key, 'mcp-protocol-version': '2025-06-18' },
        body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method: 'tools/call', params: { name, arguments: args } }),
      });
      const body = await res.json();
      if (body.error || body.result?.isError) throw new Error(`${name}: ${JSON.stringify(body).slice(0, 300)}`);
      return body.result.structuredContent;
    };
    const { vault } = await call('wallet');
    for (const funding of FUNDING(vault.networks)) {
      const res = await fetch(target.url('/api/sandbox/faucet'), {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(funding),
      });
      if (res.status !== 200) throw new Error(`faucet ${funding.chain}: ${res.status} ${await res.text()}`);
    }
    const measure = async (name) => {
      for (let i = 0; i < 5; i++) await call(name); // warm-up: JIT, lazily started chains, connection pools
      const latencies = [];
      for (let i = 0; i < calls; i++) {
        const started = performance.now();
        await call(name);
        latencies.push(performance.now() - started);
      }
      latencies.sort((a, b) => a - b);
      return { name, p50: percentile(latencies, 50), p99: percentile(latencies, 99) };
    };
    const singles = [];
    for (const name of SINGLE_CHAIN_TOOLS) singles.push(await measure(name));
    const fanOut = await measure(FAN_OUT);
    // Every network must really have been read: an error entry would make the fan-out look fast.
    const { networks } = await call(FAN_OUT);
    const failed = Object.entries(networks).filter(([, result]) => 'error' in result);
    if (failed.length > 0)
      throw new Error(`getAllBalances: ${failed.map(([network, result]) => `${network}: ${result.error}`).join('; ')}`);
    return { singles, fanOut };
  } finally {
    await target.stop();
  }
}
