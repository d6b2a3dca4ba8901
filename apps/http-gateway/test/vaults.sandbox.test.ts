import { VAULT_NFT_ABI } from '@svc/chains';
import { privateKeyToAddress } from 'viem/accounts';
import { describe, expect, it } from 'vitest';
import { backendsFor, fundedWallet, json, useSandboxGateway } from './harness.js';

const logLines: string[] = [];

describe.each(backendsFor(import.meta.url))('vaults through REST with SIWX + x402 ($name)', (backend) => {
  const gateway = useSandboxGateway(
    backend,
    { LOG_LEVEL: 'trace' },
    { logStream: { write: (line: string) => void logLines.push(line) } },
  );
  const bodies: string[] = [];
  /** Every body but the reveal's is kept, to prove the secrets appear nowhere else. */
  const kept = async (res: Response, status = 200) => {
    const text = await res.clone().text();
    bodies.push(text);
    return json(res, status);
  };

  it('create, deposit USDC, refresh, mint, ownerOf, reveal with confirmation: the NFT burns and the key controls the deposit address', async () => {
    const alice = await fundedWallet(gateway);
    const base = gateway.sandbox.base;
    const ownerOf = (tokenId: bigint) =>
      base.publicClient.readContract({
        address: base.vaultNft,
        abi: VAULT_NFT_ABI,
        functionName: 'ownerOf',
        args: [tokenId],
      });

    const { vault } = await kept(await alice.call('svcCreateVault', { name: 'rainy day' }));
    const vaultId: string = vault.vaultId;
    const deposit = vault.depositAddresses.find((d: { chain: string }) => d.chain === 'base').address as `0x${string}`;
    expect(await kept(await alice.call('svcGetDepositAddress', { vaultId, chain: 'base' }))).toMatchObject({
      address: deposit,
      sandbox: true,
    });

    expect((await gateway.faucet({ address: deposit, token: 'BASE_USDC', amount: '3.25' })).status).toBe(200);
    const refreshed = await kept(await alice.call('svcRefreshBalance', { vaultId }));
    expect(refreshed.balances.base).toMatchObject({ network: 'eip155:8453', address: deposit });
    expect(refreshed.balances.base.assets).toContainEqual(expect.objectContaining({ symbol: 'USDC', balance: '3.25' }));
    // Every chain of the vault is read on its sandbox chain, through the same reader as the chain's balance tool.
    for (const chain of ['ethereum', 'bsc', 'polygon', 'altchain', 'solana', 'bitcoin', 'hedera'])
      expect(refreshed.balances[chain], chain).toHaveProperty('assets');

    // A funded vault cannot be deleted.
    expect(await kept(await alice.call('svcDeleteVault', { vaultId }), 409)).toMatchObject({ code: 'state_conflict' });

    const minted = await kept(await alice.call('svcMintVault', { vaultId, chain: 'base' }));
    expect(minted.vault).toMatchObject({
      status: 'minted',
      nft: { chainId: 8453, contract: base.vaultNft, tokenId: vaultId, mintedTo: alice.account.address },
    });
    expect(await ownerOf(BigInt(vaultId))).toBe(alice.account.address);

    // The approval must name the vault: refused before anything is paid or burned.
    expect(await kept(await gateway.call('svcRevealKeys', { vaultId, confirm: 'yes' }), 400)).toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'confirm' }],
    });
    // Another account cannot even see it.
    const bob = await fundedWallet(gateway);
    expect(await kept(await bob.call('svcRevealKeys', { vaultId, confirm: vaultId }), 404)).toMatchObject({
      code: 'not_found',
    });

    const revealed = await json(await alice.call('svcRevealKeys', { vaultId, confirm: vaultId }));
    expect(revealed).toMatchObject({
      vaultId,
      status: 'revealed',
      burnTxHash: expect.stringMatching(/^0x[0-9a-f]{64}$/),
    });
    expect(privateKeyToAddress(revealed.keys.evm.privateKey)).toBe(deposit);
    await expect(ownerOf(BigInt(vaultId))).rejects.toThrow(/does not exist/);
    expect((await base.publicClient.getTransactionReceipt({ hash: revealed.burnTxHash })).status).toBe('success');

    // Never again, and nowhere else: not in a later response, not in any log line.
    expect(await kept(await alice.call('svcRevealKeys', { vaultId, confirm: vaultId }), 409)).toMatchObject({
      code: 'state_conflict',
      vaultStatus: 'revealed',
    });
    expect(await kept(await alice.call('svcGetVaultDetails', { vaultId }))).toMatchObject({
      vault: { status: 'revealed', nft: { burnTxHash: revealed.burnTxHash } },
    });
    expect(await kept(await bob.call('svcResolveAsset', { asset: vaultId }))).toMatchObject({
      kind: 'vault',
      vault: { vaultId, status: 'revealed', owner: null },
    });
    const words = revealed.keys.mnemonic as string;
    expect(words.split(' ')).toHaveLength(24);
    for (const secret of [
      words,
      revealed.keys.evm.privateKey.slice(2),
      revealed.keys.solana.secretKey,
      revealed.keys.bitcoin.segwit.wif,
    ]) {
      expect(bodies.join('\n')).not.toContain(secret);
      expect(logLines.join('\n')).not.toContain(secret);
    }
    expect(logLines.length).toBeGreaterThan(0);
  }, 60_000);

  // Answers no test above sees as a 200 (each checked against its published response schema by the call helper).
  it('quick vault, listed, then deleted while empty; the collections and their assets are open reads', async () => {
    const carol = await fundedWallet(gateway);
    const quick = await json(await carol.call('svcQuickVault', { chain: 'bitcoin', name: 'pocket' }));
    expect(quick).toMatchObject({ name: 'pocket', status: 'unminted', depositAddress: { chain: 'bitcoin' } });
    expect(quick.depositAddress.taproot).toMatch(/^bc1p/);
    const listed = await json(await carol.call('svcListMyVaults', {}));
    expect(listed.vaults.map((v: { vaultId: string }) => v.vaultId)).toEqual([quick.vaultId]);

    const { collections } = await json(await carol.call('svcListCollections', { chain: 'base' }));
    expect(collections).toEqual([expect.objectContaining({ chain: 'base', contract: gateway.sandbox.base.vaultNft })]);
    const { collectionId } = collections[0];
    expect(await json(await carol.call('svcResolveAsset', { asset: collectionId }))).toMatchObject({
      kind: 'collection',
      collection: { collectionId },
    });
    // The vault minted (then burned) by the test above is one of them: an asset outlives its reveal, owner null.
    const { assets } = await json(await carol.call('svcGetCollectionAssets', { collection: collectionId, limit: 100 }));
    expect(assets).toContainEqual(expect.objectContaining({ status: 'revealed', owner: null }));

    expect(await json(await carol.call('svcDeleteVault', { vaultId: quick.vaultId }))).toMatchObject({
      vaultId: quick.vaultId,
      deleted: true,
    });
    expect((await json(await carol.call('svcListMyVaults', {}))).vaults).toEqual([]);
  }, 60_000);
});
