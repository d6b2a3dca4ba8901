import { ServiceError } from '@svc/contracts';
import { recordVaultMint } from '@svc/store';
import { callerOf, type Handler, type HandlerContext } from '../handler.js';
import { connectedEvmWallets } from './connected-evm-wallets.js';
import { ownVault } from './own-vault.js';
import { collectionOn } from './vault-collections.js';
import { ownerView } from './vault-view.js';

const alreadyMinted = (vaultId: string, vaultStatus = 'minted') =>
  new ServiceError(
    'state_conflict',
    `Vault "${vaultId}" is ${vaultStatus}; only an unminted vault can be minted. Nothing was charged.`,
    { extra: { vaultId, vaultStatus } },
  );

async function recipientOf(context: HandlerContext, recipient: string | undefined): Promise<`0x${string}`> {
  if (recipient) return recipient as `0x${string}`;
  const [connected] = await connectedEvmWallets(context);
  if (connected) return connected;
  throw new ServiceError(
    'invalid_input',
    'This account has no connected EVM wallet to mint to; pass recipient. Nothing was charged.',
    {
      issues: [
        { field: 'recipient', rule: 'required', message: 'required when the account has no connected EVM wallet' },
      ],
    },
  );
}

/**
 * Output: `{ vault: {..., status: 'minted', nft: {chainId, contract, tokenId, mintedTo, mintTxHash} }, txHash }`.
 * The token id is the vault id, so a second mint of the same vault reverts on chain even if two calls race.
 */
export const svcMintVault: Handler<'svcMintVault'> = async ({ vaultId, chain, recipient }, context) => {
  const vault = await ownVault(context, vaultId);
  if (vault.status !== 'unminted') throw alreadyMinted(vaultId, vault.status);
  const collection = collectionOn(context, chain);
  const tokenId = BigInt(vaultId);
  const { hash: txHash, to: mintedTo } = await collection
    .mint(await recipientOf(context, recipient), tokenId)
    .catch(async (error: unknown) => {
      // The token exists: a concurrent call minted this vault first (and records it); this one changed nothing.
      if (await collection.ownerOf(tokenId)) throw alreadyMinted(vaultId);
      throw error;
    });
  const minted = await recordVaultMint(context.db, callerOf(context).accountId, vaultId, {
    chainId: collection.chainId,
    contract: collection.address,
    mintedTo,
    txHash,
  });
  if (!minted)
    throw new ServiceError('internal', `Vault "${vaultId}" was minted in ${txHash} but changed state meanwhile.`, {
      extra: { vaultId, txHash },
    });
  return { vault: ownerView(minted), txHash };
};
