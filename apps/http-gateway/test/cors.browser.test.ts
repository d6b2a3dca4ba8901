import { createServer, type Server } from 'node:http';
import { fileURLToPath } from 'node:url';
import { findTool, priceOf } from '@svc/contracts';
import { SANDBOX_PAY_TO } from '@svc/config';
import { build } from 'esbuild';
import type { Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { usePage } from './browser.js';
import { pglite, usdcOf, useSandboxGateway } from './harness.js';

const TOOL = 'hederaContractIdToEvmAddress';
const PRICE = BigInt(Math.round(Number(priceOf(findTool(TOOL)!)) * 1e6));

/** Serves the x402 page and its bundle from another port of 127.0.0.1, hence another origin than the gateway. */
async function servePage(): Promise<{ server: Server; origin: string }> {
  const bundle = await build({
    entryPoints: [fileURLToPath(new URL('./browser-pages/x402-pay.ts', import.meta.url))],
    bundle: true,
    platform: 'browser',
    format: 'esm',
    target: 'es2022',
    write: false,
    logLevel: 'silent',
  });
  const script = bundle.outputFiles[0]!.text;
  // The page writes what the call answered into its DOM, where the test reads it.
  const page = `<!doctype html><html><body>
<pre id="status"></pre><pre id="output"></pre><pre id="settlement"></pre><pre id="error"></pre>
<script type="module">
import { payOneCall } from '/x402-pay.js';
const params = new URLSearchParams(location.search);
const show = (id, text) => { document.getElementById(id).textContent = text; };
try {
  const call = await payOneCall(params.get('url'), params.get('key'), params.get('body'));
  show('status', String(call.status));
  show('output', call.output);
  show('settlement', call.settlement);
} catch (error) {
  show('error', String(error));
}
document.body.dataset.done = 'true';
</script></body></html>`;
  const server = createServer((request, response) => {
    const isScript = request.url === '/x402-pay.js';
    response.writeHead(200, { 'content-type': isScript ? 'text/javascript' : 'text/html; charset=utf-8' });
    response.end(isScript ? script : page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  return { server, origin: `http://127.0.0.1:${port}` };
}

// A browser page on another origin pays a tool call with the official x402 client: only possible if the tool route
// answers the preflight (PAYMENT-SIGNATURE is not a CORS-safelisted header) and exposes PAYMENT-REQUIRED and
// PAYMENT-RESPONSE to the page's script.
describe('a browser x402 client on another origin', () => {
  const gateway = useSandboxGateway(pglite);
  const browser = usePage();
  let pageServer: Awaited<ReturnType<typeof servePage>>;

  beforeAll(async () => {
    pageServer = await servePage();
  });
  afterAll(async () => {
    await new Promise((resolve) => pageServer?.server.close(resolve));
  });

  it('pays a sandbox tool call through the gateway with @x402/fetch, and the payee receives the USDC', async () => {
    const key = generatePrivateKey();
    const payer = privateKeyToAccount(key).address;
    expect((await gateway.faucet({ address: payer, token: 'BASE_USDC', amount: '1' })).status).toBe(200);
    const payee = SANDBOX_PAY_TO.base as Address;
    const before = await usdcOf(gateway.sandbox, payee);

    const query = new URLSearchParams({
      url: `${gateway.url}/api/tools/execute/unified/${TOOL}`,
      key,
      body: JSON.stringify({ contractId: '0.0.1234' }),
    });
    const { page } = browser;
    await page.goto(`${pageServer.origin}/?${query}`);
    await page.waitForSelector('body[data-done="true"]');

    expect(await page.locator('#error').innerText()).toBe('');
    expect(await page.locator('#status').innerText()).toBe('200');
    expect(JSON.parse(await page.locator('#output').innerText())).toEqual({
      contractId: '0.0.1234',
      evmAddress: '0x00000000000000000000000000000000000004d2',
      sandbox: true,
    });
    expect(JSON.parse(await page.locator('#settlement').innerText())).toMatchObject({
      success: true,
      network: 'eip155:8453',
      payer,
    });
    expect(await usdcOf(gateway.sandbox, payee)).toBe(before + PRICE);
    expect(await usdcOf(gateway.sandbox, payer)).toBe(1_000_000n - PRICE);
    // The unpaid first attempt is the only failed response the page saw: no CORS error, no refused preflight.
    expect(browser.errors).toEqual([`402 ${gateway.url}/api/tools/execute/unified/${TOOL}`]);
  });
});
