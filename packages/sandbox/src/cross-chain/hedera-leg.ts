import { HBAR, isEntityId, isEvmAddress } from '@svc/chains';
import { keccak256, stringToHex } from 'viem';
import type { HederaSandboxLedger } from '../hedera/ledger.js';
import type { CrossChainAsset } from './assets.js';
import type { ChainLeg } from './chain-leg.js';

const HBAR_DECIMALS = 8;
const USDC_TOKEN_ID = '0.0.456858';

/** Whole units of `atomic` at `decimals`, as a float (for spot prices only). */
const whole = (atomic: bigint, decimals: number) => Number(atomic) / 10 ** decimals;

/**
 * The Hedera leg: the operator's keys are ECDSA keys whose EVM aliases hold its accounts (created hollow by their
 * first funding, completed by their first signed transfer); payouts are TransferTransactions signed with them and
 * applied by the sandbox ledger. Prices are the spot prices of the ledger's pools (HBAR/USDC, and each token against
 * HBAR). The vault does not send from Hedera, so no payin there is watched.
 */
export function hederaLeg(ledgerOf: () => Promise<HederaSandboxLedger>): ChainLeg {
  const keyOf = async (label: string) => {
    const { sdk } = await ledgerOf();
    return sdk.PrivateKey.fromStringECDSA(keccak256(stringToHex(`svc.sandbox.cross-chain:${label}`)).slice(2));
  };
  const aliasOf = async (label: string) => `0x${(await keyOf(label)).publicKey.toEvmAddress()}`;
  const poolPrice = async (asset: string): Promise<number> => {
    const ledger = await ledgerOf();
    const pool = ledger
      .pools()
      .find((candidate) => candidate.assets.includes(HBAR) && candidate.assets.includes(asset));
    if (!pool) throw new Error(`no sandbox Hedera pool prices ${asset}`);
    const decimalsOf = (id: string) => (id === HBAR ? HBAR_DECIMALS : (ledger.token(id)?.decimals ?? 0));
    const [a, b] = pool.assets;
    const [ra, rb] = pool.reserves;
    // Units of the other side per unit of `asset`.
    return asset === a
      ? whole(rb, decimalsOf(b)) / whole(ra, decimalsOf(a))
      : whole(ra, decimalsOf(a)) / whole(rb, decimalsOf(b));
  };
  const priceOf = async (asset: CrossChainAsset): Promise<number> => {
    if (asset.address === USDC_TOKEN_ID) return 1;
    const hbarUsd = await poolPrice(USDC_TOKEN_ID).then((hbarPerUsdc) => 1 / hbarPerUsdc);
    return asset.address === null ? hbarUsd : (await poolPrice(asset.address)) * hbarUsd;
  };
  return {
    addressOf: aliasOf,
    isAddress: (text) => isEvmAddress(text) || isEntityId(text),
    async balanceOf(owner, asset) {
      const account = (await ledgerOf()).account(owner);
      if (!account) return 0n;
      return asset.address === null ? account.tinybar : (account.tokens.get(asset.address) ?? 0n);
    },
    priceUsd: priceOf,
    async pay(label, to, asset, atomic, memo) {
      const ledger = await ledgerOf();
      const { sdk } = ledger;
      const from = ledger.account(await aliasOf(label));
      if (!from) throw new Error(`the operator key ${label} has no Hedera account (it was never funded)`);
      const recipient = to.startsWith('0x') ? sdk.AccountId.fromEvmAddress(0, 0, to) : sdk.AccountId.fromString(to);
      const transfer = new sdk.TransferTransaction();
      if (asset.address === null)
        transfer
          .addHbarTransfer(from.accountId, sdk.Hbar.fromTinybars((-atomic).toString()))
          .addHbarTransfer(recipient, sdk.Hbar.fromTinybars(atomic.toString()));
      else
        transfer
          .addTokenTransfer(asset.address, from.accountId, -atomic)
          .addTokenTransfer(asset.address, recipient, atomic);
      const frozen = transfer
        .setTransactionId(sdk.TransactionId.generate(from.accountId))
        .setNodeAccountIds([sdk.AccountId.fromString(ledger.nodeAccountId)])
        .setTransactionMemo(memo)
        .freeze();
      return ledger.submit((await frozen.sign(await keyOf(label))).toBytes()).transactionId;
    },
    async fund(label, asset, atomic) {
      await (await ledgerOf()).fund(await aliasOf(label), asset.address ?? HBAR, atomic);
    },
    incomingTransaction: async () => undefined,
    transaction: async () => undefined,
  };
}
