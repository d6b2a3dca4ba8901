import { newMasterKeyText } from '@svc/chains';
import { SANDBOX_PAY_TO } from '@svc/config';
import { generateKeyPairSigner } from '@solana/kit';
import { privateKeyToAddress, randomPrivateKey } from '@stacks/transactions';
import { x402Client } from '@x402/core/client';
import { wrapFetchWithPayment } from '@x402/fetch';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { type Address, erc20Abi } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { fundedWallet, LIVE_SETTINGS, pglite, usdcOf, useGateway, useSandboxGateway } from './harness.js';

const TOOL = 'hederaContractIdToEvmAddress';

describe('POST /api/sandbox/reset', () => {
  // Its own chains: a reset of the worker's shared sandbox would undo other files' funding mid-test.
  const gateway = useSandboxGateway(pglite, {}, { ownSandbox: true });
  const reset = () => fetch(`${gateway.url}/api/sandbox/reset`, { method: 'POST' });
  const payee = SANDBOX_PAY_TO.base as Address;

  it('restores Base: faucet funding and paid calls are undone, and paid calls settle after it', async () => {
    const payeeAtSeed = await usdcOf(gateway.sandbox, payee);
    // A paid call first: it moves the facilitator's settler nonces on, which the revert would otherwise undo.
    const before = await fundedWallet(gateway);
    expect((await before.call(TOOL, { contractId: '0.0.1234' })).status).toBe(200);
    expect(await usdcOf(gateway.sandbox, before.account.address)).toBeGreaterThan(0n);
    expect(await usdcOf(gateway.sandbox, payee)).toBeGreaterThan(payeeAtSeed);

    const res = await reset();
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sandbox: true,
      reset: ['evm', 'solana', 'stacks', 'hedera', 'bitcoin'],
      notReset: [],
    });
    expect(await usdcOf(gateway.sandbox, before.account.address)).toBe(0n);
    expect(await usdcOf(gateway.sandbox, payee)).toBe(payeeAtSeed);

    // After the reset the settlers' next transactions are mined at once (a nonce ahead of the chain's would wait).
    for (let call = 0; call < 5; call += 1) {
      const after = await fundedWallet(gateway);
      expect((await after.call(TOOL, { contractId: '0.0.1234' })).status).toBe(200);
    }
  });

  it('restores a lazily started EVM chain and seeds its market again on next use', async () => {
    const address = privateKeyToAccount(generatePrivateKey()).address;
    const bsc = await gateway.sandbox.evm(56);
    const link = bsc.token('LINK')!.address!;
    const linkOf = async () =>
      (await gateway.sandbox.evm(56)).chain.publicClient.readContract({
        address: link,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [address],
      });
    expect((await gateway.faucet({ address, chain: 'bsc', token: 'BNB', amount: '2' })).status).toBe(200);
    expect((await gateway.faucet({ address, chain: 'bsc', token: 'LINK', amount: '3' })).status).toBe(200);
    expect(await linkOf()).toBe(3_000_000_000_000_000_000n);

    expect((await reset()).status).toBe(200);
    expect(await bsc.chain.publicClient.getBalance({ address })).toBe(0n);
    expect(await linkOf()).toBe(0n);
    expect((await gateway.faucet({ address, chain: 'bsc', token: 'LINK', amount: '1' })).status).toBe(200);
    expect(await linkOf()).toBe(1_000_000_000_000_000_000n);
  });

  it('restores Solana: funding and SOL_USDC payments are undone, and SOL_USDC payments settle after it', async () => {
    const { solana } = gateway.sandbox;
    const payeeAtSeed = await solana.tokenBalance(SANDBOX_PAY_TO.solana);
    /** A new Solana wallet holding 1 USDC, paying a tool call with the official @x402/svm client. */
    const paidSolanaCall = async () => {
      const signer = await generateKeyPairSigner();
      expect((await gateway.faucet({ address: signer.address, token: 'SOL_USDC', amount: '1' })).status).toBe(200);
      const client = new x402Client().register('solana:*', new ExactSvmScheme(signer, { rpcUrl: solana.rpcUrl }));
      const res = await wrapFetchWithPayment(fetch, client)(`${gateway.url}/api/tools/execute/unified/${TOOL}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ contractId: '0.0.1234' }),
      });
      return { signer, status: res.status };
    };
    const before = await paidSolanaCall();
    expect(before.status).toBe(200);
    expect(await solana.tokenBalance(SANDBOX_PAY_TO.solana)).toBeGreaterThan(payeeAtSeed);

    expect((await reset()).status).toBe(200);
    expect(await solana.tokenBalance(before.signer.address)).toBe(0n);
    expect(await solana.solBalance(before.signer.address)).toBe(0n);
    expect(await solana.tokenBalance(SANDBOX_PAY_TO.solana)).toBe(payeeAtSeed);
    // The facilitator's fee payer is funded again, and the payee's token account is there again.
    expect((await paidSolanaCall()).status).toBe(200);
  });

  it('restores the Stacks ledger: faucet balances are undone, and the faucet works after it', async () => {
    const { stacks } = gateway.sandbox;
    const address = privateKeyToAddress(randomPrivateKey(), 'mainnet');
    expect((await gateway.faucet({ address, token: 'STX', amount: '2' })).status).toBe(200);
    expect((await gateway.faucet({ address, token: 'USDCx', amount: '3' })).status).toBe(200);
    expect(stacks.balanceOf(address)).toBe(2_000_000n);

    expect((await reset()).status).toBe(200);
    expect(stacks.balanceOf(address)).toBe(0n);
    expect(stacks.snapshot().balances[address]).toBeUndefined();
    expect((await gateway.faucet({ address, token: 'STX', amount: '1' })).status).toBe(200);
    expect(stacks.balanceOf(address)).toBe(1_000_000n);
  });

  it('restores the Bitcoin ledger and the Counterparty balances read from it', async () => {
    const { bitcoin } = gateway.sandbox;
    const address = 'bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq';
    const heightAtSeed = bitcoin.ledger.height;
    const fund = (token: string, amount: string) => gateway.faucet({ address, chain: 'bitcoin', token, amount });
    expect((await fund('BTC', '0.5')).status).toBe(200);
    expect((await fund('XCP', '2')).status).toBe(200);
    expect(bitcoin.ledger.balanceOf(address)).toBeGreaterThan(0n);
    expect(bitcoin.counterparty.balanceOf(address, 'XCP')).toBe(200_000_000n);

    expect((await reset()).status).toBe(200);
    expect(bitcoin.ledger.height).toBe(heightAtSeed);
    expect(bitcoin.ledger.balanceOf(address)).toBe(0n);
    expect(bitcoin.counterparty.balanceOf(address, 'XCP')).toBe(0n);
    // New blocks after the reset are read again, though their heights were parsed before it.
    expect((await fund('XCP', '1')).status).toBe(200);
    expect(bitcoin.counterparty.balanceOf(address, 'XCP')).toBe(100_000_000n);
  });

  it('restores the Hedera ledger: accounts the faucet created are gone, and the faucet works after it', async () => {
    const hedera = await gateway.sandbox.hedera();
    const wallet = privateKeyToAccount(generatePrivateKey()).address;
    const funded = await gateway.faucet({ address: wallet, chain: 'hedera', token: 'HBAR', amount: '3' });
    expect(funded.status).toBe(200);
    expect(hedera.account(wallet)?.tinybar).toBe(300_000_000n);

    expect((await reset()).status).toBe(200);
    expect(hedera.account(wallet)).toBeUndefined();
    expect((await gateway.faucet({ address: wallet, chain: 'hedera', token: 'HBAR', amount: '1' })).status).toBe(200);
    expect(hedera.account(wallet)?.tinybar).toBe(100_000_000n);
  });

  it('resets run one after another when asked at once', async () => {
    const answers = await Promise.all([reset(), reset(), reset()]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    const wallet = await fundedWallet(gateway);
    expect((await wallet.call(TOOL, { contractId: '0.0.1234' })).status).toBe(200);
  });
});

describe('POST /api/sandbox/reset in live mode', () => {
  const gateway = useGateway(pglite, { ...LIVE_SETTINGS, SVC_MASTER_KEY: newMasterKeyText() });

  it('is not there (404), like the faucet', async () => {
    const res = await gateway.app.inject({ method: 'POST', url: '/api/sandbox/reset' });
    expect(res.statusCode).toBe(404);
  });
});
