import { parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { evmVaultCollection, VAULT_NFT_ABI, type VaultCollection } from '@svc/chains';
import {
  anvilDevAccount,
  type SandboxEvmChain,
  startSandboxEvmChain,
  SVC_VAULT_NFT_MINTER_INDEX,
} from './sandbox-chain.js';

const MINTER_ABI = parseAbi([
  'function MINTER() view returns (address)',
  'function supportsInterface(bytes4) view returns (bool)',
]);

describe('SvcVaultNFT on the sandbox chain', () => {
  let chain: SandboxEvmChain;
  let collection: VaultCollection;
  const holder = anvilDevAccount(7);
  beforeAll(async () => {
    chain = await startSandboxEvmChain({ chainId: 8453 });
    collection = evmVaultCollection({
      address: chain.vaultNft,
      publicClient: chain.publicClient,
      minter: anvilDevAccount(SVC_VAULT_NFT_MINTER_INDEX),
    });
  }, 60_000);
  afterAll(() => chain?.stop());

  it('is placed at start with the sandbox minter and reports ERC-721 with metadata', async () => {
    const read = (functionName: 'MINTER') =>
      chain.publicClient.readContract({ address: chain.vaultNft, abi: MINTER_ABI, functionName });
    expect(await read('MINTER')).toBe(anvilDevAccount(SVC_VAULT_NFT_MINTER_INDEX).address);
    expect(
      await chain.publicClient.readContract({
        address: chain.vaultNft,
        abi: MINTER_ABI,
        functionName: 'supportsInterface',
        args: ['0x80ac58cd'],
      }),
    ).toBe(true);
  });

  it('mints a vault id to a holder, names it in tokenURI, and burns it as the minter', async () => {
    const tokenId = 9260569240430531n;
    expect(await collection.ownerOf(tokenId)).toBeUndefined();
    await collection.mint(holder.address, tokenId);
    expect(await collection.ownerOf(tokenId)).toBe(holder.address);
    expect(
      await chain.publicClient.readContract({
        address: chain.vaultNft,
        abi: VAULT_NFT_ABI,
        functionName: 'tokenURI',
        args: [tokenId],
      }),
    ).toBe(`svc-vault://${tokenId}`);
    await expect(collection.mint(holder.address, tokenId)).rejects.toThrow(/already minted/);
    await collection.burn(tokenId);
    expect(await collection.ownerOf(tokenId)).toBeUndefined();
    await expect(collection.burn(tokenId)).rejects.toThrow(/does not exist/);
  });

  it('refuses a mint from anyone but the minter', async () => {
    const stranger = evmVaultCollection({ address: chain.vaultNft, publicClient: chain.publicClient, minter: holder });
    await expect(stranger.mint(holder.address, 1n)).rejects.toThrow(/not the minter/);
  });
});
