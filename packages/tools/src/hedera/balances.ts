import { HBAR, HBAR_DECIMALS, vaultAddressesOf } from '@svc/chains';
import { assetBalance, type BalanceReader } from '../balances/chain-balances.js';
import { callerOf, type Handler } from '../handler.js';
import { hederaOf } from './network-of.js';

/**
 * Every balance of a Hedera account, as the mirror node reports it: HBAR first, then each token with a non-zero
 * balance (`address` is the token id). `address` is an EVM address (an alias or a long-zero address, what
 * getAllBalances sends) or an account id; an address with no account yet holds nothing, which is zero HBAR, not an
 * error.
 */
export const hederaBalances: BalanceReader = async (context, address) => {
  const network = await hederaOf(context);
  const account = await network.account(address);
  const tokens = await Promise.all(
    (account?.tokens ?? [])
      .filter(({ balance }) => balance > 0n)
      .map(async ({ tokenId, balance }) => {
        const token = await network.token(tokenId);
        return assetBalance(token?.symbol ?? tokenId, tokenId, balance, token?.decimals ?? 0);
      }),
  );
  return {
    network: network.caip2,
    address,
    assets: [assetBalance(HBAR, null, account?.tinybar ?? 0n, HBAR_DECIMALS), ...tokens],
  };
};

/**
 * The vault's Hedera balances. The spec names this tool's fields differently from the shared shape: `balanceUnits`
 * is the exact amount (what trades use) and `balance` the rounded one; `tokenId` is null for HBAR.
 */
export const hederaGetBalances: Handler<'hederaGetBalances'> = async (_input, context) => {
  const { hedera } = await vaultAddressesOf(context.db, context.masterKey, callerOf(context).accountId);
  const network = await hederaOf(context);
  const [read, account] = await Promise.all([
    hederaBalances(context, hedera.evmAddress),
    network.account(hedera.evmAddress),
  ]);
  return {
    network: read.network,
    evmAddress: hedera.evmAddress,
    accountId: account?.accountId ?? null,
    balances: read.assets.map(({ symbol, address, decimals, balance, humanReadableBalance }) => ({
      symbol,
      tokenId: address,
      decimals,
      balanceUnits: balance,
      balance: humanReadableBalance,
    })),
  };
};
