import {
  createSolanaRpc,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  partiallySignTransaction,
} from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { transferFeeOf } from '@svc/chains';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxSolana, startSandboxSolana } from './sandbox-solana.js';
import {
  decodeMint,
  decodeTokenAccount,
  mintTransferFee,
  TOKEN_2022_PROGRAM_ADDRESS,
  withheldAmountOf,
} from './token-programs.js';
import { SOLANA_TFEE_MINT, SOLANA_USDC_MINT } from './tokens.js';

const ONE_PERCENT = { epoch: 0n, transferFeeBasisPoints: 100, maximumFee: 5_000_000_000n };

describe('sandbox Solana Token-2022 (TFEE, 1% transfer fee)', () => {
  let sandbox: SandboxSolana;

  beforeAll(async () => {
    sandbox = await startSandboxSolana();
  });
  afterAll(() => sandbox?.stop());

  it('places TFEE as a Token-2022 mint with its transfer-fee extension, and the faucet mints to a Token-2022 ATA', async () => {
    const rpc = createSolanaRpc(sandbox.rpcUrl);
    const mint = (await rpc.getAccountInfo(SOLANA_TFEE_MINT, { encoding: 'base64' }).send()).value;
    expect(mint?.owner).toBe(TOKEN_2022_PROGRAM_ADDRESS);
    const decoded = decodeMint({
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      data: new Uint8Array(Buffer.from(mint?.data[0] ?? '', 'base64')),
    });
    expect(decoded && mintTransferFee(decoded, 0n)).toEqual(ONE_PERCENT);

    const user = await generateKeyPairSigner();
    await sandbox.mintToken(user.address, SOLANA_TFEE_MINT, 25_000_000n);
    expect(await sandbox.tokenBalance(user.address, SOLANA_TFEE_MINT)).toBe(25_000_000n);
    const listed = await rpc
      .getTokenAccountsByOwner(user.address, { programId: TOKEN_2022_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
      .send();
    expect(listed.value).toHaveLength(1);
    const [entry] = listed.value;
    expect(entry?.pubkey).toBe(await sandbox.tokenAccount(user.address, SOLANA_TFEE_MINT));
    expect(entry?.account.owner).toBe(TOKEN_2022_PROGRAM_ADDRESS);
    const data = entry?.account.data as unknown as { program: string; parsed: { info: Record<string, unknown> } };
    expect(data.program).toBe('spl-token-2022');
    expect(data.parsed.info).toMatchObject({
      mint: SOLANA_TFEE_MINT,
      owner: user.address,
      tokenAmount: { amount: '25000000', decimals: 6 },
      extensions: [{ extension: 'immutableOwner' }, { extension: 'transferFeeAmount', state: { withheldAmount: 0n } }],
    });
    // The classic program's listing does not show it.
    const classic = await rpc
      .getTokenAccountsByOwner(user.address, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' })
      .send();
    expect(classic.value).toHaveLength(0);
  });

  it('swaps TFEE in the venue net of the fee: the pool prices what it received, the withheld fee stays on its account', async () => {
    const user = await generateKeyPairSigner();
    await sandbox.airdrop(user.address, 1_000_000_000n);
    await sandbox.mintToken(user.address, SOLANA_TFEE_MINT, 100_000_000n);
    const sell = 50_000_000n;
    const quote = await sandbox.venue.quoteExactIn(SOLANA_TFEE_MINT, SOLANA_USDC_MINT, sell);
    // 50 TFEE at $2, less the 1% transfer fee and the 0.3% pool fee.
    expect(Number(quote.outAmount) / 1e6).toBeGreaterThan(98.5);
    expect(Number(quote.outAmount) / 1e6).toBeLessThan(98.71);
    const pool = quote.legs[0]?.pool.address as string;
    const poolBefore = await sandbox.tokenBalance(pool, SOLANA_TFEE_MINT);
    const { transaction } = await sandbox.venue.swapTransaction(quote, user.address, quote.outAmount);
    const signed = await partiallySignTransaction([user.keyPair], transaction);
    const rpc = createSolanaRpc(sandbox.rpcUrl);
    await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
    const fee = transferFeeOf(ONE_PERCENT, sell);
    expect(await sandbox.tokenBalance(user.address, SOLANA_TFEE_MINT)).toBe(50_000_000n);
    expect(await sandbox.tokenBalance(user.address, SOLANA_USDC_MINT)).toBe(quote.outAmount);
    expect((await sandbox.tokenBalance(pool, SOLANA_TFEE_MINT)) - poolBefore).toBe(sell - fee);
    const poolAccount = (
      await rpc.getAccountInfo(await sandbox.tokenAccount(pool, SOLANA_TFEE_MINT), { encoding: 'base64' }).send()
    ).value;
    const decoded = decodeTokenAccount({
      programAddress: TOKEN_2022_PROGRAM_ADDRESS,
      data: new Uint8Array(Buffer.from(poolAccount?.data[0] ?? '', 'base64')),
    });
    expect(decoded && withheldAmountOf(decoded)).toBe(fee);
  });

  it('buys TFEE exact-out: the user receives at least the amount asked after the fee', async () => {
    const user = await generateKeyPairSigner();
    await sandbox.airdrop(user.address, 1_000_000_000n);
    await sandbox.mintUsdc(user.address, 100_000_000n);
    const quote = await sandbox.venue.quoteExactOut(SOLANA_USDC_MINT, SOLANA_TFEE_MINT, 10_000_000n);
    expect(quote.outAmount).toBeGreaterThanOrEqual(10_000_000n);
    const { transaction } = await sandbox.venue.swapTransaction(quote, user.address, quote.outAmount);
    const signed = await partiallySignTransaction([user.keyPair], transaction);
    await createSolanaRpc(sandbox.rpcUrl)
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send();
    expect(await sandbox.tokenBalance(user.address, SOLANA_TFEE_MINT)).toBe(quote.outAmount);
  });
});
