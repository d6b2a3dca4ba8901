#!/usr/bin/env node
// MCP interoperability check (run by .ci/run after the tests; needs the workspace built): the official conformance
// suite (@modelcontextprotocol/conformance 0.1.13, the last release that runs on Node 20) for server-initialize,
// ping and tools-list, and the MCP Inspector CLI (2.12.0) listing the tools. The gateway runs in sandbox mode on a
// free 127.0.0.1 port; neither tool can send our x-api-key, so a loopback proxy adds a fresh vault access key to
// every request they make.
import { spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp, loadConfig } from '../apps/http-gateway/dist/index.js';
import { accountForWallet, createAccessKey, openStore } from '../packages/store/dist/index.js';

const CONFORMANCE = '@modelcontextprotocol/conformance@0.1.13';
const INSPECTOR = '@modelcontextprotocol/inspector@2.12.0';
const SCENARIOS = ['server-initialize', 'ping', 'tools-list'];

const db = await openStore({ pgliteDir: 'memory://' });
const app = await buildApp(loadConfig({ SVC_MODE: 'sandbox', LOG_LEVEL: 'silent' }), { db });
const gateway = new URL(await app.listen({ host: '127.0.0.1', port: 0 }));
const { accountId } = await accountForWallet(db, 'eip155:8453', '0x000000000000000000000000000000000000c0de');
const { key } = await createAccessKey(db, { accountId, name: 'conformance', environment: 'development' });

const proxy = createServer((incoming, outgoing) => {
  const forwarded = httpRequest(
    {
      host: gateway.hostname,
      port: gateway.port,
      path: incoming.url,
      method: incoming.method,
      headers: { ...incoming.headers, host: gateway.host, 'x-api-key': key },
    },
    (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    },
  );
  forwarded.on('error', (error) => outgoing.writeHead(502).end(String(error)));
  incoming.pipe(forwarded);
});
await new Promise((resolve) => proxy.listen(0, '127.0.0.1', resolve));
const url = `http://127.0.0.1:${proxy.address().port}/api/mcp`;

// The inspector keeps state under HOME; a temp HOME keeps the run clean.
const env = { ...process.env, HOME: mkdtempSync(join(tmpdir(), 'mcp-check-')) };
// Asynchronous: the gateway and the proxy answer from this very process while the tools run.
const npx = (args) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['--yes', ...args], { env, timeout: 300_000 });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.stderr.on('data', (chunk) => (stderr += chunk));
    child.on('close', (status) => resolve({ status, stdout, stderr }));
  });

const results = [];
for (const scenario of SCENARIOS) {
  const run = await npx([CONFORMANCE, 'server', '--url', url, '--scenario', scenario]);
  results.push({ check: `conformance ${scenario}`, ok: run.status === 0, output: `${run.stdout}${run.stderr}` });
}
const listed = await npx([
  INSPECTOR,
  '--cli',
  url,
  '--transport',
  'http',
  '--method',
  'tools/list',
  '--format',
  'json',
  '-q',
]);
let tools = 0;
try {
  tools = JSON.parse(listed.stdout).result?.tools?.length ?? JSON.parse(listed.stdout).tools?.length ?? 0;
} catch {
  // Not JSON: the tool count stays 0, so the check fails and its output shows what came back.
}
results.push({
  check: `inspector --cli tools/list (${tools} tools)`,
  ok: listed.status === 0 && tools > 0,
  output: `${listed.stdout.slice(0, 2000)}${listed.stderr}`,
});

proxy.close();
await app.close();
await db.close();

for (const { check, ok, output } of results) {
  console.log(`${ok ? 'PASS' : 'FAIL'}  ${check}`);
  const lines = output
    .trim()
    .split('\n')
    .filter((line) => !line.startsWith('npm warn'));
  if (!ok) console.log(lines.map((line) => `      ${line}`).join('\n'));
}
const failed = results.filter((r) => !r.ok).length;
console.log(`mcp-conformance: ${results.length - failed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
