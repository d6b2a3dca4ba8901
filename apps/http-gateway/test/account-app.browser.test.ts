import { decodePaymentResponseHeader } from '@x402/core/http';
import { wrapFetchWithSIWx } from '@x402/extensions/sign-in-with-x';
import type { Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { usePage } from './browser.js';
import { fundedWallet, pglite, useSandboxGateway } from './harness.js';

/**
 * The account app (/app) in headless Chromium against the sandbox gateway, signed in with a wallet the test holds:
 * the page gets an EIP-1193 provider whose `personal_sign` is delegated to a viem local account in the test, as a
 * browser wallet would sign. Every assertion reads the page's DOM; the API is asked whether the page told the truth.
 */
describe('the account app in Chromium', () => {
  const gateway = useSandboxGateway(pglite);
  const browser = usePage();
  const wallet = privateKeyToAccount(generatePrivateKey());
  /** The same wallet through the official SIWX client: what the API says, to hold the page to. */
  const api = (path: string, init?: RequestInit) => wrapFetchWithSIWx(fetch, wallet)(`${gateway.url}${path}`, init);
  let signatures = 0;

  const tab = (name: string) => browser.page.getByRole('button', { name, exact: true }).click();
  const text = (selector: string) => browser.page.locator(selector).innerText();
  /** The page's failed responses other than the sign-in challenges (402) every account call starts with. */
  const unexpectedErrors = (allowed: RegExp[] = []) =>
    browser.errors.filter((e) => !e.startsWith('402 ') && !allowed.some((pattern) => pattern.test(e)));

  it('signs in with the injected wallet, answering the SIWX challenge with personal_sign', async () => {
    const { page } = browser;
    await page.exposeFunction('walletPersonalSign', async (message: Hex, address: string) => {
      expect(address.toLowerCase()).toBe(wallet.address.toLowerCase());
      signatures += 1;
      return wallet.signMessage({ message: { raw: message } });
    });
    // Wallets hand out lower-case addresses; the app must checksum it for the SIWE message.
    await page.addInitScript((address) => {
      const page = globalThis as unknown as {
        ethereum: unknown;
        walletPersonalSign(message: string, address: string): Promise<string>;
      };
      page.ethereum = {
        request: async ({ method, params }: { method: string; params?: string[] }) => {
          if (method === 'eth_requestAccounts' || method === 'eth_accounts') return [address];
          if (method === 'personal_sign') return page.walletPersonalSign(params![0]!, params![1]!);
          throw Object.assign(new Error(`Unsupported method ${method}`), { code: 4200 });
        },
      };
    }, wallet.address.toLowerCase());

    await page.goto(`${gateway.url}/app`);
    await page.getByRole('button', { name: 'Sign in with wallet' }).click();
    expect(await text('#address')).toBe(wallet.address.toLowerCase());
    // The access keys screen loads at once: its list is the first signed call.
    await page.locator('#keys').waitFor();
    expect(signatures).toBeGreaterThan(0);
    expect(await text('#keys tbody')).toBe('');
    expect(unexpectedErrors()).toEqual([]);
  });

  it('creates an access key, shows it once, and the key opens MCP until it is revoked from the page', async () => {
    const { page } = browser;
    await page.getByLabel('Name').fill('agent');
    await page.getByRole('button', { name: 'Create key' }).click();
    const key = await text('#new-key');
    await expect.poll(() => text('#keys tbody')).toContain('agent');

    const ping = () =>
      fetch(`${gateway.url}/api/mcp`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': key },
        body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ping' }),
      });
    expect(await (await ping()).json()).toEqual({ jsonrpc: '2.0', id: 1, result: {} });
    const listed = (await (await api('/api/account/access-keys')).json()) as { keys: { name: string }[] };
    expect(listed.keys.map((k) => k.name)).toEqual(['agent']);

    await page.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => text('#keys tbody')).toContain('revoked');
    expect((await ping()).status).toBe(401);
    expect(unexpectedErrors()).toEqual([]);
  });

  it('creates a read token with its expiry, shows it once, and the token reads the account until revoked on the page', async () => {
    const { page } = browser;
    await tab('Tokens');
    await page.locator('#tokens').waitFor();
    expect(await text('#tokens tbody')).toBe('');

    await page.getByLabel('Name').fill('reader');
    await page.getByLabel('Scope').selectOption('read');
    await page.getByLabel('Expires in').selectOption({ label: '1 day' });
    await page.getByRole('button', { name: 'Create token' }).click();
    const token = await text('#new-token');
    const row = page.locator('#tokens tbody tr', { hasText: 'reader' });
    await row.waitFor();
    // The list holds everything but the token: the notice is the one place it appears.
    expect((await page.content()).split(token).length - 1).toBe(1);
    expect(await row.locator('td').nth(1).innerText()).toBe('read');

    const { tokens } = (await (await api('/api/account/tokens')).json()) as {
      tokens: { id: string; name: string; scope: string; createdAt: string; expiresAt: string; revokedAt: null }[];
    };
    expect(tokens).toHaveLength(1);
    expect(tokens[0]).toMatchObject({ name: 'reader', scope: 'read', revokedAt: null });
    expect(Date.parse(tokens[0]!.expiresAt) - Date.parse(tokens[0]!.createdAt)).toBe(86_400_000);
    expect(await row.getAttribute('data-token-id')).toBe(tokens[0]!.id);

    // Leaving the screen forgets the token: back on it, the list is there and the token is not.
    await tab('Access keys');
    await tab('Tokens');
    await page.locator('#tokens tbody tr', { hasText: 'reader' }).waitFor();
    expect(await page.locator('#new-token').count()).toBe(0);
    expect(await page.content()).not.toContain(token);

    const { accountId } = (await (await api('/api/account/calls')).json()) as { accountId: string };
    const credit = () => fetch(`${gateway.url}/api/account/credit`, { headers: { authorization: `Bearer ${token}` } });
    const allowed = await credit();
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toMatchObject({ accountId });

    await page.getByRole('button', { name: 'Revoke' }).click();
    await expect.poll(() => row.locator('td').nth(4).innerText()).toBe('revoked');
    const refused = await credit();
    expect(refused.status).toBe(401);
    expect(await refused.json()).toMatchObject({ code: 'credentials_invalid', reason: 'revoked' });
    expect(unexpectedErrors()).toEqual([]);
  });

  it('sets the spending policy: the page and the API agree, and a bad amount is refused on the page', async () => {
    const { page } = browser;
    await tab('Spending policy');
    await expect.poll(() => text('#policy-state')).toContain('Default policy');

    await page.getByLabel('Per call (USD)').fill('0.25');
    await page.getByLabel('Per day (USD)').fill('3');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await expect.poll(() => text('#policy-state')).toContain('Your policy: at most 0.25 USD a call and 3 USD a day');
    const { policy } = (await (await api('/api/account/policy')).json()) as { policy: Record<string, unknown> };
    expect(policy).toMatchObject({ perCallUsd: '0.25', dailyUsd: '3', allowedTools: null, allowedRecipients: null });

    await page.getByLabel('Per call (USD)').fill('5');
    await page.getByRole('button', { name: 'Save policy' }).click();
    await expect.poll(() => text('[role=alert]')).toContain('perCallUsd must not exceed dailyUsd');
    expect(unexpectedErrors([/^400 .*\/api\/account\/policy$/])).toEqual([]);
  });

  it('shows the credit, a paid call with its transaction, and the spend chart', async () => {
    const { page } = browser;
    const { call } = await fundedWallet(gateway, undefined, wallet);
    const paid = await call('createMemory', { category: 'notes', content: 'from the account app test' });
    expect(paid.status).toBe(200);
    const { transaction } = decodePaymentResponseHeader(paid.headers.get('payment-response')!);

    await tab('Credit & calls');
    await page.locator('#calls').waitFor();
    expect(await text('#credit-balance')).toBe('0 USD');
    const row = page.locator('#calls tbody tr', { hasText: 'createMemory' });
    expect(await row.count()).toBe(1);
    expect(await row.innerText()).toContain('settled');
    expect(await row.innerText()).toContain('0.0012 BASE_USDC');
    expect(await row.locator('code').innerText()).toBe(transaction);
    // Sandbox transactions are on no explorer: no link, the hash only.
    expect(await row.locator('a').count()).toBe(0);
    expect(await page.locator('#spend-chart rect[data-day]').count()).toBeGreaterThanOrEqual(1);
    expect(await page.locator('figcaption').innerText()).toContain('0.001200 USD spent over 1 day');
    expect(unexpectedErrors()).toEqual([]);
  });

  it('adds a webhook endpoint (secret shown once) and removes it', async () => {
    const { page } = browser;
    await tab('Webhook');
    await expect.poll(() => text('#webhook-state')).toBe('No webhook endpoint.');

    await page.getByLabel('URL').fill('http://127.0.0.1:9999/hook');
    await page.getByRole('button', { name: 'Add endpoint' }).click();
    expect(await text('#webhook-secret')).toMatch(/^whsec_/);
    await expect.poll(() => text('#webhook-state')).toContain('http://127.0.0.1:9999/hook');
    expect(await (await api('/api/account/webhook')).json()).toMatchObject({ url: 'http://127.0.0.1:9999/hook' });

    await page.getByRole('button', { name: 'Remove endpoint' }).click();
    await expect.poll(() => text('#webhook-state')).toBe('No webhook endpoint.');
    expect((await api('/api/account/webhook')).status).toBe(404);
    // The screen's first load asks for the endpoint there is not yet: 404, which it shows as none.
    expect(unexpectedErrors([/^404 .*\/api\/account\/webhook$/])).toEqual([]);
  });
});
