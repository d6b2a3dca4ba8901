import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { accountsOf, testBackends } from './testing.js';
import {
  anyVault,
  deleteUnmintedVault,
  insertVault,
  recordVaultBalances,
  recordVaultMint,
  recordVaultReveal,
  sealedVaultSecretOf,
  vaultOf,
  vaultsMintedInto,
  vaultsOf,
} from './vaults.js';

const SEALED = { version: 1, masterKeyId: 'k1', wrappedDataKey: 'wrapped', ciphertext: 'sealed-bytes' };
const ADDRESSES = { evm: '0x00000000000000000000000000000000000000e1' };
const CONTRACT = '0x57202a47f8D41e8F9eCb5522c23C5463309583D5';
const MINT = {
  chainId: 8453,
  contract: CONTRACT,
  mintedTo: '0x00000000000000000000000000000000000000a1',
  txHash: '0xmint',
};

describe.each(testBackends())('vaults on $name', (backend) => {
  let db: Db;
  let alice: string;
  let bob: string;
  const newVault = (vaultId: string, name?: string) => ({
    vaultId,
    name,
    description: undefined,
    sealed: SEALED,
    chains: ['base', 'solana'],
    addresses: ADDRESSES,
  });
  beforeAll(async () => {
    db = await backend.open();
    [alice, bob] = await accountsOf(
      db,
      '0x00000000000000000000000000000000000000a1',
      '0x00000000000000000000000000000000000000b0',
    );
  });
  afterAll(() => db.close());

  it('stores vaults per account, lists and pages them, and hides them from other accounts', async () => {
    const created = await insertVault(db, alice, newVault('101', 'savings'));
    expect(created).toMatchObject({
      vaultId: '101',
      accountId: alice,
      name: 'savings',
      status: 'unminted',
      chains: ['base', 'solana'],
      addresses: ADDRESSES,
      balances: null,
      nft: null,
    });
    expect(created).not.toHaveProperty('sealed');
    await insertVault(db, alice, newVault('102'));
    await insertVault(db, bob, newVault('201'));

    expect((await vaultsOf(db, alice, { page: 1, limit: 1 })).vaults.map((v) => v.vaultId)).toEqual(['101']);
    expect(await vaultsOf(db, alice, { page: 2, limit: 1 })).toMatchObject({ total: 2, vaults: [{ vaultId: '102' }] });
    expect((await vaultsOf(db, alice, { status: 'minted', page: 1, limit: 20 })).total).toBe(0);
    expect(await vaultOf(db, bob, '101')).toBeUndefined();
    expect(await sealedVaultSecretOf(db, bob, '101')).toBeUndefined();
    expect(await sealedVaultSecretOf(db, alice, '101')).toEqual(SEALED);
    expect(await recordVaultBalances(db, bob, '101', {})).toBeUndefined();
    expect(await deleteUnmintedVault(db, bob, '101')).toBe(false);
  });

  it('records balances with the time of the scan', async () => {
    const updated = await recordVaultBalances(db, alice, '102', { base: { native: '0' } });
    expect(updated?.balances).toEqual({ base: { native: '0' } });
    expect(Date.parse(updated!.balancesRefreshedAt!)).toBeGreaterThan(0);
  });

  it('mints once, reveals once dropping the sealed secret, and lists the collection', async () => {
    expect(await recordVaultMint(db, bob, '101', MINT)).toBeUndefined();
    const minted = await recordVaultMint(db, alice, '101', MINT);
    expect(minted).toMatchObject({
      status: 'minted',
      nft: { chainId: 8453, contract: CONTRACT, tokenId: '101', mintedTo: MINT.mintedTo, burnTxHash: null },
    });
    expect(await recordVaultMint(db, alice, '101', MINT)).toBeUndefined();
    expect(await deleteUnmintedVault(db, alice, '101')).toBe(false);
    expect(await vaultsMintedInto(db, 8453, CONTRACT, { page: 1, limit: 20 })).toMatchObject({
      total: 1,
      vaults: [{ vaultId: '101' }],
    });
    expect((await vaultsMintedInto(db, 1, CONTRACT, { page: 1, limit: 20 })).total).toBe(0);

    expect(await recordVaultReveal(db, alice, '102', '0xburn')).toBeUndefined();
    const revealed = await recordVaultReveal(db, alice, '101', '0xburn');
    expect(revealed).toMatchObject({ status: 'revealed', nft: { burnTxHash: '0xburn' } });
    expect(await recordVaultReveal(db, alice, '101', '0xburn')).toBeUndefined();
    expect(await sealedVaultSecretOf(db, alice, '101')).toBeUndefined();
    expect((await anyVault(db, '101'))?.status).toBe('revealed');
  });

  it('deletes an unminted vault of its own account only', async () => {
    expect(await deleteUnmintedVault(db, alice, '102')).toBe(true);
    expect(await vaultOf(db, alice, '102')).toBeUndefined();
    expect(await anyVault(db, '201')).toMatchObject({ accountId: bob });
  });
});
