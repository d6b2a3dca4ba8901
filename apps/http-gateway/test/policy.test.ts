import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { addCredit, creditBalance } from '@svc/store';
import { x402Client } from '@x402/core/client';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithSIWx } from '@x402/extensions/sign-in-with-x';
import { wrapFetchWithPayment } from '@x402/fetch';
import { type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { POLICY_PATH } from '../src/routes/policy.js';
import { backends, usdcOf as baseUsdcOf, useSandboxGateway } from './harness.js';

const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe.each(backends)('spending policy, enforced inside invoke for every transport ($name)', (backend) => {
  const gateway = useSandboxGateway(backend);
  const clients: Client[] = [];
  afterAll(() => Promise.all(clients.map((client) => client.close())));

  const usdcOf = (address: Address) => baseUsdcOf(gateway.sandbox, address);

  /** A funded wallet that signs in and pays over REST, its account's access key and credit, and an MCP client for it. */
  async function owner() {
    const account = privateKeyToAccount(generatePrivateKey());
    expect((await gateway.faucet({ address: account.address, token: 'BASE_USDC', amount: '1' })).status).toBe(200);
    const signedIn = wrapFetchWithSIWx(fetch, account);
    const signedInPaid = wrapFetchWithPayment(signedIn, new x402Client().register('eip155:*', new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient))));
    const json = { 'content-type': 'application/json' };
    const setPolicy = (policy: unknown) => signedIn(`${gateway.url}${POLICY_PATH}`, { method: 'PUT', headers: json, body: JSON.stringify(policy) });
    const { key } = (await (await signedIn(`${gateway.url}/api/account/access-keys`, { method: 'POST', headers: json, body: '{}' })).json()) as { key: string };
    const { accountId } = (await (await fetch(`${gateway.url}/api/account/credit`, { headers: { 'x-api-key': key } })).json()) as { accountId: string };
    await addCredit(gateway.db, { accountId, amount: 1_000_000n, kind: 'grant' });
    const mcp = new Client({ name: 'policy-test', version: '1.0.0' });
    clients.push(mcp);
    await mcp.connect(new StreamableHTTPClientTransport(new URL('/api/mcp', gateway.url), { requestInit: { headers: { 'x-api-key': key, 'x-mcp-transactions': 'enabled' } } }));
    const rest = (tool: string, body: unknown) => signedInPaid(`${gateway.url}/api/tools/execute/unified/${tool}`, { method: 'POST', headers: json, body: JSON.stringify(body) });
    return { account, accountId, signedIn, setPolicy, mcp, rest };
  }

  it('starts from the documented defaults and refuses an inconsistent policy with 400, changing nothing', async () => {
    const { signedIn, setPolicy } = await owner();
    const current = (await (await signedIn(`${gateway.url}${POLICY_PATH}`)).json()) as Record<string, unknown>;
    expect(current).toMatchObject({ isDefault: true, policy: { perCallUsd: '25', dailyUsd: '100', allowedRecipients: null, allowedTools: null }, spentLast24hUsd: '0' });
    const bad = await setPolicy({ perCallUsd: '5', dailyUsd: '1', allowedRecipients: null, allowedTools: ['noSuchTool'] });
    expect(bad.status).toBe(400);
    const fields = ((await bad.json()) as { issues: { field: string }[] }).issues.map((i) => i.field);
    expect(fields).toEqual(expect.arrayContaining(['allowedTools.0']));
    expect(((await (await signedIn(`${gateway.url}${POLICY_PATH}`)).json()) as { isDefault: boolean }).isDefault).toBe(true);
  });

  it('holds the daily cap across REST (x402) and MCP (credit): the call past it is refused and charges nothing', async () => {
    const { account, accountId, setPolicy, mcp, rest } = await owner();
    expect((await setPolicy({ perCallUsd: '0.0024', dailyUsd: '0.0024', allowedRecipients: null, allowedTools: null })).status).toBe(200);
    expect((await rest('createMemory', { category: 'notes', content: 'one' })).status).toBe(200);
    expect((await mcp.callTool({ name: 'createMemory', arguments: { category: 'notes', content: 'two' } })).isError).toBeFalsy();

    const credit = await creditBalance(gateway.db, accountId);
    const usdc = await usdcOf(account.address);
    const overMcp = await mcp.callTool({ name: 'createMemory', arguments: { category: 'notes', content: 'three' } });
    expect(overMcp).toMatchObject({ isError: true, structuredContent: { code: 'policy_refused', rule: 'daily_usd', limitUsd: '0.0024', spentUsd: '0.0024' } });
    const overRest = await rest('createMemory', { category: 'notes', content: 'three' });
    expect(overRest.status).toBe(403);
    expect(await overRest.json()).toMatchObject({ code: 'policy_refused', rule: 'daily_usd' });
    expect(await creditBalance(gateway.db, accountId)).toBe(credit);
    expect(await usdcOf(account.address)).toBe(usdc);
    const memories = await mcp.callTool({ name: 'getUserMemoriesByCategory', arguments: { category: 'notes' } });
    expect(memories).toMatchObject({ isError: true, structuredContent: { rule: 'daily_usd' } }); // reading costs too
  });

  it('refuses a call over the per-call cap, and a tool the policy does not allow, before any payment is asked for', async () => {
    const { accountId, setPolicy, mcp, rest } = await owner();
    await setPolicy({ perCallUsd: '0.001', dailyUsd: '1', allowedRecipients: null, allowedTools: null });
    const credit = await creditBalance(gateway.db, accountId);
    expect(await mcp.callTool({ name: 'createMemory', arguments: { category: 'a', content: 'b' } })).toMatchObject({ isError: true, structuredContent: { rule: 'per_call_usd', limitUsd: '0.001' } });
    await setPolicy({ perCallUsd: '1', dailyUsd: '1', allowedRecipients: null, allowedTools: ['getUserMemoryCategories'] });
    const refused = await rest('createMemory', { category: 'a', content: 'b' });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ rule: 'allowed_tools', tool: 'createMemory' });
    expect((await mcp.callTool({ name: 'getUserMemoryCategories', arguments: {} })).isError).toBeFalsy();
    expect(await creditBalance(gateway.db, accountId)).toBe(credit - 1_200n);
  });

  it('sends only to allowlisted recipients (EVM addresses compared without case)', async () => {
    const { setPolicy, mcp } = await owner();
    await setPolicy({ perCallUsd: '1', dailyUsd: '1', allowedRecipients: [FRIEND.toLowerCase()], allowedTools: null });
    const stranger = await mcp.callTool({ name: 'ethNativeSend-transaction', arguments: { to: '0x000000000000000000000000000000000000dEaD', amount: '0.01' } });
    expect(stranger).toMatchObject({ isError: true, structuredContent: { code: 'policy_refused', rule: 'allowed_recipients' } });
    // An allowed recipient passes the policy and reaches the tool, which refuses to send from the empty vault.
    const friend = mcp.callTool({ name: 'ethNativeSend-transaction', arguments: { to: FRIEND, amount: '0.01' } });
    await expect(friend).rejects.toMatchObject({ code: -32602, message: expect.stringContaining('amount: needs') });
  });
});
