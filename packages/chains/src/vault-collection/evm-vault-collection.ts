import {
  type Address,
  BaseError,
  type Chain,
  ContractFunctionRevertedError,
  createWalletClient,
  custom,
  getAddress,
  type Hash,
  type LocalAccount,
  parseAbi,
  type PublicClient,
  type Transport,
} from 'viem';

/** What the vault tools need of the collection vault NFTs are minted into: one ERC-721 contract on one EVM chain. */
export interface VaultCollection {
  readonly chainId: number;
  readonly address: Address;
  /** Mints token `tokenId` (the vault id) to `to`; resolves once the transaction succeeded, with `to` checksummed. */
  mint(to: Address, tokenId: bigint): Promise<{ hash: Hash; to: Address }>;
  /** Burns token `tokenId` as the minter; resolves with the hash once the transaction succeeded. */
  burn(tokenId: bigint): Promise<Hash>;
  /** The token's current owner, or undefined when it does not exist (never minted or burned). */
  ownerOf(tokenId: bigint): Promise<Address | undefined>;
}

export const VAULT_NFT_ABI = parseAbi([
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function tokenURI(uint256 tokenId) view returns (string)',
  'function mint(address to, uint256 tokenId)',
  'function burn(uint256 tokenId)',
  'function transferFrom(address from, address to, uint256 tokenId)',
]);

export interface EvmVaultCollectionOptions {
  readonly address: Address;
  readonly publicClient: PublicClient<Transport, Chain>;
  /** The contract's minter (SvcVaultNFT.MINTER): signs locally, so the node needs no unlocked account. */
  readonly minter: LocalAccount;
}

/**
 * The vault collection as an SvcVaultNFT contract reached over JSON-RPC. Minter transactions go one at a time: they
 * share one account, and overlapping sends would race for the same nonce.
 */
export function evmVaultCollection({ address, publicClient, minter }: EvmVaultCollectionOptions): VaultCollection {
  // The wallet sends through the public client's transport: one connection, one polling interval.
  const wallet = createWalletClient({ chain: publicClient.chain, transport: custom(publicClient), account: minter });
  let queue: Promise<unknown> = Promise.resolve();

  const send = (functionName: 'mint' | 'burn', args: readonly [Address, bigint] | readonly [bigint]): Promise<Hash> => {
    const sent = queue.then(async () => {
      const hash = await wallet.writeContract({ address, abi: VAULT_NFT_ABI, functionName, args });
      const receipt = await publicClient.waitForTransactionReceipt({ hash });
      if (receipt.status !== 'success') throw new Error(`vault NFT ${functionName} ${hash} reverted`);
      return hash;
    });
    queue = sent.catch(() => undefined);
    return sent;
  };

  return {
    chainId: publicClient.chain.id,
    address,
    async mint(to, tokenId) {
      const recipient = getAddress(to);
      return { hash: await send('mint', [recipient, tokenId]), to: recipient };
    },
    burn: (tokenId) => send('burn', [tokenId]),
    async ownerOf(tokenId) {
      // ownerOf reverts for a token that does not exist; that is an answer here, not a failure. Other errors propagate.
      try {
        return await publicClient.readContract({
          address,
          abi: VAULT_NFT_ABI,
          functionName: 'ownerOf',
          args: [tokenId],
        });
      } catch (error) {
        if (error instanceof BaseError && error.walk((cause) => cause instanceof ContractFunctionRevertedError))
          return undefined;
        throw error;
      }
    },
  };
}
