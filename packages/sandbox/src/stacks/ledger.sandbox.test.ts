// Ledger rules with a stand-in codec (decoded transactions given directly). The same ledger with the real
// `@stacks/transactions` codec and real signatures is exercised in packages/payments/src/schemes/stacks/stacks.test.ts.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { StacksAssetMovement, StacksDecodedTransaction, StacksTransactionCodec } from './codec.js';
import { StacksLedgerError, StacksSandboxLedger } from './ledger.js';

const ALICE = 'SP13XRE748TMQ72AHAZF9MJTSREB41D7WYZWEP0SM';
const BOB = 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7';
const USDCX = 'SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx';
const SBTC = 'SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token';

let counter = 0;
const txs = new Map<string, StacksDecodedTransaction>();
/** The movements the ledger asked the codec's post-condition rules about, latest last. */
const postConditionQueries: StacksAssetMovement[][] = [];
const codec: StacksTransactionCodec = {
  decode(hex) {
    const tx = txs.get(hex);
    if (!tx) throw new Error('cannot deserialize');
    return tx;
  },
  // The rules themselves are tested with the real codec in @svc/payments (schemes/stacks/post-conditions.test.ts);
  // this stand-in only refuses deny mode without any post-condition.
  postConditionViolation(tx, movements) {
    postConditionQueries.push([...movements]);
    return tx.postConditionMode === 'deny' && tx.postConditions.length === 0
      ? 'stand-in: deny mode without post-conditions'
      : null;
  },
};

/** Registers a decoded transaction with the stand-in codec; returns its "hex". */
function tx(overrides: Partial<StacksDecodedTransaction> = {}): string {
  counter += 1;
  const hex = `00${counter.toString(16).padStart(6, '0')}`;
  txs.set(hex, {
    txid: counter.toString(16).padStart(64, '0'),
    version: 'mainnet',
    chainId: 1,
    sender: ALICE,
    sponsored: false,
    signature: { valid: true },
    nonce: 0n,
    fee: 200n,
    payload: { kind: 'token-transfer', recipient: BOB, amount: 1847n, memo: '' },
    postConditionMode: 'deny',
    postConditions: [],
    ...overrides,
  });
  return hex;
}

function usdcxTransfer(amount: bigint, overrides: Partial<StacksDecodedTransaction> = {}): string {
  return tx({
    payload: {
      kind: 'contract-call',
      contract: USDCX,
      functionName: 'transfer',
      sip010Transfer: { amount, sender: ALICE, recipient: BOB, memo: null },
    },
    postConditions: [{ type: 'ft', principal: ALICE, condition: 'eq', amount, asset: `${USDCX}::usdcx-token` }],
    ...overrides,
  });
}

function refused(ledger: StacksSandboxLedger, hex: string): StacksLedgerError {
  try {
    ledger.applyTransaction(hex);
  } catch (error) {
    expect(error).toBeInstanceOf(StacksLedgerError);
    return error as StacksLedgerError;
  }
  throw new Error('transaction was applied');
}

function funded(): StacksSandboxLedger {
  const ledger = new StacksSandboxLedger({ codec });
  ledger.credit(ALICE, 'STX', 1_000_000n);
  ledger.credit(ALICE, USDCX, 50_000n);
  return ledger;
}

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('StacksSandboxLedger', () => {
  it('credits known assets only', () => {
    const ledger = funded();
    expect(ledger.balanceOf(ALICE)).toBe(1_000_000n);
    expect(ledger.balanceOf(ALICE, USDCX)).toBe(50_000n);
    expect(ledger.balanceOf(ALICE, SBTC)).toBe(0n);
    expect(() => ledger.credit(ALICE, 'SP000000000000000000002Q6VF78.unknown-token', 1n)).toThrow(/unknown_contract/);
    expect(() => ledger.credit('not-a-principal', 'STX', 1n)).toThrow(/malformed/);
  });

  it('applies an STX transfer: amount and fee leave the sender, the nonce advances', () => {
    const ledger = funded();
    const applied = ledger.applyTransaction(tx());
    expect(applied).toMatchObject({ sender: ALICE, recipient: BOB, asset: 'STX', amount: 1847n, fee: 200n, nonce: 0n });
    expect(ledger.balanceOf(ALICE)).toBe(1_000_000n - 1847n - 200n);
    expect(ledger.balanceOf(BOB)).toBe(1847n);
    expect(ledger.nextNonce(ALICE)).toBe(1n);
    expect(ledger.getTransaction(applied.txid)).toEqual(applied);
  });

  it('applies a SIP-010 transfer: tokens move, the fee is paid in STX', () => {
    const ledger = funded();
    ledger.applyTransaction(usdcxTransfer(10_000n));
    expect(ledger.balanceOf(ALICE, USDCX)).toBe(40_000n);
    expect(ledger.balanceOf(BOB, USDCX)).toBe(10_000n);
    expect(ledger.balanceOf(ALICE)).toBe(1_000_000n - 200n);
    expect(ledger.nextNonce(ALICE)).toBe(1n);
  });

  it('rejects a bad signature and changes nothing', () => {
    const ledger = funded();
    expect(
      refused(ledger, tx({ signature: { valid: false, reason: 'Signer hash does not equal hash of public key(s)' } }))
        .code,
    ).toBe('bad_signature');
    expect(ledger.balanceOf(ALICE)).toBe(1_000_000n);
    expect(ledger.nextNonce(ALICE)).toBe(0n);
  });

  it('rejects a nonce other than the next one', () => {
    const ledger = funded();
    expect(refused(ledger, tx({ nonce: 1n })).code).toBe('bad_nonce');
    ledger.applyTransaction(tx({ nonce: 0n }));
    expect(refused(ledger, tx({ nonce: 0n })).code).toBe('bad_nonce');
  });

  it('rejects a replay of an applied transaction', () => {
    const ledger = funded();
    const hex = tx();
    ledger.applyTransaction(hex);
    expect(refused(ledger, hex).code).toBe('duplicate');
  });

  it('rejects insufficient balances (amount, fee, tokens)', () => {
    const ledger = new StacksSandboxLedger({ codec });
    ledger.credit(ALICE, 'STX', 2000n);
    expect(
      refused(ledger, tx({ payload: { kind: 'token-transfer', recipient: BOB, amount: 1801n, memo: '' } })).code,
    ).toBe('insufficient_balance');
    ledger.credit(ALICE, USDCX, 100n);
    expect(refused(ledger, usdcxTransfer(101n)).code).toBe('insufficient_balance');
    expect(refused(ledger, usdcxTransfer(100n, { fee: 2001n })).code).toBe('insufficient_balance');
    expect(ledger.applyTransaction(usdcxTransfer(100n, { fee: 2000n })).amount).toBe(100n);
  });

  it('rejects calls on unknown contracts and non-transfer calls', () => {
    const ledger = funded();
    const unknown = tx({
      payload: {
        kind: 'contract-call',
        contract: 'SP000000000000000000002Q6VF78.fake-token',
        functionName: 'transfer',
        sip010Transfer: { amount: 1n, sender: ALICE, recipient: BOB, memo: null },
      },
    });
    expect(refused(ledger, unknown).code).toBe('unknown_contract');
    const mint = tx({
      payload: { kind: 'contract-call', contract: USDCX, functionName: 'mint', sip010Transfer: null },
    });
    expect(refused(ledger, mint).code).toBe('unsupported_payload');
    expect(refused(ledger, tx({ payload: { kind: 'other', payloadType: 1 } })).code).toBe('unsupported_payload');
  });

  it('rejects a SIP-010 transfer whose sender argument is not tx-sender', () => {
    const ledger = funded();
    ledger.credit(BOB, USDCX, 5n);
    const theft = tx({
      payload: {
        kind: 'contract-call',
        contract: USDCX,
        functionName: 'transfer',
        sip010Transfer: { amount: 5n, sender: BOB, recipient: ALICE, memo: null },
      },
    });
    expect(refused(ledger, theft).code).toBe('invalid_transfer');
  });

  it('refuses a token transfer that the codec post-condition rules say would abort, asking them about the token movement', () => {
    const ledger = funded();
    const error = refused(ledger, usdcxTransfer(10n, { postConditions: [] }));
    expect(error.code).toBe('post_condition_failed');
    expect(error.message).toMatch(/stand-in: deny mode without post-conditions/);
    expect(postConditionQueries.at(-1)).toEqual([{ from: ALICE, asset: `${USDCX}::usdcx-token`, amount: 10n }]);
    expect(ledger.balanceOf(ALICE, USDCX)).toBe(50_000n);
    expect(ledger.applyTransaction(usdcxTransfer(10n, { postConditionMode: 'allow', postConditions: [] })).amount).toBe(
      10n,
    );
  });

  it('rejects other networks, sponsored transactions, self-transfers and undecodable bytes', () => {
    const ledger = funded();
    expect(refused(ledger, tx({ version: 'testnet', chainId: 2147483648 })).code).toBe('wrong_network');
    expect(refused(ledger, tx({ chainId: 2147483648 })).code).toBe('wrong_network');
    expect(refused(ledger, tx({ sponsored: true })).code).toBe('sponsored_unsupported');
    expect(
      refused(ledger, tx({ payload: { kind: 'token-transfer', recipient: ALICE, amount: 1n, memo: '' } })).code,
    ).toBe('invalid_transfer');
    expect(
      refused(ledger, tx({ payload: { kind: 'token-transfer', recipient: BOB, amount: 0n, memo: '' } })).code,
    ).toBe('invalid_transfer');
    expect(refused(ledger, 'deadbeef').code).toBe('malformed');
    expect(ledger.nextNonce(ALICE)).toBe(0n);
  });

  it('checkTransaction runs the checks without applying', () => {
    const ledger = funded();
    const hex = tx();
    expect(ledger.checkTransaction(hex)).toMatchObject({ sender: ALICE, recipient: BOB, amount: 1847n });
    expect(ledger.nextNonce(ALICE)).toBe(0n);
    expect(ledger.balanceOf(BOB)).toBe(0n);
  });

  it('persists balances, nonces and history, and loads them back', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'stacks-ledger-'));
    dirs.push(dir);
    const file = join(dir, 'nested', 'stacks-1.json');
    const ledger = new StacksSandboxLedger({ codec, file });
    ledger.credit(ALICE, 'STX', 1_000_000n);
    ledger.credit(ALICE, USDCX, 50_000n);
    const stx = ledger.applyTransaction(tx());
    ledger.applyTransaction(usdcxTransfer(10_000n, { nonce: 1n }));
    await ledger.close();
    expect(JSON.parse(readFileSync(file, 'utf8'))).toMatchObject({
      format: 'svc-stacks-sandbox-ledger/1',
      network: 'mainnet',
      nonces: { [ALICE]: '2' },
    });

    const reopened = new StacksSandboxLedger({ codec, file });
    expect(reopened.balanceOf(ALICE)).toBe(1_000_000n - 1847n - 400n);
    expect(reopened.balanceOf(BOB)).toBe(1847n);
    expect(reopened.balanceOf(ALICE, USDCX)).toBe(40_000n);
    expect(reopened.balanceOf(BOB, USDCX)).toBe(10_000n);
    expect(reopened.nextNonce(ALICE)).toBe(2n);
    expect(reopened.getTransaction(stx.txid)).toEqual(stx);
    expect(() => new StacksSandboxLedger({ codec, file, network: 'testnet' })).toThrow(/mainnet/);
  });
});
