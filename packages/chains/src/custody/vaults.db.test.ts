import {
  accountForWallet,
  type Db,
  insertVault,
  recordVaultMint,
  recordVaultReveal,
  sealedVaultSecretOf,
  vaultKeyCountsByMasterKey,
  vaultKeyOf,
} from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSecret } from './envelope.js';
import { MasterKeyUnknown } from './errors.js';
import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from './local-master-key.js';
import { mnemonicOf, seedOf } from './mnemonic.js';
import { rotateMasterKey } from './rotate-master-key.js';
import { openVaultPrivateKeys, sealNewVault } from './sealed-vault.js';
import { deriveVaultAddresses } from './vault-addresses.js';
import { accountVaultKeys, vaultAddressesOf } from './vaults.js';

const newKey = () => parseMasterKey(newMasterKeyText());

describe.each(testBackends())('vaults on $name', (backend) => {
  let db: Db;
  const account = async (n: number) =>
    (await accountForWallet(db, 'eip155:8453', `0x${n.toString(16).padStart(40, '0')}`)).accountId;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db.close());

  /** Open the stored seed with `keys` and derive its addresses again. */
  async function rederived(accountId: string, keys: LocalMasterKeyRing) {
    const stored = await vaultKeyOf(db, accountId);
    return deriveVaultAddresses(seedOf(mnemonicOf(await openSecret(stored!.sealed, accountId, keys))));
  }

  it('creates a vault on first need, once, even under concurrent first calls; its addresses come from its sealed seed', async () => {
    const keys = new LocalMasterKeyRing(newKey());
    const alice = await account(1);
    expect(await vaultKeyOf(db, alice)).toBeUndefined();
    const results = await Promise.all(Array.from({ length: 6 }, () => vaultAddressesOf(db, keys, alice)));
    expect(new Set(results.map((a) => JSON.stringify(a))).size).toBe(1);
    expect(await vaultAddressesOf(db, keys, alice)).toEqual(results[0]);
    expect(await rederived(alice, keys)).toEqual(results[0]);
    expect((await vaultKeyOf(db, alice))?.sealed.masterKeyId).toBe(keys.currentKeyId);
  });

  it("opens the keys of the account's own vault for signing, creating the vault on first need", async () => {
    const keys = new LocalMasterKeyRing(newKey());
    const carol = await account(4);
    const opened = await accountVaultKeys(db, keys, carol);
    const addresses = await vaultAddressesOf(db, keys, carol);
    expect(opened.evm.address).toBe(addresses.evm);
    expect(opened.solana.address).toBe(addresses.solana);
    expect(opened.bitcoin.taproot.address).toBe(addresses.bitcoin.taproot);
    expect((await accountVaultKeys(db, keys, carol)).evm.privateKey).toBe(opened.evm.privateKey);
  });

  it('gives every account its own vault', async () => {
    const keys = new LocalMasterKeyRing(newKey());
    const [alice, bob] = [await account(2), await account(3)];
    const [a, b] = [await vaultAddressesOf(db, keys, alice), await vaultAddressesOf(db, keys, bob)];
    expect(a.evm).not.toBe(b.evm);
    expect(a.solana).not.toBe(b.solana);
    expect(a.bitcoin.taproot).not.toBe(b.bitcoin.taproot);
    // One account's sealed seed does not open as another's.
    const stored = await vaultKeyOf(db, alice);
    await expect(openSecret(stored!.sealed, bob, keys)).rejects.toThrow();
  });

  it('rotation re-seals every vault under the new key in batches, keeps every address, and resumes after a stop', async () => {
    const fresh = await backend.open();
    try {
      const oldKey = newKey();
      const before = new LocalMasterKeyRing(oldKey);
      const ids: string[] = [];
      for (let n = 10; n < 15; n += 1) {
        const { accountId } = await accountForWallet(fresh, 'eip155:8453', `0x${n.toString(16).padStart(40, '0')}`);
        await vaultAddressesOf(fresh, before, accountId);
        ids.push(accountId);
      }
      const addressesBefore = await Promise.all(ids.map(async (id) => (await vaultKeyOf(fresh, id))!.addresses));

      // Without the old key the run stops on the first vault and changes nothing.
      const withoutOld = new LocalMasterKeyRing(newKey());
      await expect(rotateMasterKey(fresh, withoutOld)).rejects.toBeInstanceOf(MasterKeyUnknown);
      expect(await vaultKeyCountsByMasterKey(fresh)).toEqual([{ masterKeyId: before.currentKeyId, count: 5 }]);

      // A run stopped after its first committed batch keeps that batch; the next run finishes the rest.
      const nextKey = newKey();
      const after = new LocalMasterKeyRing(nextKey, [oldKey]);
      const stop = new Error('operator pressed ctrl-c');
      await expect(
        rotateMasterKey(fresh, after, {
          batchSize: 2,
          onBatch: () => {
            throw stop;
          },
        }),
      ).rejects.toBe(stop);
      expect(await vaultKeyCountsByMasterKey(fresh)).toEqual(
        [
          { masterKeyId: after.currentKeyId, count: 2 },
          { masterKeyId: before.currentKeyId, count: 3 },
        ].sort((x, y) => x.masterKeyId.localeCompare(y.masterKeyId)),
      );
      expect(await rotateMasterKey(fresh, after, { batchSize: 2 })).toEqual({ resealed: 3 });
      expect(await rotateMasterKey(fresh, after)).toEqual({ resealed: 0 });
      expect(await vaultKeyCountsByMasterKey(fresh)).toEqual([{ masterKeyId: after.currentKeyId, count: 5 }]);

      // The new key alone opens every seed, and every seed still derives the same addresses.
      const newOnly = new LocalMasterKeyRing(nextKey);
      for (const [i, id] of ids.entries()) {
        expect((await vaultKeyOf(fresh, id))!.addresses).toEqual(addressesBefore[i]);
        const stored = await vaultKeyOf(fresh, id);
        expect(deriveVaultAddresses(seedOf(mnemonicOf(await openSecret(stored!.sealed, id, newOnly))))).toEqual(
          addressesBefore[i],
        );
        await expect(openSecret(stored!.sealed, id, before)).rejects.toBeInstanceOf(MasterKeyUnknown);
      }
    } finally {
      await fresh.close();
    }
  });

  it('rotation re-seals the product vaults (svcCreateVault) too, and skips revealed ones, whose seed is gone', async () => {
    const fresh = await backend.open();
    try {
      const oldKey = newKey();
      const before = new LocalMasterKeyRing(oldKey);
      const { accountId } = await accountForWallet(fresh, 'eip155:8453', `0x${'20'.padStart(40, '0')}`);
      const store = async (vaultId: string) => {
        const { sealed, addresses } = await sealNewVault(accountId, before);
        await insertVault(fresh, accountId, {
          vaultId,
          name: undefined,
          description: undefined,
          sealed,
          chains: ['base'],
          addresses,
        });
        return addresses;
      };
      const kept = await store('1');
      await store('2');
      await recordVaultMint(fresh, accountId, '2', {
        chainId: 8453,
        contract: '0x57202a47f8D41e8F9eCb5522c23C5463309583D5',
        mintedTo: '0x01',
        txHash: '0x02',
      });
      await recordVaultReveal(fresh, accountId, '2', '0x03');
      expect(await vaultKeyCountsByMasterKey(fresh)).toEqual([{ masterKeyId: before.currentKeyId, count: 1 }]);

      const nextKey = newKey();
      expect(await rotateMasterKey(fresh, new LocalMasterKeyRing(nextKey, [oldKey]))).toEqual({ resealed: 1 });
      const newOnly = new LocalMasterKeyRing(nextKey);
      expect(await vaultKeyCountsByMasterKey(fresh)).toEqual([{ masterKeyId: newOnly.currentKeyId, count: 1 }]);
      const keys = await openVaultPrivateKeys((await sealedVaultSecretOf(fresh, accountId, '1'))!, accountId, newOnly);
      expect(keys.evm.address).toBe(kept.evm);
    } finally {
      await fresh.close();
    }
  });
});
