import { randomBytes } from 'node:crypto';
import { LocalMasterKeyRing } from '@svc/chains';
import { SOLANA_TFEE_MINT, SOLANA_USDC_MINT } from '@svc/sandbox';
import {
  appendTransactionMessageInstructions,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64EncodedWireTransaction,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
  signTransactionMessageWithSigners,
} from '@solana/kit';
import {
  ExtensionType,
  getCreateAssociatedTokenIdempotentInstruction,
  getEnableMemoTransfersInstruction,
  getReallocateInstruction,
} from '@solana-program/token-2022';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, UNCAPPED, useSandboxGateway } from './harness.js';

const masterKey = new LocalMasterKeyRing(new Uint8Array(randomBytes(32)));
const TOKEN_2022 = 'TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb';

describe.each(backendsFor(import.meta.url))(
  'Solana Token-2022 (TFEE, a 1% transfer fee) through the paid tools on the sandbox chain ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend, {}, { masterKey });
    const solana = () => gateway.sandbox.solana;
    const faucet = async (address: string, token: string, amount: string) =>
      json(await gateway.faucet({ address, chain: 'solana', token, amount }));

    /** A signed-in paying wallet whose vault holds 1 SOL, 50 USDC and 100 TFEE (faucet by symbol). */
    const fundedVault = async () => {
      const wallet = await fundedWallet(gateway, UNCAPPED);
      const vault: string = (await json(await wallet.call('solanaBalances', {}))).address;
      await faucet(vault, 'SOL', '1');
      await faucet(vault, 'usdc', '50');
      await faucet(vault, 'TFEE', '100');
      return { ...wallet, vault };
    };

    it('lists TFEE under Token-2022 with its fee; a transfer arrives net of the fee, withheld on the recipient account', async () => {
      const alice = await fundedVault();
      const balances = await json(await alice.call('solanaBalances', {}));
      expect(balances.assets).toContainEqual({
        symbol: 'TFEE',
        address: SOLANA_TFEE_MINT,
        decimals: 6,
        balance: '100',
        humanReadableBalance: '100',
        tokenProgram: 'spl-token-2022',
        transferFeeBps: 100,
      });
      expect(balances.assets).toContainEqual(
        expect.objectContaining({ symbol: 'USDC', tokenProgram: 'spl-token', balance: '50' }),
      );
      expect(balances.assets.find((asset: { symbol: string }) => asset.symbol === 'USDC')).not.toHaveProperty(
        'transferFeeBps',
      );

      const bob = (await generateKeyPairSigner()).address;
      const sent = await json(
        await alice.call('solanaTransfer', { toWalletAddress: bob, amount: 12.5, tokenAddress: SOLANA_TFEE_MINT }),
      );
      // 1% of 12.5 TFEE, rounded up to the atomic unit.
      expect(sent).toMatchObject({
        amount: '12.5',
        atomic: '12500000',
        tokenProgram: 'spl-token-2022',
        transferFee: '0.125',
        transferFeeAtomic: '125000',
        received: '12.375',
        receivedAtomic: '12375000',
      });
      expect(await solana().tokenBalance(alice.vault, SOLANA_TFEE_MINT)).toBe(87_500_000n);
      expect(await solana().tokenBalance(bob, SOLANA_TFEE_MINT)).toBe(12_375_000n);
      const rpc = createSolanaRpc(solana().rpcUrl);
      const bobAccount = await solana().tokenAccount(bob, SOLANA_TFEE_MINT);
      const account = (await rpc.getAccountInfo(bobAccount, { encoding: 'jsonParsed' }).send()).value;
      expect(account?.owner).toBe(TOKEN_2022);
      expect((account?.data as { parsed: { info: { extensions: unknown[] } } }).parsed.info.extensions).toContainEqual({
        extension: 'transferFeeAmount',
        state: { withheldAmount: 125_000n },
      });

      // A classic token still moves with the classic program, with no fee.
      const usdc = await json(
        await alice.call('solanaTransfer', { toWalletAddress: bob, amount: 1, tokenAddress: SOLANA_USDC_MINT }),
      );
      expect(usdc.tokenProgram).toBe('spl-token');
      expect(usdc).not.toHaveProperty('transferFee');
      expect(await solana().tokenBalance(bob, SOLANA_USDC_MINT)).toBe(1_000_000n);
    }, 60_000);

    it('leads the transfer with a memo when the recipient account requires memos (memo-transfer extension)', async () => {
      const alice = await fundedVault();
      // Bob opens his TFEE account and turns on required memos, as a wallet does, signing himself.
      const bob = await generateKeyPairSigner();
      await solana().airdrop(bob.address, 100_000_000n);
      const token = await solana().tokenAccount(bob.address, SOLANA_TFEE_MINT);
      const rpc = createSolanaRpc(solana().rpcUrl);
      const { value: blockhash } = await rpc.getLatestBlockhash().send();
      const message = pipe(
        createTransactionMessage({ version: 0 }),
        (m) => setTransactionMessageFeePayerSigner(bob, m),
        (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
        (m) =>
          appendTransactionMessageInstructions(
            [
              getCreateAssociatedTokenIdempotentInstruction({
                payer: bob,
                ata: token,
                owner: bob.address,
                mint: SOLANA_TFEE_MINT,
              }),
              getReallocateInstruction({
                token,
                payer: bob,
                owner: bob,
                newExtensionTypes: [ExtensionType.MemoTransfer],
              }),
              getEnableMemoTransfersInstruction({ token, owner: bob }),
            ],
            m,
          ),
      );
      const signed = await signTransactionMessageWithSigners(message);
      await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send();
      const opened = (await rpc.getAccountInfo(token, { encoding: 'jsonParsed' }).send()).value;
      expect((opened?.data as { parsed: { info: { extensions: unknown[] } } }).parsed.info.extensions).toContainEqual({
        extension: 'memoTransfer',
        state: { requireIncomingTransferMemos: true },
      });

      const sent = await json(
        await alice.call('solanaTransfer', { toWalletAddress: bob.address, amount: 2, tokenAddress: SOLANA_TFEE_MINT }),
      );
      expect(sent).toMatchObject({ receivedAtomic: '1980000', memo: expect.stringContaining(SOLANA_TFEE_MINT) });
      expect(await solana().tokenBalance(bob.address, SOLANA_TFEE_MINT)).toBe(1_980_000n);
    }, 60_000);

    it('swaps TFEE in the sandbox venue both ways: both balances change, the bought amount is what arrived', async () => {
      const alice = await fundedVault();
      const before = {
        usdc: await solana().tokenBalance(alice.vault, SOLANA_USDC_MINT),
        tfee: await solana().tokenBalance(alice.vault, SOLANA_TFEE_MINT),
      };
      const bought = await json(
        await alice.call('splBuyIntent', { mode: 'swap', token: 'TFEE', amount_text: '20 usdc', spend_token: 'USDC' }),
      );
      const mid = {
        usdc: await solana().tokenBalance(alice.vault, SOLANA_USDC_MINT),
        tfee: await solana().tokenBalance(alice.vault, SOLANA_TFEE_MINT),
      };
      expect(mid.usdc).toBe(before.usdc - 20_000_000n);
      expect(mid.tfee - before.tfee).toBe(BigInt(bought.bought.atomic));
      // $20 at $2 less the 0.3% pool fee and the 1% transfer fee withheld on the way out: 10 × 0.997 × 0.99 = 9.8703
      // before a little price impact.
      expect(Number(bought.bought.amount)).toBeGreaterThan(9.86);
      expect(Number(bought.bought.amount)).toBeLessThan(9.8703);

      const sold = await json(
        await alice.call('splBuyIntent', { mode: 'swap', token: 'USDC', amount_text: '10 TFEE', spend_token: 'TFEE' }),
      );
      expect(await solana().tokenBalance(alice.vault, SOLANA_TFEE_MINT)).toBe(mid.tfee - 10_000_000n);
      const usdcGained = (await solana().tokenBalance(alice.vault, SOLANA_USDC_MINT)) - mid.usdc;
      expect(usdcGained).toBe(BigInt(sold.bought.atomic));
      // 10 TFEE, 1% withheld on the way in, at about $2 (the buy above lifted it a little) less the pool fee:
      // 9.9 × 2 × 0.997 = 19.74; without the transfer fee it would be 19.94.
      expect(Number(sold.bought.amount)).toBeGreaterThan(19.7);
      expect(Number(sold.bought.amount)).toBeLessThan(19.76);
    }, 60_000);
  },
);
