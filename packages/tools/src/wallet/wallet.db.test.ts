import type { Db } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { setSlippageSettings } from '../settings/set-slippage-settings.js';
import { callerContexts } from '../testing/caller-contexts.js';
import { wallet } from './wallet.js';

describe.each(testBackends())('wallet and setSlippageSettings on $name', (backend) => {
  let db: Db;
  let alice: HandlerContext;
  let bob: HandlerContext;
  beforeAll(async () => {
    db = await backend.open();
    [alice, bob] = (await callerContexts(db, [
      '0x00000000000000000000000000000000000000A1',
      '0x00000000000000000000000000000000000000b0',
    ])) as [HandlerContext, HandlerContext];
  });
  afterAll(() => db.close());

  it('wallet: connected wallet, vault addresses on every network, default slippage, default policy', async () => {
    const shown = (await wallet({}, alice)) as any;
    expect(shown.accountId).toBe(alice.caller!.accountId);
    expect(shown.connectedWallets).toEqual([
      { chainId: 'eip155:8453', address: '0x00000000000000000000000000000000000000a1' },
    ]);
    const { networks } = shown.vault;
    const evm = networks.ethereum.address;
    expect(evm).toMatch(/^0x[0-9a-fA-F]{40}$/);
    for (const [key, chainId] of [
      ['ethereum', 1],
      ['bsc', 56],
      ['polygon', 137],
      ['base', 8453],
      ['altchain', 4663],
    ] as const) {
      expect(networks[key]).toMatchObject({
        chainId,
        caip2: `eip155:${chainId}`,
        address: evm,
        derivationPath: "m/44'/60'/0'/0/0",
      });
    }
    expect(networks.solana.address).toMatch(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/);
    expect(networks.bitcoin.segwit).toMatchObject({ type: 'p2wpkh', derivationPath: "m/84'/0'/0'/0/0" });
    expect(networks.bitcoin.segwit.address).toMatch(/^bc1q[0-9a-z]{38}$/);
    expect(networks.bitcoin.taproot.address).toMatch(/^bc1p[0-9a-z]{58}$/);
    expect(networks.hedera).toMatchObject({ accountId: null, keyType: 'ECDSA_SECP256K1' });
    expect(networks.hedera.evmAddress).toMatch(/^0x[0-9a-fA-F]{40}$/);
    expect(shown.slippage).toEqual({ swapSlippage: 1, pumpSlippage: 10, unit: 'percent', isDefault: true });
    expect(shown.policy).toEqual({
      perCallUsd: '25',
      dailyUsd: '100',
      allowedRecipients: null,
      allowedTools: null,
      allowUnpricedMoves: false,
      isDefault: true,
      updatedAt: null,
    });
    // The vault is made once: a second call shows the same addresses.
    expect(((await wallet({}, alice)) as any).vault).toEqual(shown.vault);
  });

  it('setSlippageSettings is what wallet shows next, for that account only', async () => {
    expect(await setSlippageSettings({ swapSlippage: 0.5, pumpSlippage: 15 }, alice)).toEqual({
      slippage: { swapSlippage: 0.5, pumpSlippage: 15, unit: 'percent' },
    });
    expect(((await wallet({}, alice)) as any).slippage).toEqual({
      swapSlippage: 0.5,
      pumpSlippage: 15,
      unit: 'percent',
      isDefault: false,
    });
    const bobs = (await wallet({}, bob)) as any;
    expect(bobs.slippage.isDefault).toBe(true);
    expect(bobs.vault.networks.ethereum.address).not.toBe(
      ((await wallet({}, alice)) as any).vault.networks.ethereum.address,
    );
    expect(bobs.connectedWallets).toEqual([
      { chainId: 'eip155:8453', address: '0x00000000000000000000000000000000000000b0' },
    ]);
  });
});
