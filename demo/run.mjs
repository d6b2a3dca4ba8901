#!/usr/bin/env node
// pnpm demo: a new wallet pays for three tool calls, end to end, against the service in sandbox mode started in
// this process (anvil Base chain 8453, in-process facilitator, in-memory PGlite). Needs the workspace built.
import { createServer } from 'node:net';
import { pathToFileURL } from 'node:url';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { erc20Abi, formatUnits } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { buildApp, loadConfig } from '../apps/http-gateway/dist/index.js';
import { startSandbox } from '../apps/http-gateway/dist/sandbox.js';
import { openStore } from '../packages/store/dist/index.js';

const TOOL = 'hederaContractIdToEvmAddress'; // the tool with a handler today (packages/tools/src/handlers.ts)
const CALLS = [{ contractId: '0.0.1234' }, { contractId: '0.0.5005' }, { contractId: '0.0.987654' }];

function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer().once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/** Runs the demo, printing through `log`; resolves with the three settlement transaction hashes. */
export async function main({ log = console.log } = {}) {
  const port = await freePort();
  const sandbox = await startSandbox();
  const db = await openStore({ pgliteDir: 'memory://' });
  const app = await buildApp(
    loadConfig({ SVC_MODE: 'sandbox', HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'silent' }),
    { db, sandbox },
  );
  try {
    await app.listen({ host: '127.0.0.1', port });
    const service = `http://127.0.0.1:${port}`;
    log(`service (sandbox mode): ${service}   sandbox Base chain 8453: ${sandbox.base.rpcUrl}`);

    const account = privateKeyToAccount(generatePrivateKey());
    const usdc = async () =>
      `${formatUnits(await sandbox.base.publicClient.readContract({ address: sandbox.base.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [account.address] }), 6)} USDC`;
    log(`new wallet: ${account.address}   balance: ${await usdc()}`);

    const faucet = await fetch(`${service}/api/sandbox/faucet`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ address: account.address, token: 'BASE_USDC', amount: '1' }),
    });
    if (faucet.status !== 200) throw new Error(`faucet answered ${faucet.status}: ${await faucet.text()}`);
    log(`faucet: +1 USDC (tx ${(await faucet.json()).transaction})   balance before calls: ${await usdc()}`);

    const client = new x402Client().register(
      'eip155:*',
      new ExactEvmScheme(toClientEvmSigner(account, sandbox.base.publicClient)),
    );
    const payFetch = wrapFetchWithPayment(fetch, client);
    const transactions = [];
    for (const input of CALLS) {
      const res = await payFetch(`${service}/api/tools/execute/unified/${TOOL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(input),
      });
      const body = await res.json();
      if (res.status !== 200) throw new Error(`${TOOL} answered ${res.status}: ${JSON.stringify(body)}`);
      const settlement = decodePaymentResponseHeader(res.headers.get('payment-response'));
      if (!settlement.success) throw new Error(`settlement failed: ${JSON.stringify(settlement)}`);
      transactions.push(settlement.transaction);
      log(`${TOOL} ${JSON.stringify(input)} -> ${res.status} ${JSON.stringify(body)}`);
      log(`  paid on ${settlement.network}, settlement tx ${settlement.transaction}`);
    }
    log(`balance after ${CALLS.length} calls: ${await usdc()}`);
    return transactions;
  } finally {
    await app.close();
    await sandbox.stop();
    await db.close();
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().then(
    () => process.exit(0),
    (error) => {
      console.error(error);
      process.exit(1);
    },
  );
}
