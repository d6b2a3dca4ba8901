import { invalidField } from '@svc/contracts';
import { accountVaultKeys, type HederaAccountView, type HederaNetwork, type HederaPrivateKey } from '@svc/chains';
import { callerOf, type HandlerContext } from '../handler.js';

export interface VaultHederaAccount {
  readonly account: HederaAccountView;
  readonly key: HederaPrivateKey;
}

/**
 * The caller's vault on Hedera: its account and its ECDSA key. The vault key's EVM address is an alias; Hedera creates
 * the account (hollow) the first time HBAR reaches that address, and the vault's first send signs with the key and
 * so completes it ("creates the source account on first send"). A vault whose address never received HBAR has no
 * account to send from: that is a 400 on `amount` (insufficient_funds) telling how to fund it.
 */
export async function vaultHederaAccount(context: HandlerContext, network: HederaNetwork): Promise<VaultHederaAccount> {
  const { hedera } = await accountVaultKeys(context.db, context.masterKey, callerOf(context).accountId);
  const account = await network.account(hedera.evmAddress);
  if (!account) {
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the vault's Hedera address ${hedera.evmAddress} has no account yet; send HBAR to it first (the first HBAR sent to an EVM address creates its account${context.mode === 'sandbox' ? "; in the sandbox: POST /api/sandbox/faucet {address, chain: 'hedera', token: 'HBAR', amount}" : ''})`,
      { address: hedera.evmAddress },
    );
  }
  const sdk = await network.sdk();
  return { account, key: sdk.PrivateKey.fromStringECDSA(hedera.privateKey.replace(/^0x/, '')) };
}

/** The account's balance of `asset` (HBAR or a token id), atomic units. */
export const holdingOf = (account: HederaAccountView, asset: string, hbar: string) =>
  asset === hbar ? account.tinybar : (account.tokens.find((token) => token.tokenId === asset)?.balance ?? 0n);
