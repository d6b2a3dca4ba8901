import { openVaultPrivateKeys } from '@svc/chains';
import { ServiceError } from '@svc/contracts';
import { recordVaultReveal, sealedVaultSecretOf } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { connectedEvmWallets } from './connected-evm-wallets.js';
import { ownVault } from './own-vault.js';
import { collectionOfNft } from './vault-collections.js';

/**
 * Output, once: `{ vaultId, status: 'revealed', burnTxHash, keys: { mnemonic, derivationPaths, evm: {address,
 * privateKey}, solana: {address, secretKey}, bitcoin: {segwit: {address, wif}, taproot: {...}}, hedera: {...} } }`.
 *
 * Order matters: the holder is checked on chain, the seed is opened (a broken seal must not cost the NFT), the NFT
 * is burned (on chain, so of two racing reveals only one burn succeeds), and only then is the vault marked revealed
 * and its sealed seed dropped. The keys are in no log and no other response; svcRevealKeys does not accept an
 * Idempotency-Key, whose stored response would keep a copy.
 */
export const svcRevealKeys: Handler<'svcRevealKeys'> = async ({ vaultId }, context) => {
  const { accountId } = callerOf(context);
  const vault = await ownVault(context, vaultId);
  if (vault.status !== 'minted' || !vault.nft) {
    throw new ServiceError(
      'state_conflict',
      `Vault "${vaultId}" is ${vault.status}; only a minted vault's keys can be revealed, and only once. Nothing was charged.`,
      {
        extra: { vaultId, vaultStatus: vault.status },
      },
    );
  }
  const collection = collectionOfNft(context, vault.nft);
  const tokenId = BigInt(vaultId);
  const [holder, wallets] = await Promise.all([collection.ownerOf(tokenId), connectedEvmWallets(context)]);
  if (!holder || !wallets.some((wallet) => wallet.toLowerCase() === holder.toLowerCase())) {
    throw new ServiceError(
      'not_holder',
      `Vault "${vaultId}"'s NFT is not held by a wallet connected to this account; its holder must sign in to reveal. Nothing was charged.`,
      {
        extra: { vaultId, contract: collection.address, chainId: collection.chainId },
      },
    );
  }
  const sealed = await sealedVaultSecretOf(context.db, accountId, vaultId);
  if (!sealed)
    throw new ServiceError('state_conflict', `Vault "${vaultId}" has no sealed keys left. Nothing was charged.`, {
      extra: { vaultId },
    });
  const keys = await openVaultPrivateKeys(sealed, accountId, context.masterKey);
  const burnTxHash = await collection.burn(tokenId);
  const revealed = await recordVaultReveal(context.db, accountId, vaultId, burnTxHash);
  if (!revealed)
    throw new ServiceError(
      'internal',
      `Vault "${vaultId}"'s NFT was burned in ${burnTxHash} but the vault changed state meanwhile.`,
      { extra: { vaultId, burnTxHash } },
    );
  return { vaultId, status: revealed.status, burnTxHash, revealedAt: revealed.revealedAt, keys };
};
