import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { PrivateKey, Transaction } from '@hashgraph/sdk';
import { beforeAll, describe, expect, it } from 'vitest';
import { HBAR, longZeroAddressOf, swapCallData } from '@svc/chains';
import { HederaSandboxLedger, SANDBOX_FEES } from './ledger.js';

const USDC = '0.0.456858';
let ledger: HederaSandboxLedger;
beforeAll(async () => {
  ledger = await HederaSandboxLedger.create();
}, 20_000);

/** Freezes `tx` for the sandbox node with `payer` paying, signs it with `keys` and returns the bytes. */
async function signed(tx: Transaction, payer: string, ...keys: PrivateKey[]): Promise<Uint8Array> {
  const { AccountId, TransactionId } = ledger.sdk;
  let frozen = tx
    .setTransactionId(TransactionId.generate(payer))
    .setNodeAccountIds([AccountId.fromString('0.0.3')])
    .freeze();
  for (const key of keys) frozen = await frozen.sign(key);
  return frozen.toBytes();
}

function hbarTransfer(from: string, to: string, tinybars: bigint) {
  const { TransferTransaction, Hbar, AccountId } = ledger.sdk;
  const toId = to.startsWith('0x') ? AccountId.fromEvmAddress(0, 0, to) : AccountId.fromString(to);
  return new TransferTransaction()
    .addHbarTransfer(from, Hbar.fromTinybars((-tinybars).toString()))
    .addHbarTransfer(toId, Hbar.fromTinybars(tinybars.toString()));
}

describe('HederaSandboxLedger', () => {
  it('creates a hollow account under an EVM alias on funding; its alias key completes it on first use', async () => {
    const key = ledger.sdk.PrivateKey.generateECDSA();
    const alias = `0x${key.publicKey.toEvmAddress()}`;
    const funding = await ledger.fund(alias, HBAR, 10n ** 9n);
    expect(funding.createdAccounts).toHaveLength(1);
    const id = funding.createdAccounts[0] as string;
    expect(ledger.account(alias)).toMatchObject({ accountId: id, evmAddress: alias, key: null, tinybar: 10n ** 9n });
    expect(ledger.account(id)?.accountId).toBe(id);

    // Another key cannot spend from it.
    const stranger = ledger.sdk.PrivateKey.generateECDSA();
    const forged = await signed(hbarTransfer(id, '0.0.2', 5n), id, stranger);
    expect(() => ledger.submit(forged)).toThrow(/INVALID_SIGNATURE/);

    const send = await signed(hbarTransfer(id, '0.0.2', 5n), id, key);
    const record = ledger.submit(send);
    expect(record.transfers).toEqual(
      expect.arrayContaining([{ account: id, asset: HBAR, amount: -5n - SANDBOX_FEES.transfer }]),
    );
    expect(ledger.account(id)).toMatchObject({
      key: key.publicKey.toStringDer(),
      tinybar: 10n ** 9n - 5n - SANDBOX_FEES.transfer,
    });
    // The same bytes again: a replay.
    expect(() => ledger.submit(send)).toThrow(/DUPLICATE_TRANSACTION/);
    expect(ledger.account(id)?.tinybar).toBe(10n ** 9n - 5n - SANDBOX_FEES.transfer);
    expect(Number(record.consensusTimestamp)).toBeGreaterThan(Number(funding.consensusTimestamp));
  });

  it('refuses an overdraft, an unknown token and a transfer to an unknown account id, changing nothing', async () => {
    const key = ledger.sdk.PrivateKey.generateECDSA();
    const { createdAccounts } = await ledger.fund(`0x${key.publicKey.toEvmAddress()}`, HBAR, 1_000_000n);
    const id = createdAccounts[0] as string;
    await expect(signed(hbarTransfer(id, '0.0.2', 1_000_000n), id, key).then((b) => ledger.submit(b))).rejects.toThrow(
      /INSUFFICIENT_PAYER_BALANCE/,
    );
    const { TransferTransaction } = ledger.sdk;
    const tokens = new TransferTransaction().addTokenTransfer(USDC, id, -1).addTokenTransfer(USDC, '0.0.2', 1);
    await expect(signed(tokens, id, key).then((b) => ledger.submit(b))).rejects.toThrow(/INSUFFICIENT_TOKEN_BALANCE/);
    const unknown = new TransferTransaction()
      .addTokenTransfer('0.0.99999', id, -1)
      .addTokenTransfer('0.0.99999', '0.0.2', 1);
    await expect(signed(unknown, id, key).then((b) => ledger.submit(b))).rejects.toThrow(/INVALID_TOKEN_ID/);
    await expect(signed(hbarTransfer(id, '0.0.987654', 1n), id, key).then((b) => ledger.submit(b))).rejects.toThrow(
      /INVALID_ACCOUNT_ID/,
    );
    expect(ledger.account(id)).toMatchObject({ tinybar: 1_000_000n, key: null });
  });

  it('swaps through the router along a pool, honouring amountOutMin', async () => {
    const key = ledger.sdk.PrivateKey.generateECDSA();
    const alias = `0x${key.publicKey.toEvmAddress()}` as const;
    const id = (await ledger.fund(alias, HBAR, 1000n * 10n ** 8n)).createdAccounts[0] as string;
    const pool = ledger.pools().find((p) => p.assets.includes(USDC) && p.assets.includes(HBAR))!;
    const path = [longZeroAddressOf(ledger.whbarTokenId)!, longZeroAddressOf(USDC)!];
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 60);
    const swap = (amountOutMin: bigint) =>
      new ledger.sdk.ContractExecuteTransaction()
        .setContractId(ledger.routerId)
        .setGas(1_000_000)
        .setPayableAmount(ledger.sdk.Hbar.fromTinybars((100n * 10n ** 8n).toString()))
        .setFunctionParameters(
          swapCallData({ hbarIn: true, hbarOut: false, amountIn: 0n, amountOutMin, path, to: alias, deadline }),
        );
    await expect(signed(swap(10n ** 12n), id, key).then((b) => ledger.submit(b))).rejects.toThrow(
      /INSUFFICIENT_OUTPUT_AMOUNT/,
    );
    const record = ledger.submit(await signed(swap(1n), id, key));
    const got = record.transfers.find((t) => t.account === id && t.asset === USDC)!.amount;
    // 100 HBAR at 4,000,000 HBAR : 1,000,000 USDC, 0.3 % fee: just under 25 USDC.
    expect(got).toBeGreaterThan(24_900_000n);
    expect(got).toBeLessThan(25_000_000n);
    expect(ledger.account(id)?.tokens.get(USDC)).toBe(got);
    const after = ledger.pools().find((p) => p.contractId === pool.contractId)!;
    expect(after.reserves[1]).toBe(pool.reserves[1] - got);

    // Back to HBAR: the router pulls USDC only under an allowance, which the swap spends.
    const sell = () =>
      new ledger.sdk.ContractExecuteTransaction()
        .setContractId(ledger.routerId)
        .setGas(1_000_000)
        .setFunctionParameters(
          swapCallData({
            hbarIn: false,
            hbarOut: true,
            amountIn: got,
            amountOutMin: 1n,
            path: [path[1]!, path[0]!],
            to: alias,
            deadline,
          }),
        );
    await expect(signed(sell(), id, key).then((b) => ledger.submit(b))).rejects.toThrow(
      /SPENDER_DOES_NOT_HAVE_ALLOWANCE/,
    );
    const approve = new ledger.sdk.AccountAllowanceApproveTransaction().approveTokenAllowance(
      USDC,
      id,
      ledger.routerId,
      got,
    );
    ledger.submit(await signed(approve, id, key));
    const hbarBefore = ledger.account(id)!.tinybar;
    const sold = ledger.submit(await signed(sell(), id, key));
    expect(ledger.account(id)?.tokens.get(USDC)).toBe(0n);
    expect(ledger.account(id)!.tinybar).toBe(
      hbarBefore + sold.transfers.find((t) => t.account === id && t.asset === HBAR)!.amount,
    );
    // The allowance is spent: the same sale again (a new transaction id) is refused.
    await expect(signed(sell(), id, key).then((b) => ledger.submit(b))).rejects.toThrow(
      /SPENDER_DOES_NOT_HAVE_ALLOWANCE/,
    );
  });

  it('persists to its file and reloads the same state', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'hedera-ledger-')), 'state.json');
    const first = await HederaSandboxLedger.create({ file });
    const alias = `0x${'ab'.repeat(20)}`;
    const record = await first.fund(alias, USDC, 123n);
    const second = await HederaSandboxLedger.create({ file });
    expect(second.account(alias)?.tokens.get(USDC)).toBe(123n);
    expect(second.transaction(record.transactionId)?.consensusTimestamp).toBe(record.consensusTimestamp);
    // The treasury key survived too: the reloaded faucet still signs.
    await second.fund(alias, USDC, 1n);
    expect(second.account(alias)?.tokens.get(USDC)).toBe(124n);
  });
});
