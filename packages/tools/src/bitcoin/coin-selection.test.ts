import { bitcoinOutputScript } from '@svc/chains';
import { describe, expect, it } from 'vitest';
import { selectCoins } from './coin-selection.js';

const SEGWIT = bitcoinOutputScript('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')!;
const TAPROOT = bitcoinOutputScript('bc1p5cyxnuxmeuwuvkwfem96lqzszd02n6xdcjrs20cac6yqjjwudpxqkedrcr')!;
const coin = (value: bigint, vout = 0) => ({ txid: `${vout}`.padStart(64, '0'), vout, value });

describe('selectCoins', () => {
  it('takes the largest coins first and returns change to the sender', () => {
    const selection = selectCoins({
      coins: [coin(10_000n, 0), coin(500_000n, 1), coin(20_000n, 2)],
      from: 'segwit',
      outputs: [{ script: SEGWIT, value: 100_000n }],
      changeScript: SEGWIT,
      feeRate: 2,
    });
    // 10.5 + 68 + 31 (recipient) + 31 (change) = 140.5 vB, counted as 141 whole vB (relay policy) at 2 sat/vB = 282 sats.
    expect(selection).toEqual({ ok: true, inputs: [coin(500_000n, 1)], fee: 282n, change: 500_000n - 100_000n - 282n });
  });

  it('adds coins until the fee of the extra inputs is covered too', () => {
    const selection = selectCoins({
      coins: [coin(60_000n, 0), coin(50_000n, 1)],
      from: 'taproot',
      outputs: [{ script: TAPROOT, value: 100_000n }],
      changeScript: TAPROOT,
      feeRate: 10,
    });
    // 10.5 + 2 × 57.5 + 43 + 43 = 211.5 vB → 212 whole vB → 2120 sats.
    expect(selection).toMatchObject({ ok: true, fee: 2120n, change: 110_000n - 100_000n - 2120n });
    if (selection.ok) expect(selection.inputs).toHaveLength(2);
  });

  it('gives change below the dust limit to the fee instead of creating a dust output', () => {
    // 400 over the amount: change after a 141-sat fee would be 259, under the 294 P2WPKH dust limit.
    const selection = selectCoins({
      coins: [coin(100_400n)],
      from: 'segwit',
      outputs: [{ script: SEGWIT, value: 100_000n }],
      changeScript: SEGWIT,
      feeRate: 1,
    });
    expect(selection).toEqual({ ok: true, inputs: [coin(100_400n)], fee: 400n, change: 0n });
  });

  it('reports what is available and needed when the coins cannot pay', () => {
    expect(
      selectCoins({
        coins: [coin(100_000n)],
        from: 'segwit',
        outputs: [{ script: SEGWIT, value: 100_000n }],
        changeScript: SEGWIT,
        feeRate: 1,
      }),
    ).toEqual({ ok: false, available: 100_000n, needed: 100_110n });
    expect(
      selectCoins({
        coins: [],
        from: 'segwit',
        outputs: [{ script: SEGWIT, value: 1000n }],
        changeScript: SEGWIT,
        feeRate: 1,
      }),
    ).toMatchObject({ ok: false, available: 0n });
  });

  it('counts inputs already in the transaction, and adds coins only when they do not pay', () => {
    const postage = { value: 10_000n, vbytes: 57.5 };
    const alone = selectCoins({
      coins: [coin(900_000n, 1)],
      carried: postage,
      from: 'segwit',
      outputs: [{ script: TAPROOT, value: 546n }],
      changeScript: SEGWIT,
      feeRate: 1,
    });
    expect(alone).toMatchObject({ ok: true, inputs: [] });
    const helped = selectCoins({
      coins: [coin(900_000n, 1)],
      carried: postage,
      from: 'segwit',
      outputs: [{ script: TAPROOT, value: 546n }],
      changeScript: SEGWIT,
      feeRate: 100,
    });
    expect(helped.ok && helped.inputs).toEqual([coin(900_000n, 1)]);
  });
});
