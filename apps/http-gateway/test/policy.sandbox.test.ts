import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { ETH_NATIVE } from '@svc/contracts';
import { addCredit, creditBalance, positionsOf } from '@svc/store';
import { x402Client } from '@x402/core/client';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { wrapFetchWithSIWx } from '@x402/extensions/sign-in-with-x';
import { wrapFetchWithPayment } from '@x402/fetch';
import { type Address, getAddress, parseEther } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import { POLICY_PATH } from '../src/routes/policy.js';
import { backendsFor, usdcOf as baseUsdcOf, useSandboxGateway } from './harness.js';
import { mcpTransport } from './mcp-harness.js';

const FRIEND = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';

describe.each(backendsFor(import.meta.url))(
  'spending policy, enforced inside invoke for every transport ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend);
    const clients: Client[] = [];
    afterAll(() => Promise.all(clients.map((client) => client.close())));

    const usdcOf = (address: Address) => baseUsdcOf(gateway.sandbox, address);

    /** A funded wallet that signs in and pays over REST, its account's access key and credit, and an MCP client for it. */
    async function owner() {
      const account = privateKeyToAccount(generatePrivateKey());
      expect((await gateway.faucet({ address: account.address, token: 'BASE_USDC', amount: '1' })).status).toBe(200);
      const signedIn = wrapFetchWithSIWx(fetch, account);
      const signedInPaid = wrapFetchWithPayment(
        signedIn,
        new x402Client().register(
          'eip155:*',
          new ExactEvmScheme(toClientEvmSigner(account, gateway.sandbox.base.publicClient)),
        ),
      );
      const json = { 'content-type': 'application/json' };
      const rest = (tool: string, body: unknown) =>
        signedInPaid(`${gateway.url}/api/tools/execute/unified/${tool}`, {
          method: 'POST',
          headers: json,
          body: JSON.stringify(body),
        });
      const setPolicy = (policy: unknown) =>
        signedIn(`${gateway.url}${POLICY_PATH}`, { method: 'PUT', headers: json, body: JSON.stringify(policy) });
      const vaultOf = async () =>
        getAddress(
          ((await (await rest('wallet', {})).json()) as { vault: { networks: { ethereum: { address: string } } } })
            .vault.networks.ethereum.address,
        );
      const { key } = (await (
        await signedIn(`${gateway.url}/api/account/access-keys`, { method: 'POST', headers: json, body: '{}' })
      ).json()) as { key: string };
      const { accountId } = (await (
        await fetch(`${gateway.url}/api/account/credit`, { headers: { 'x-api-key': key } })
      ).json()) as { accountId: string };
      await addCredit(gateway.db, { accountId, amount: 1_000_000n, kind: 'grant' });
      const mcp = new Client({ name: 'policy-test', version: '1.0.0' });
      clients.push(mcp);
      await mcp.connect(
        mcpTransport(new URL('/api/mcp', gateway.url), { 'x-api-key': key, 'x-mcp-transactions': 'enabled' }),
      );
      return { account, accountId, signedIn, setPolicy, mcp, rest, vaultOf };
    }

    it('starts from the documented defaults and refuses an inconsistent policy with 400, changing nothing', async () => {
      const { signedIn, setPolicy } = await owner();
      const current = (await (await signedIn(`${gateway.url}${POLICY_PATH}`)).json()) as Record<string, unknown>;
      expect(current).toMatchObject({
        isDefault: true,
        policy: { perCallUsd: '25', dailyUsd: '100', allowedRecipients: null, allowedTools: null },
        spentLast24hUsd: '0',
      });
      const bad = await setPolicy({
        perCallUsd: '5',
        dailyUsd: '1',
        allowedRecipients: null,
        allowedTools: ['noSuchTool'],
      });
      expect(bad.status).toBe(400);
      const fields = ((await bad.json()) as { issues: { field: string }[] }).issues.map((i) => i.field);
      expect(fields).toEqual(expect.arrayContaining(['allowedTools.0']));
      expect(
        ((await (await signedIn(`${gateway.url}${POLICY_PATH}`)).json()) as { isDefault: boolean }).isDefault,
      ).toBe(true);
    });

    it('holds the daily cap across REST (x402) and MCP (credit): the call past it is refused and charges nothing', async () => {
      const { account, accountId, setPolicy, mcp, rest } = await owner();
      expect(
        (await setPolicy({ perCallUsd: '0.0024', dailyUsd: '0.0024', allowedRecipients: null, allowedTools: null }))
          .status,
      ).toBe(200);
      expect((await rest('createMemory', { category: 'notes', content: 'one' })).status).toBe(200);
      expect(
        (await mcp.callTool({ name: 'createMemory', arguments: { category: 'notes', content: 'two' } })).isError,
      ).toBeFalsy();

      const credit = await creditBalance(gateway.db, accountId);
      const usdc = await usdcOf(account.address);
      const overMcp = await mcp.callTool({ name: 'createMemory', arguments: { category: 'notes', content: 'three' } });
      expect(overMcp).toMatchObject({
        isError: true,
        structuredContent: { code: 'policy_refused', rule: 'daily_usd', limitUsd: '0.0024', spentUsd: '0.0024' },
      });
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
      expect(await mcp.callTool({ name: 'createMemory', arguments: { category: 'a', content: 'b' } })).toMatchObject({
        isError: true,
        structuredContent: { rule: 'per_call_usd', limitUsd: '0.001' },
      });
      await setPolicy({
        perCallUsd: '1',
        dailyUsd: '1',
        allowedRecipients: null,
        allowedTools: ['getUserMemoryCategories'],
      });
      const refused = await rest('createMemory', { category: 'a', content: 'b' });
      expect(refused.status).toBe(403);
      expect(await refused.json()).toMatchObject({ rule: 'allowed_tools', tool: 'createMemory' });
      expect((await mcp.callTool({ name: 'getUserMemoryCategories', arguments: {} })).isError).toBeFalsy();
      expect(await creditBalance(gateway.db, accountId)).toBe(credit - 1_200n);
    });

    it('sends only to allowlisted recipients (EVM addresses compared without case)', async () => {
      const { setPolicy, mcp } = await owner();
      await setPolicy({
        perCallUsd: '100',
        dailyUsd: '100',
        allowedRecipients: [FRIEND.toLowerCase()],
        allowedTools: null,
      });
      const stranger = await mcp.callTool({
        name: 'ethNativeSend-transaction',
        arguments: { to: '0x000000000000000000000000000000000000dEaD', amount: '0.01' },
      });
      expect(stranger).toMatchObject({
        isError: true,
        structuredContent: { code: 'policy_refused', rule: 'allowed_recipients' },
      });
      // An allowed recipient passes the policy and reaches the tool, which refuses to send from the empty vault: a
      // refusal after the arguments fit the schema is a tool result the host shows the model, not a protocol error.
      const friend = await mcp.callTool({
        name: 'ethNativeSend-transaction',
        arguments: { to: FRIEND, amount: '0.01' },
      });
      expect(friend).toMatchObject({
        isError: true,
        structuredContent: { code: 'invalid_input', detail: expect.stringContaining('amount: needs') },
      });
    });

    describe('counts what a call moves, valued in USD before anything is signed or paid', () => {
      const ethereum = () => gateway.sandbox.evm(1);
      const ethOf = async (address: Address) => (await ethereum()).chain.publicClient.getBalance({ address });
      const fundVault = async (vault: Address, chain: string, token: string, amount: string) =>
        expect((await gateway.faucet({ address: vault, chain, token, amount })).status).toBe(200);
      const ethPriceUsd = async () => (await ethereum()).tokenPriceUsd('ETH');

      it('refuses 1 ETH under a 5 USD per-call cap, over REST and MCP: no payment asked or taken, nothing moved', async () => {
        const { account, accountId, setPolicy, mcp, rest, vaultOf } = await owner();
        const vault = await vaultOf();
        await fundVault(vault, 'ethereum', 'ETH', '2');
        expect(await ethPriceUsd()).toBeGreaterThan(5);
        expect(
          (await setPolicy({ perCallUsd: '5', dailyUsd: '50', allowedRecipients: null, allowedTools: null })).status,
        ).toBe(200);
        const [vaultEth, friendEth, usdc, credit] = [
          await ethOf(vault),
          await ethOf(FRIEND),
          await usdcOf(account.address),
          await creditBalance(gateway.db, accountId),
        ];

        const overRest = await rest('ethNativeSend', { to: FRIEND, amount: '1' });
        expect(overRest.status).toBe(403);
        expect(overRest.headers.get('payment-required')).toBeNull();
        const refusal = (await overRest.json()) as {
          code: string;
          rule: string;
          movedUsd: string;
          limitUsd: string;
          detail: string;
        };
        expect(refusal).toMatchObject({ code: 'policy_refused', rule: 'per_call_usd', limitUsd: '5' });
        expect(Number(refusal.movedUsd)).toBeCloseTo(await ethPriceUsd(), 2);
        expect(refusal.detail).toContain('moved out of the wallet');
        const overMcp = await mcp.callTool({
          name: 'ethNativeSend-transaction',
          arguments: { to: FRIEND, amount: '1' },
        });
        expect(overMcp).toMatchObject({
          isError: true,
          structuredContent: { code: 'policy_refused', rule: 'per_call_usd' },
        });

        expect([
          await ethOf(vault),
          await ethOf(FRIEND),
          await usdcOf(account.address),
          await creditBalance(gateway.db, accountId),
        ]).toEqual([vaultEth, friendEth, usdc, credit]);
      });

      it('lets a send within the cap through, and the daily cap counts the moved value across calls and transports', async () => {
        const { setPolicy, mcp, rest, vaultOf, signedIn } = await owner();
        const vault = await vaultOf();
        await fundVault(vault, 'ethereum', 'ETH', '1');
        // Three USD's worth per send: the first two fit a 7 USD day, the third does not.
        const amount = (3 / (await ethPriceUsd())).toFixed(8);
        expect(
          (await setPolicy({ perCallUsd: '5', dailyUsd: '7', allowedRecipients: null, allowedTools: null })).status,
        ).toBe(200);
        const friendEth = await ethOf(FRIEND);

        expect((await rest('ethNativeSend', { to: FRIEND, amount })).status).toBe(200);
        expect(
          (await mcp.callTool({ name: 'ethNativeSend-transaction', arguments: { to: FRIEND, amount } })).isError,
        ).toBeFalsy();
        expect(await ethOf(FRIEND)).toBe(friendEth + 2n * parseEther(amount));
        const spent = (await (await signedIn(`${gateway.url}${POLICY_PATH}`)).json()) as { spentLast24hUsd: string };
        expect(Number(spent.spentLast24hUsd)).toBeGreaterThan(6);

        const third = await mcp.callTool({ name: 'ethNativeSend-transaction', arguments: { to: FRIEND, amount } });
        expect(third).toMatchObject({
          isError: true,
          structuredContent: { code: 'policy_refused', rule: 'daily_usd', limitUsd: '7' },
        });
        expect(Number((third.structuredContent as { movedUsd: string }).movedUsd)).toBeCloseTo(3, 2);
        expect(await ethOf(FRIEND)).toBe(friendEth + 2n * parseEther(amount));
      });

      it("values a swap's sell side, a USD budget included", async () => {
        const { setPolicy, rest, vaultOf } = await owner();
        const vault = await vaultOf();
        await fundVault(vault, 'base', 'ETH', '1');
        expect(
          (await setPolicy({ perCallUsd: '5', dailyUsd: '50', allowedRecipients: null, allowedTools: null })).status,
        ).toBe(200);
        const base = await gateway.sandbox.evm(8453);
        const held = await base.chain.publicClient.getBalance({ address: vault });

        const swap = await rest('baseSwap', { buyTokenAddress: base.token('USDC')!.address, sellAmount: '0.01' });
        expect(swap.status).toBe(403);
        const refusal = (await swap.json()) as { rule: string; movedUsd: string };
        expect(refusal.rule).toBe('per_call_usd');
        expect(Number(refusal.movedUsd)).toBeCloseTo(0.01 * (await base.tokenPriceUsd('ETH')), 2);
        const budget = await rest('baseSwap', { buyTokenAddress: base.token('USDC')!.address, sellAmount: '$20' });
        expect(budget.status).toBe(403);
        expect(await budget.json()).toMatchObject({ rule: 'per_call_usd' });
        expect(await base.chain.publicClient.getBalance({ address: vault })).toBe(held);
        expect(
          (await rest('baseSwap', { buyTokenAddress: base.token('USDC')!.address, sellAmount: '$2' })).status,
        ).toBe(200);
      });

      it("values a conditional order's funding and a Hedera swap's input before the order is placed or the swap signed", async () => {
        const { accountId, setPolicy, mcp } = await owner();
        expect(
          (await setPolicy({ perCallUsd: '5', dailyUsd: '50', allowedRecipients: null, allowedTools: null })).status,
        ).toBe(200);
        const base = await gateway.sandbox.evm(8453);
        const entry = {
          targetToken: ETH_NATIVE,
          fundingToken: base.token('USDC')!.address,
          fundingQuantity: 100,
          entryType: 'LIMIT',
          entryPriceUsd: '100',
          entryDirection: 'BELOW',
        };
        const refusedEntry = await mcp.callTool({ name: 'createBaseConditionalEntry-transaction', arguments: entry });
        expect(refusedEntry).toMatchObject({
          isError: true,
          structuredContent: { rule: 'per_call_usd', movedUsd: '100' },
        });
        expect(await positionsOf(gateway.db, accountId)).toEqual([]);
        expect(
          (
            await mcp.callTool({
              name: 'createBaseConditionalEntry-transaction',
              arguments: { ...entry, fundingQuantity: 2 },
            })
          ).isError,
        ).toBeFalsy();

        // The sandbox HBAR/USDC pool holds 4,000,000 HBAR against 1,000,000 USDC: 40 HBAR are worth 10 USD.
        const swap = await mcp.callTool({
          name: 'hederaTokensSwap-transaction',
          arguments: { fromTokenId: '0.0.0', toTokenId: '0.0.456858', amount: '40' },
        });
        expect(swap).toMatchObject({ isError: true, structuredContent: { rule: 'per_call_usd', movedUsd: '10' } });
      });

      it('refuses a move no price source can value, naming the asset and the flag, unless the policy allows unpriced moves', async () => {
        const { accountId, setPolicy, mcp } = await owner();
        const send = { to: 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq', amount: '0.001' };
        expect(
          (await setPolicy({ perCallUsd: '5', dailyUsd: '50', allowedRecipients: null, allowedTools: null })).status,
        ).toBe(200);
        const credit = await creditBalance(gateway.db, accountId);
        const refused = await mcp.callTool({ name: 'transferBTC-transaction', arguments: send });
        expect(refused).toMatchObject({
          isError: true,
          structuredContent: {
            code: 'policy_refused',
            rule: 'unpriced_move',
            flag: 'allowUnpricedMoves',
            reason: expect.stringContaining('0.001 BTC'),
          },
        });
        expect(await creditBalance(gateway.db, accountId)).toBe(credit);

        expect(
          (
            await setPolicy({
              perCallUsd: '5',
              dailyUsd: '50',
              allowedRecipients: null,
              allowedTools: null,
              allowUnpricedMoves: true,
            })
          ).status,
        ).toBe(200);
        // Past the policy, the tool itself answers (a tool result, see above): the vault holds no BTC.
        expect(await mcp.callTool({ name: 'transferBTC-transaction', arguments: send })).toMatchObject({
          isError: true,
          structuredContent: { code: 'invalid_input', detail: expect.stringContaining('amount: ') },
        });
      });
    });
  },
);
