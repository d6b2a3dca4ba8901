import {
  anvilDevAccount,
  type SandboxEvmChain,
  type SandboxEvmChains,
  sandboxEvmChains,
  startSandboxEvmChain,
} from '@svc/sandbox';
import { findTool, ServiceError } from '@svc/contracts';
import { type EvmNetworks, sandboxProviders } from '@svc/providers';
import { accountForWallet, type Db } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxEvmNetworks } from '../evm/sandbox-evm-networks.js';
import type { HandlerContext } from '../handler.js';
import { idempotencyKeyOf } from '../idempotency.js';
import { testMasterKey } from '../testing/caller-contexts.js';
import type { VaultChains } from '../ports/vault-chains.js';
import { vaultsFamily } from './index.js';
import { sandboxVaultChains } from './sandbox-vault-chains.js';

const {
  svcCreateVault,
  svcDeleteVault,
  svcGetCollectionAssets,
  svcGetDepositAddress,
  svcGetVaultDetails,
  svcListCollections,
  svcListMyVaults,
  svcMintVault,
  svcQuickVault,
  svcRefreshBalance,
  svcResolveAsset,
  svcRevealKeys,
} = vaultsFamily.handlers;

async function rejection(call: Promise<unknown>): Promise<ServiceError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

const ALICE_WALLET = anvilDevAccount(8).address;
const BOB_WALLET = anvilDevAccount(9).address;
const PAGE = { page: 1, limit: 20 };

describe('vault tools on the sandbox Base chain', () => {
  let chain: SandboxEvmChain;
  let vaultChains: VaultChains;
  let evmChains: SandboxEvmChains;
  let evmNetworks: EvmNetworks;
  beforeAll(async () => {
    chain = await startSandboxEvmChain({ chainId: 8453 });
    vaultChains = sandboxVaultChains(chain);
    evmChains = sandboxEvmChains({ base: chain });
    evmNetworks = sandboxEvmNetworks(evmChains.evm);
  }, 60_000);
  afterAll(async () => {
    await evmChains?.stop();
    await chain?.stop();
  });

  describe.each(testBackends())('with $name', (backend) => {
    let db: Db;
    const masterKey = testMasterKey();
    const as = async (wallet: string): Promise<HandlerContext> => ({
      mode: 'sandbox',
      db,
      providers: sandboxProviders(),
      masterKey,
      vaultChains,
      evmNetworks,
      caller: { accountId: (await accountForWallet(db, 'eip155:8453', wallet)).accountId },
    });
    let alice: HandlerContext;
    let bob: HandlerContext;
    /** Every response a test saw, to prove the revealed secrets appear in none but the reveal's. */
    const responses: unknown[] = [];
    const seen = async <T>(call: Promise<T>): Promise<T> => {
      const result = await call;
      responses.push(result);
      return result;
    };
    beforeAll(async () => {
      db = await backend.open();
      alice = await as(ALICE_WALLET);
      bob = await as(BOB_WALLET);
    });
    afterAll(() => db.close());

    it('creates vaults with deposit addresses on every chain, lists them and keeps them per account', async () => {
      const { vault } = (await seen(svcCreateVault({ name: 'savings' }, alice))) as {
        vault: { vaultId: string; depositAddresses: { chain: string; address: string }[] };
      };
      expect(vault).toMatchObject({ name: 'savings', status: 'unminted', nft: null, balances: null });
      expect(vault.vaultId).toMatch(/^\d+$/);
      expect(vault.depositAddresses.map((d) => d.chain)).toEqual([
        'ethereum',
        'bsc',
        'polygon',
        'base',
        'altchain',
        'solana',
        'bitcoin',
        'hedera',
      ]);
      const evm = vault.depositAddresses.find((d) => d.chain === 'base')!.address;
      expect(vault.depositAddresses.find((d) => d.chain === 'polygon')!.address).toBe(evm);

      const quick = await seen(svcQuickVault({ chain: 'bitcoin' }, alice));
      expect(quick).toMatchObject({
        status: 'unminted',
        depositAddress: {
          chain: 'bitcoin',
          address: expect.stringMatching(/^bc1q/),
          taproot: expect.stringMatching(/^bc1p/),
        },
      });
      expect(await seen(svcGetDepositAddress({ vaultId: vault.vaultId, chain: 'base' }, alice))).toEqual({
        vaultId: vault.vaultId,
        chain: 'base',
        address: evm,
      });
      expect(await seen(svcGetVaultDetails({ vaultId: vault.vaultId }, alice))).toMatchObject({
        vault: { vaultId: vault.vaultId, name: 'savings' },
      });
      expect(await seen(svcListMyVaults({ ...PAGE }, alice))).toMatchObject({
        total: 2,
        vaults: [{ vaultId: vault.vaultId }, { vaultId: quick.vaultId }],
      });
      expect(await seen(svcListMyVaults({ status: 'minted', ...PAGE }, alice))).toMatchObject({ total: 0 });

      // Bob sees none of it: every tool answers as for a missing vault.
      expect(await svcListMyVaults({ ...PAGE }, bob)).toMatchObject({ total: 0, vaults: [] });
      const vaultId = vault.vaultId;
      const foreignCalls = [
        () => svcGetVaultDetails({ vaultId }, bob),
        () => svcGetDepositAddress({ vaultId, chain: 'base' }, bob),
        () => svcRefreshBalance({ vaultId }, bob),
        () => svcDeleteVault({ vaultId }, bob),
        () => svcMintVault({ vaultId, chain: 'base' }, bob),
        () => svcRevealKeys({ vaultId, confirm: vaultId }, bob),
      ];
      for (const call of foreignCalls)
        expect(await rejection(call())).toMatchObject({ code: 'not_found', status: 404 });
      expect(await rejection(svcGetVaultDetails({ vaultId: '1' }, alice))).toMatchObject({ code: 'not_found' });
    });

    it('a vault created on some chains shows, answers and scans only those', async () => {
      const { vault } = (await seen(svcCreateVault({ chains: ['solana', 'base', 'solana'] }, alice))) as {
        vault: { vaultId: string; depositAddresses: { chain: string }[] };
      };
      expect(vault.depositAddresses.map((d) => d.chain)).toEqual(['base', 'solana']);
      expect(await rejection(svcGetDepositAddress({ vaultId: vault.vaultId, chain: 'bitcoin' }, alice))).toMatchObject({
        code: 'invalid_input',
        issues: [{ field: 'chain', limit: ['base', 'solana'] }],
      });
      const { balances } = (await seen(svcRefreshBalance({ vaultId: vault.vaultId }, alice))) as {
        balances: Record<string, unknown>;
      };
      expect(Object.keys(balances)).toEqual(['base', 'solana']);
    });

    it("refreshes balances through the chains' readers, says which chains it cannot read, and refuses a funded delete", async () => {
      const { vault } = (await svcCreateVault({}, alice)) as { vault: { vaultId: string } };
      const { address } = await svcGetDepositAddress({ vaultId: vault.vaultId, chain: 'base' }, alice);
      const empty = (await seen(svcRefreshBalance({ vaultId: vault.vaultId }, alice))) as {
        balances: Record<string, unknown>;
      };
      expect(empty.balances.base).toEqual({
        network: 'eip155:8453',
        address,
        assets: [{ symbol: 'ETH', address: null, decimals: 18, balance: '0', humanReadableBalance: '0' }],
      });
      for (const evm of ['ethereum', 'bsc', 'polygon', 'altchain'])
        expect(empty.balances[evm], evm).toMatchObject({ address, assets: [{ address: null, balance: '0' }] });
      // This context reaches no Solana, Bitcoin or Hedera chain: their entries say so instead of reading as empty.
      for (const other of ['solana', 'bitcoin', 'hedera'])
        expect(empty.balances[other], other).toMatchObject({ error: expect.any(String), code: 'not_configured' });

      await chain.mintUsdc(address as `0x${string}`, 2_500_000n);
      const funded = (await seen(svcRefreshBalance({ vaultId: vault.vaultId }, alice))) as {
        balances: { base: unknown };
        balancesRefreshedAt: string;
      };
      expect((funded.balances.base as { assets: unknown[] }).assets).toContainEqual(
        expect.objectContaining({ symbol: 'USDC', balance: '2.5', decimals: 6 }),
      );
      expect(await svcGetVaultDetails({ vaultId: vault.vaultId }, alice)).toMatchObject({
        vault: { balances: funded.balances, balancesRefreshedAt: funded.balancesRefreshedAt },
      });

      const refused = await rejection(svcDeleteVault({ vaultId: vault.vaultId }, alice));
      expect(refused).toMatchObject({ code: 'state_conflict', status: 409, extra: { chains: ['base'] } });
      expect(refused.message).toMatch(/still holds funds on base/);

      const live = await rejection(
        svcRefreshBalance(
          { vaultId: vault.vaultId },
          { ...alice, mode: 'live', vaultChains: { collections: {} }, evmNetworks: undefined },
        ),
      );
      expect(live).toMatchObject({
        code: 'not_configured',
        status: 503,
        extra: { setting: expect.stringMatching(/^RPC_URL_|SOLANA_RPC_URL|BITCOIN_ESPLORA_URL|HEDERA_NETWORK/) },
      });

      const emptyVault = (await svcCreateVault({}, alice)) as { vault: { vaultId: string } };
      expect(await seen(svcDeleteVault({ vaultId: emptyVault.vault.vaultId }, alice))).toEqual({
        vaultId: emptyVault.vault.vaultId,
        deleted: true,
      });
      expect(await rejection(svcGetVaultDetails({ vaultId: emptyVault.vault.vaultId }, alice))).toMatchObject({
        code: 'not_found',
      });
    });

    it('mints to the connected wallet, lists the collection, reveals once to the holder and burns the NFT', async () => {
      const { vault } = (await svcCreateVault({ name: 'gift' }, alice)) as { vault: { vaultId: string } };
      const { vaultId } = vault;
      const tokenId = BigInt(vaultId);
      const collection = vaultChains.collections.base!;
      expect(await rejection(svcRevealKeys({ vaultId, confirm: vaultId }, alice))).toMatchObject({
        code: 'state_conflict',
        extra: { vaultStatus: 'unminted' },
      });

      const minted = await seen(svcMintVault({ vaultId, chain: 'base' }, alice));
      expect(minted).toMatchObject({
        vault: {
          status: 'minted',
          nft: { chainId: 8453, contract: chain.vaultNft, tokenId: vaultId, mintedTo: ALICE_WALLET },
        },
      });
      expect(await collection.ownerOf(tokenId)).toBe(ALICE_WALLET);
      expect(await rejection(svcMintVault({ vaultId, chain: 'base' }, alice))).toMatchObject({
        code: 'state_conflict',
        status: 409,
      });
      expect(await rejection(svcDeleteVault({ vaultId }, alice))).toMatchObject({
        code: 'state_conflict',
        extra: { vaultStatus: 'minted' },
      });
      expect(await rejection(svcMintVault({ vaultId, chain: 'polygon' }, alice))).toMatchObject({
        code: 'state_conflict',
      });

      // Open reads: the collection, its assets with their on-chain holder, and resolution; never account data or keys.
      expect(await seen(svcListCollections({ ...PAGE }, alice))).toMatchObject({
        total: 1,
        collections: [{ collectionId: 'vaults-base', chainId: 8453, contract: chain.vaultNft, standard: 'ERC-721' }],
      });
      expect(await seen(svcListCollections({ chain: 'polygon', ...PAGE }, alice))).toMatchObject({ total: 0 });
      const assets = (await seen(
        svcGetCollectionAssets({ collection: 'vaults-base', ...PAGE }, { ...bob, caller: undefined }),
      )) as { assets: { vaultId: string; owner: string }[] };
      expect(assets.assets.find((a) => a.vaultId === vaultId)).toMatchObject({
        name: 'gift',
        status: 'minted',
        owner: ALICE_WALLET,
      });
      expect(JSON.stringify(assets)).not.toMatch(/accountId|depositAddresses|balances/);
      expect(await seen(svcResolveAsset({ asset: vaultId }, bob))).toMatchObject({
        kind: 'vault',
        vault: { vaultId, owner: ALICE_WALLET },
      });
      expect(
        await seen(svcResolveAsset({ asset: chain.vaultNft, chain: 'base', tokenId: vaultId }, bob)),
      ).toMatchObject({ kind: 'vault', vault: { vaultId } });
      expect(await seen(svcResolveAsset({ asset: chain.vaultNft, chain: 'base' }, bob))).toMatchObject({
        kind: 'collection',
        collection: { collectionId: 'vaults-base' },
      });
      const unminted = (await svcCreateVault({}, alice)) as { vault: { vaultId: string } };
      expect(await rejection(svcResolveAsset({ asset: unminted.vault.vaultId }, bob))).toMatchObject({
        code: 'not_found',
      });

      const revealed = (await svcRevealKeys({ vaultId, confirm: vaultId }, alice)) as {
        burnTxHash: string;
        keys: { mnemonic: string; evm: { address: string; privateKey: string } };
      };
      expect(revealed).toMatchObject({
        vaultId,
        status: 'revealed',
        burnTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
      });
      expect(revealed.keys.mnemonic.split(' ')).toHaveLength(24);
      const { address } = await svcGetDepositAddress({ vaultId, chain: 'base' }, alice);
      expect(revealed.keys.evm.address).toBe(address);
      expect(await collection.ownerOf(tokenId)).toBeUndefined();

      // Once: a second reveal is refused, and no other response ever carried a secret.
      expect(await rejection(svcRevealKeys({ vaultId, confirm: vaultId }, alice))).toMatchObject({
        code: 'state_conflict',
        extra: { vaultStatus: 'revealed' },
      });
      responses.push(
        await svcGetVaultDetails({ vaultId }, alice),
        await svcListMyVaults({ ...PAGE }, alice),
        await svcResolveAsset({ asset: vaultId }, bob),
      );
      const everythingElse = JSON.stringify(responses);
      expect(everythingElse).not.toContain(revealed.keys.mnemonic);
      expect(everythingElse).not.toContain(revealed.keys.evm.privateKey.slice(2));
      const { rows } = await db.query<{ ciphertext: string | null }>(
        'SELECT ciphertext FROM vaults WHERE vault_id = $1',
        [vaultId],
      );
      expect(rows).toEqual([{ ciphertext: null }]);
    });

    it('refuses to reveal to an account whose wallets do not hold the NFT, and mints to an explicit recipient', async () => {
      const { vault } = (await svcCreateVault({}, alice)) as { vault: { vaultId: string } };
      const { vaultId } = vault;
      expect(await seen(svcMintVault({ vaultId, chain: 'base', recipient: BOB_WALLET }, alice))).toMatchObject({
        vault: { nft: { mintedTo: BOB_WALLET } },
      });
      expect(await rejection(svcRevealKeys({ vaultId, confirm: vaultId }, alice))).toMatchObject({
        code: 'not_holder',
        status: 403,
      });
      expect(await vaultChains.collections.base!.ownerOf(BigInt(vaultId))).toBe(BOB_WALLET);
    });

    it('of two racing mints of one vault, one mints and the other answers 409', async () => {
      const { vault } = (await svcCreateVault({}, alice)) as { vault: { vaultId: string } };
      const results = await Promise.allSettled([
        svcMintVault({ vaultId: vault.vaultId, chain: 'base' }, alice),
        svcMintVault({ vaultId: vault.vaultId, chain: 'base' }, alice),
      ]);
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      const [lost] = results.filter((r): r is PromiseRejectedResult => r.status === 'rejected');
      expect(lost!.reason).toMatchObject({ code: 'state_conflict', status: 409 });
      expect(await svcGetVaultDetails({ vaultId: vault.vaultId }, alice)).toMatchObject({
        vault: { status: 'minted' },
      });
    });

    it('the reveal approval is confirm = vaultId, checked before anything runs', () => {
      const tool = findTool('svcRevealKeys')!;
      expect(tool.input.safeParse({ vaultId: '12', confirm: '12' }).success).toBe(true);
      expect(tool.input.safeParse({ vaultId: '12', confirm: '13' }).success).toBe(false);
      expect(tool.effect).toBe('write');
      // A stored idempotent response would be a second copy of the keys.
      expect(() => idempotencyKeyOf('retry-1', 'svcRevealKeys')).toThrow(/does not take an Idempotency-Key/);
      expect(idempotencyKeyOf('retry-1', 'svcMintVault')).toBe('retry-1');
    });
  });
});
