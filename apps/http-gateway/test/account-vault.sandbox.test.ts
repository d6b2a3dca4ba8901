import { randomBytes } from 'node:crypto';
import { LocalMasterKeyRing, vaultAddressesOf } from '@svc/chains';
import { SOLANA_USDC_MINT } from '@svc/sandbox';
import { accountForWallet } from '@svc/store';
import {
  address as solanaAddress,
  createKeyPairSignerFromBytes,
  generateKeyPairSigner,
  getBase58Encoder,
} from '@solana/kit';
import { wrapFetchWithSIWx } from '@x402/extensions/sign-in-with-x';
import { type Address, getAddress, parseEther, parseUnits } from 'viem';
import { generatePrivateKey, mnemonicToAccount, privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { ACCESS_KEYS_PATH } from '../src/routes/access-keys.js';
import { ACCOUNT_CALLS_PATH } from '../src/routes/account-calls.js';
import { ACCOUNT_VAULT_PATH } from '../src/routes/account-vault.js';
import { USER_TOKENS_PATH } from '../src/routes/user-tokens.js';
import { backendsFor, json, usdcOf, useSandboxGateway } from './harness.js';

const logLines: string[] = [];
const masterKey = new LocalMasterKeyRing(new Uint8Array(randomBytes(32)));
const EXPORT = `${ACCOUNT_VAULT_PATH}/export`;
const SWEEP = `${ACCOUNT_VAULT_PATH}/sweep`;

describe.each(backendsFor(import.meta.url))('the account vault exits over REST with SIWX ($name)', (backend) => {
  const gateway = useSandboxGateway(
    backend,
    { LOG_LEVEL: 'trace' },
    { masterKey, logStream: { write: (line: string) => void logLines.push(line) } },
  );

  /** A new wallet signed in with the official SIWX client, and its account's vault addresses (made on first need). */
  async function owner() {
    const wallet = privateKeyToAccount(generatePrivateKey());
    const signedInFetch = wrapFetchWithSIWx(fetch, wallet);
    const as = (path: string, body?: unknown) =>
      signedInFetch(`${gateway.url}${path}`, {
        method: body === undefined ? 'GET' : 'POST',
        headers: { 'content-type': 'application/json' },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
    // The first signed-in request makes the account; the calls list also creates nothing else.
    await json(await as(ACCOUNT_CALLS_PATH));
    const { accountId } = await accountForWallet(gateway.db, 'eip155:8453', wallet.address);
    return { as, accountId, vault: () => vaultAddressesOf(gateway.db, masterKey, accountId) };
  }

  it('exports the keys once per request to the signed-in owner who confirms with the vault address; audited, never logged', async () => {
    const alice = await owner();
    // Without a sign-in proof: the 402 sign-in challenge, no keys.
    const anonymous = await fetch(`${gateway.url}${EXPORT}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ confirm: 'x' }),
    });
    expect(anonymous.status).toBe(402);
    // The approval must repeat the vault's EVM address.
    expect(await json(await alice.as(EXPORT, { confirm: 'yes' }), 400)).toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'confirm' }],
    });
    expect(await json(await alice.as(EXPORT, {}), 400)).toMatchObject({ issues: [{ field: 'confirm' }] });
    const vault = await alice.vault();

    const res = await alice.as(EXPORT, { confirm: vault.evm.toLowerCase() });
    expect(res.headers.get('cache-control')).toBe('no-store');
    const { keys, exportedAt } = await json(res);
    expect(exportedAt).toEqual(expect.any(String));
    // The keys really control the vault: each derives the address the service holds for it.
    expect(privateKeyToAddress(keys.evm.privateKey)).toBe(getAddress(vault.evm));
    expect(keys.evm.address).toBe(vault.evm);
    expect(mnemonicToAccount(keys.mnemonic, { path: keys.derivationPaths.evm }).address).toBe(getAddress(vault.evm));
    const solanaSigner = await createKeyPairSignerFromBytes(
      new Uint8Array(getBase58Encoder().encode(keys.solana.secretKey)),
    );
    expect(solanaSigner.address).toBe(vault.solana);
    expect(keys.bitcoin.segwit.wif).toEqual(expect.any(String));

    // Audited: the owner's call history shows the export.
    const { calls } = await json(await alice.as(ACCOUNT_CALLS_PATH));
    expect(calls).toContainEqual(
      expect.objectContaining({ tool: 'accountVaultExport', outcome: 'exported', httpStatus: 200 }),
    );
    // Never logged (the gateway logged at trace level throughout).
    const logs = logLines.join('\n');
    expect(logs).toContain(EXPORT);
    for (const secret of [keys.mnemonic, keys.evm.privateKey, keys.evm.privateKey.slice(2), keys.solana.secretKey])
      expect(logs).not.toContain(secret);
  });

  it('refuses an access key and an OAuth (user-issued Bearer) token: the export needs the wallet signature', async () => {
    const alice = await owner();
    const { evm } = await alice.vault();
    const { key } = await json(await alice.as(ACCESS_KEYS_PATH, { name: 'agent' }), 201);
    const { token } = await json(await alice.as(USER_TOKENS_PATH, { name: 'agent', scope: 'transact' }), 201);
    const credentials: Record<string, string>[] = [{ 'x-api-key': key }, { authorization: `Bearer ${token}` }];
    for (const headers of credentials) {
      const res = await fetch(`${gateway.url}${EXPORT}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: JSON.stringify({ confirm: evm }),
      });
      const text = await res.text();
      expect(res.status, text).toBe(402);
      expect(text).not.toContain('privateKey');
    }
    const { calls } = await json(await alice.as(ACCOUNT_CALLS_PATH));
    expect(calls.filter((call: { tool: string }) => call.tool === 'accountVaultExport')).toEqual([]);
  });

  it('sweeps the vault’s Base USDC and ETH and its Solana USDC and SOL to the owner’s addresses, on chain', async () => {
    const alice = await owner();
    const vault = await alice.vault();
    const base = gateway.sandbox.base;
    const solana = gateway.sandbox.solana;
    const fund = async (body: Record<string, string>) => json(await gateway.faucet(body));
    await fund({ address: vault.evm, token: 'BASE_USDC', amount: '7.5' });
    await fund({ address: vault.evm, chain: 'base', token: 'ETH', amount: '0.01' });
    await fund({ address: vault.solana, token: 'SOL_USDC', amount: '4.25' });
    await fund({ address: vault.solana, chain: 'solana', token: 'SOL', amount: '0.5' });
    const evmTo = privateKeyToAccount(generatePrivateKey()).address;
    const solanaTo = (await generateKeyPairSigner()).address;
    const ethOf = (address: string) => base.publicClient.getBalance({ address: address as Address });

    // A bad destination is a 400 naming it, and nothing moves (nor on the other family's good destination).
    const before = { usdc: await usdcOf(gateway.sandbox, vault.evm as Address), eth: await ethOf(vault.evm) };
    for (const [destinations, field] of [
      [{ evm: '0x1234', solana: solanaTo }, 'destinations.evm'],
      [{ evm: evmTo, solana: 'not-a-solana-address' }, 'destinations.solana'],
      [{ evm: vault.evm }, 'destinations.evm'],
      [{}, 'destinations'],
    ] as const)
      expect(await json(await alice.as(SWEEP, { destinations }), 400)).toMatchObject({ issues: [{ field }] });
    expect(await usdcOf(gateway.sandbox, vault.evm as Address)).toBe(before.usdc);
    expect(await ethOf(vault.evm)).toBe(before.eth);
    expect(await solana.tokenBalance(solanaAddress(vault.solana), SOLANA_USDC_MINT)).toBe(4_250_000n);

    const { chains } = await json(await alice.as(SWEEP, { destinations: { evm: evmTo, solana: solanaTo } }));
    const chain = (key: string) => chains.find((entry: { chain: string }) => entry.chain === key);
    expect(chains.map((entry: { chain: string }) => entry.chain).sort()).toEqual(
      ['altchain', 'base', 'bsc', 'ethereum', 'polygon', 'solana'].sort(),
    );
    const baseAssets = chain('base').assets;
    expect(baseAssets).toEqual([
      expect.objectContaining({ symbol: 'USDC', balance: '7.5', amount: '7.5', txHash: expect.stringMatching(/^0x/) }),
      expect.objectContaining({ symbol: 'ETH', token: null, balance: '0.01', txHash: expect.stringMatching(/^0x/) }),
    ]);
    // On chain: the destination holds the USDC and the ETH sent; the vault keeps only its gas reserve.
    expect(await usdcOf(gateway.sandbox, evmTo)).toBe(7_500_000n);
    expect(await usdcOf(gateway.sandbox, vault.evm as Address)).toBe(0n);
    const ethMoved = await ethOf(evmTo);
    expect(ethMoved).toBe(parseEther(baseAssets[1].amount));
    // What 'max' leaves: the 0.0005 ETH reserve and what the fee cap did not use.
    expect(await ethOf(vault.evm)).toBeGreaterThanOrEqual(parseEther('0.0005'));
    expect(await ethOf(vault.evm)).toBeLessThan(parseEther('0.001'));
    for (const asset of baseAssets)
      expect((await base.publicClient.getTransactionReceipt({ hash: asset.txHash })).status).toBe('success');
    // Empty chains move nothing.
    expect(chain('ethereum').assets).toEqual([]);

    const solanaAssets = chain('solana').assets;
    expect(solanaAssets).toEqual([
      expect.objectContaining({ token: SOLANA_USDC_MINT, balance: '4.25', amount: '4.25', txHash: expect.any(String) }),
      expect.objectContaining({ symbol: 'SOL', token: null, txHash: expect.any(String) }),
    ]);
    expect(await solana.tokenBalance(solanaAddress(solanaTo), SOLANA_USDC_MINT)).toBe(4_250_000n);
    expect(await solana.tokenBalance(solanaAddress(vault.solana), SOLANA_USDC_MINT)).toBe(0n);
    expect(await solana.solBalance(solanaAddress(solanaTo))).toBe(parseUnits(solanaAssets[1].amount, 9));
    expect(await solana.solBalance(solanaAddress(vault.solana))).toBe(2_000_000n);

    const { calls } = await json(await alice.as(ACCOUNT_CALLS_PATH));
    expect(calls).toContainEqual(expect.objectContaining({ tool: 'accountVaultSweep', outcome: 'swept' }));

    // A second sweep finds nothing left to move but the reserves, and says why per asset.
    const again = await json(await alice.as(SWEEP, { destinations: { evm: evmTo } }));
    expect(again.chains.find((entry: { chain: string }) => entry.chain === 'base').assets).toEqual([
      expect.objectContaining({ symbol: 'ETH', error: expect.objectContaining({ code: 'invalid_input' }) }),
    ]);
  });
});
