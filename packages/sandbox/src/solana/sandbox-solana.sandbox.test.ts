import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  getSignatureFromTransaction,
  partiallySignTransactionMessageWithSigners,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
  setTransactionMessageFeePayerSigner,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { fetchMint, fetchToken, getTransferCheckedInstruction, TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxUsdcMintAuthority } from './ledger.js';
import { VENUE_POOL_DEPTH_USD } from './swap-venue.js';
import { SOLANA_USDC_MINT } from './tokens.js';
import { SOLANA_RPC_FACADE_METHODS } from './rpc-facade.js';
import { type SandboxSolana, startSandboxSolana } from './sandbox-solana.js';

const rpcCall = async (url: string, method: string, params: unknown[] = []) => {
  const response = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return (await response.json()) as { result?: unknown; error?: { code: number; message: string } };
};

describe('sandbox Solana (LiteSVM + JSON-RPC facade)', () => {
  let sandbox: SandboxSolana;
  let rpc: ReturnType<typeof createSolanaRpc>;

  beforeAll(async () => {
    sandbox = await startSandboxSolana();
    rpc = createSolanaRpc(sandbox.rpcUrl);
  });
  afterAll(() => sandbox?.stop());

  it('serves USDC at the mainnet mint address with 6 decimals and our mint authority', async () => {
    expect(sandbox.rpcUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
    expect(sandbox.usdcMint).toBe('EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v');
    const mint = await fetchMint(rpc, SOLANA_USDC_MINT);
    expect(mint.programAddress).toBe(TOKEN_PROGRAM_ADDRESS);
    expect(mint.data).toMatchObject({
      decimals: 6,
      isInitialized: true,
      mintAuthority: { __option: 'Some', value: (await sandboxUsdcMintAuthority()).address },
      freezeAuthority: { __option: 'None' },
    });
    expect(sandbox.usdcMintAuthority).toBe('BYdiH8wihTnjXDjWnA8JMpfacmeUE458aCR5AK4j7UH');
  });

  it('airdrops SOL and mints USDC into a new associated token account, visible over RPC', async () => {
    const owner = await generateKeyPairSigner();
    await sandbox.airdrop(owner.address, 2_000_000_000n);
    await sandbox.airdrop(owner.address, 2_000_000_000n);
    expect((await rpc.getBalance(owner.address).send()).value).toBe(4_000_000_000n);
    expect(await sandbox.tokenBalance(owner.address)).toBe(0n);
    const signature = await sandbox.mintUsdc(owner.address, 1_500_000n);
    await sandbox.mintUsdc(owner.address, 1_500_000n);
    expect(await sandbox.tokenBalance(owner.address, SOLANA_USDC_MINT)).toBe(3_000_000n);
    const token = await fetchToken(rpc, await sandbox.tokenAccount(owner.address));
    expect(token.data).toMatchObject({ owner: owner.address, mint: SOLANA_USDC_MINT, amount: 3_000_000n });
    expect((await rpc.getTokenAccountBalance(token.address).send()).value).toMatchObject({
      amount: '3000000',
      decimals: 6,
      uiAmountString: '3',
    });
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
    expect(status).toMatchObject({ confirmationStatus: 'finalized', err: null });
  });

  it('simulates without committing, sends, reports statuses, and refuses a replay', async () => {
    const payer = await generateKeyPairSigner();
    const recipient = await generateKeyPairSigner();
    await sandbox.airdrop(payer.address, 1_000_000_000n);
    await sandbox.mintUsdc(payer.address, 5_000n);
    await sandbox.mintUsdc(recipient.address, 0n);
    const { value: blockhash } = await rpc.getLatestBlockhash().send();
    const transfer = getTransferCheckedInstruction({
      source: await sandbox.tokenAccount(payer.address),
      mint: SOLANA_USDC_MINT,
      destination: await sandbox.tokenAccount(recipient.address),
      authority: payer,
      amount: 1_200n,
      decimals: 6,
    });
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstructions([transfer], m),
      ),
    );
    const wire = getBase64EncodedWireTransaction(signed);
    const simulated = await rpc.simulateTransaction(wire, { encoding: 'base64', sigVerify: true }).send();
    expect(simulated.value.err).toBeNull();
    expect(simulated.value.logs?.join('\n')).toMatch(/Program TokenkegQfeZyiNwAJbNbGKPFXCWuBvf9Ss623VQ5DA success/);
    expect(await sandbox.tokenBalance(recipient.address)).toBe(0n);
    const slot = await rpc.getSlot().send();
    const signature = await rpc.sendTransaction(wire, { encoding: 'base64' }).send();
    expect(signature).toBe(getSignatureFromTransaction(signed));
    expect(await rpc.getSlot().send()).toBe(slot + 1n);
    expect(await sandbox.tokenBalance(recipient.address)).toBe(1_200n);
    expect(await sandbox.tokenBalance(payer.address)).toBe(3_800n);
    const [status] = (await rpc.getSignatureStatuses([signature]).send()).value;
    expect(status).toMatchObject({ slot, confirmationStatus: 'finalized', err: null });
    const replay = await rpc
      .sendTransaction(wire, { encoding: 'base64', skipPreflight: true })
      .send()
      .catch((error: unknown) => error);
    expect((replay as Error).message).toBe('Transaction simulation failed');
    expect(((replay as Error).cause as Error).message).toMatch(/already been processed/);
    expect(await sandbox.tokenBalance(recipient.address)).toBe(1_200n);
  });

  it('simulates a transaction still missing its fee payer signature (sigVerify off), refuses to send it', async () => {
    const payer = await generateKeyPairSigner();
    const feePayer = await generateKeyPairSigner();
    const recipient = await generateKeyPairSigner();
    await sandbox.airdrop(payer.address, 1_000_000_000n);
    await sandbox.airdrop(feePayer.address, 1_000_000_000n);
    const { value: blockhash } = await rpc.getLatestBlockhash().send();
    const partial = await partiallySignTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayer(feePayer.address, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstructions(
            [getTransferSolInstruction({ source: payer, destination: recipient.address, amount: 10_000_000n })],
            m,
          ),
      ),
    );
    const wire = getBase64EncodedWireTransaction(partial);
    expect((await rpc.simulateTransaction(wire, { encoding: 'base64' }).send()).value.err).toBeNull();
    expect((await rpc.simulateTransaction(wire, { encoding: 'base64', sigVerify: true }).send()).value.err).toBe(
      'SignatureFailure',
    );
    await expect(rpc.sendTransaction(wire, { encoding: 'base64', skipPreflight: true }).send()).rejects.toThrow(
      /signature verification failure/i,
    );
    expect(await sandbox.solBalance(recipient.address)).toBe(0n);
  });

  it('reports instruction errors of a simulation in the RPC error shape', async () => {
    const payer = await generateKeyPairSigner();
    await sandbox.airdrop(payer.address, 1_000_000_000n);
    await sandbox.mintUsdc(payer.address, 100n);
    const { value: blockhash } = await rpc.getLatestBlockhash().send();
    const source = await sandbox.tokenAccount(payer.address);
    const overdraft = getTransferCheckedInstruction({
      source,
      mint: SOLANA_USDC_MINT,
      destination: source,
      authority: payer,
      amount: 101n,
      decimals: 6,
    });
    const signed = await signTransactionMessageWithSigners(
      pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(payer, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) => appendTransactionMessageInstructions([overdraft], m),
      ),
    );
    const { value } = await rpc
      .simulateTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send();
    expect(value.err).toEqual({ InstructionError: [0n, { Custom: 1n }] });
  });

  it('serves exactly the listed methods and answers others with -32601', async () => {
    expect(await rpcCall(sandbox.rpcUrl, 'getHealth')).toMatchObject({ result: 'ok' });
    expect(await rpcCall(sandbox.rpcUrl, 'getMinimumBalanceForRentExemption', [82])).toMatchObject({
      result: 1_461_600,
    });
    expect(await rpcCall(sandbox.rpcUrl, 'getBlockHeight')).toMatchObject({ result: expect.any(Number) });
    expect((await rpcCall(sandbox.rpcUrl, 'getProgramAccounts', [TOKEN_PROGRAM_ADDRESS])).error?.code).toBe(-32601);
    expect((await rpcCall(sandbox.rpcUrl, 'getBalance', ['not-an-address'])).error?.code).toBe(-32602);
    const { value } = await rpc
      .getMultipleAccounts([SOLANA_USDC_MINT, (await generateKeyPairSigner()).address], { encoding: 'base64' })
      .send();
    expect(value[0]?.owner).toBe(TOKEN_PROGRAM_ADDRESS);
    expect(value[1]).toBeNull();
    expect(SOLANA_RPC_FACADE_METHODS).toContain('simulateTransaction');
  });

  it('answers a JSON body that is not a request object with -32600 (a `null` body used to reject outside any handler)', async () => {
    for (const body of ['null', '[null]', '7']) {
      const response = await fetch(sandbox.rpcUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      });
      const answer = (await response.json()) as { error?: { code: number } } | { error?: { code: number } }[];
      expect((Array.isArray(answer) ? answer[0] : answer)?.error?.code).toBe(-32600);
    }
  });
});

describe('sandbox Solana persistence', () => {
  it('keeps balances and the mint supply across a restart with the same state file', async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'sandbox-solana-'));
    try {
      const stateFile = path.join(dir, 'chains', 'solana.bin');
      const owner = await generateKeyPairSigner();
      const first = await startSandboxSolana({ stateFile });
      await first.mintUsdc(owner.address, 42_000n);
      await first.airdrop(owner.address, 3_000_000n);
      await first.stop();
      const second = await startSandboxSolana({ stateFile });
      try {
        expect(await second.tokenBalance(owner.address)).toBe(42_000n);
        expect(await second.solBalance(owner.address)).toBe(3_000_000n);
        const mint = await fetchMint(createSolanaRpc(second.rpcUrl), SOLANA_USDC_MINT);
        // The swap venue's USDC pools (one per other seeded token) were seeded once (not again on restart), plus the
        // mint above.
        const usdcPools = BigInt(second.venue.pools.filter((pool) => pool.quote.mint === SOLANA_USDC_MINT).length);
        expect(usdcPools).toBe(7n);
        expect(mint.data.supply).toBe(usdcPools * BigInt(VENUE_POOL_DEPTH_USD) * 1_000_000n + 42_000n);
      } finally {
        await second.stop();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
