import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { recommendedTokensOf, storeRecommendedTokens } from './recommended-tokens.js';
import { DEFAULT_SLIPPAGE, setSlippage, slippageOf } from './slippage.js';
import { accountsOf, testBackends } from './testing.js';
import { insertVaultKey, vaultKeyOf } from './vault-keys.js';

describe.each(testBackends())('account settings, display lists and vault rows on $name', (backend) => {
  let db: Db;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    db = await backend.open();
    [alice, bob] = await accountsOf(
      db,
      '0x00000000000000000000000000000000000000a1',
      '0x00000000000000000000000000000000000000b0',
    );
  });
  afterAll(() => db.close());

  it('slippage: defaults until set, then the latest setting, per account', async () => {
    expect(await slippageOf(db, alice)).toEqual({ ...DEFAULT_SLIPPAGE, isDefault: true });
    expect(await setSlippage(db, alice, { swapSlippage: 0.5, pumpSlippage: 12.5 })).toEqual({
      swapSlippage: 0.5,
      pumpSlippage: 12.5,
    });
    expect(await setSlippage(db, alice, { swapSlippage: 0.75, pumpSlippage: 20 })).toEqual({
      swapSlippage: 0.75,
      pumpSlippage: 20,
    });
    expect(await slippageOf(db, alice)).toEqual({ swapSlippage: 0.75, pumpSlippage: 20, isDefault: false });
    expect(await slippageOf(db, bob)).toEqual({ ...DEFAULT_SLIPPAGE, isDefault: true });
  });

  it('recommended tokens: the latest list per chain family, per account', async () => {
    const usdc = {
      address: '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
      decimals: 6,
      name: 'USD Coin',
      symbol: 'USDC',
      marketcap: 1e9,
    };
    const first = await storeRecommendedTokens(db, alice, { chainFamily: 'evm', chainId: 1, tokens: [usdc] });
    expect(first).toMatchObject({ chainFamily: 'evm', chainId: 1, tokens: [usdc] });
    expect(Date.parse(first.storedAt)).not.toBeNaN();
    await storeRecommendedTokens(db, alice, { chainFamily: 'evm', chainId: 56, tokens: [] });
    const hbar = { tokenId: '0.0.456858', decimals: 6, name: 'USD Coin', symbol: 'USDC', marketcap: 1e6 };
    await storeRecommendedTokens(db, alice, { chainFamily: 'hedera', chainId: null, tokens: [hbar] });

    expect(await recommendedTokensOf(db, alice, 'evm')).toMatchObject({ chainId: 56, tokens: [] });
    expect(await recommendedTokensOf(db, alice, 'hedera')).toMatchObject({ chainId: null, tokens: [hbar] });
    expect(await recommendedTokensOf(db, alice, 'solana')).toBeUndefined();
    expect(await recommendedTokensOf(db, bob, 'evm')).toBeUndefined();
    expect(await recommendedTokensOf(db, bob, 'hedera')).toBeUndefined();
  });

  it('vault rows: one per account, the first insert wins, another account sees none', async () => {
    const sealed = (id: string) => ({ version: 1, masterKeyId: id, wrappedDataKey: 'd', ciphertext: 'c' });
    const [a, b] = await Promise.all([
      insertVaultKey(db, alice, sealed('k1'), { evm: '0x1' }),
      insertVaultKey(db, alice, sealed('k2'), { evm: '0x2' }),
    ]);
    expect(a).toEqual(b);
    expect(await vaultKeyOf(db, alice)).toEqual(a);
    expect(await vaultKeyOf(db, bob)).toBeUndefined();
  });
});
