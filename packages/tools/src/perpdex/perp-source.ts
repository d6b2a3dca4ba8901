import { invalidField, notConfigured } from '@svc/contracts';
import { type Address, getAddress, isAddress } from 'viem';
import { normalize } from 'viem/ens';
import type { HandlerContext } from '../handler.js';
import { noSandboxIndex } from '../ordinals/ordinals-index.js';
import type { PerpExchange } from '../ports/perp-exchange.js';
import { connectedEvmWallets } from '../vaults/connected-evm-wallets.js';

/**
 * The exchange these tools read: Hyperliquid in live mode (or in sandbox mode with HYPERLIQUID_API_URL listed in
 * PROVIDERS_LIVE), the sandbox perp exchange otherwise; a sandbox service built without one answers 501 (not charged:
 * these tools settle after success).
 */
export function perpExchangeOf(context: HandlerContext, tool: string): PerpExchange {
  const hyperliquid = context.providers.hyperliquid;
  if (hyperliquid) {
    return {
      clearinghouseState: (user) => hyperliquid.clearinghouseState(user),
      spotClearinghouseState: (user) => hyperliquid.spotClearinghouseState(user),
      frontendOpenOrders: (user) => hyperliquid.frontendOpenOrders(user),
      historicalOrders: (user) => hyperliquid.historicalOrders(user),
      userFills: (user) => hyperliquid.userFills(user),
      delegations: (user) => hyperliquid.delegations(user),
      delegatorSummary: (user) => hyperliquid.delegatorSummary(user),
      userVaultEquities: (user) => hyperliquid.userVaultEquities(user),
      portfolio: (user) => hyperliquid.portfolio(user),
      metaAndAssetCtxs: () => hyperliquid.metaAndAssetCtxs(),
      allMids: () => hyperliquid.allMids(),
      l2Book: (coin) => hyperliquid.l2Book(coin),
      candleSnapshot: (coin, interval, startTime, endTime) =>
        hyperliquid.candleSnapshot(coin, interval, startTime, endTime),
      fundingHistory: (coin, startTime, endTime) => hyperliquid.fundingHistory(coin, startTime, endTime),
      evmHypeBalance: (user) => hyperliquid.evmHypeBalance(user),
      resolveName: (name) => resolveLiveName(context, name),
    };
  }
  if (context.perpExchange) return context.perpExchange;
  throw noSandboxIndex(tool, 'perp exchange');
}

/**
 * A name in live mode: a `.hl` name through Hyperliquid Names (503 naming HLNAMES_API_KEY without it), any other
 * through ENS on Ethereum (503 naming the Ethereum RPC setting without one).
 */
async function resolveLiveName(context: HandlerContext, name: string): Promise<Address | undefined> {
  if (name.toLowerCase().endsWith('.hl')) return context.providers.hlNames?.resolve(name);
  if (!context.evmNetworks) throw notConfigured('RPC_URL_ETHEREUM', 'ENS name resolution (Ethereum)');
  let normalized: string;
  try {
    normalized = normalize(name);
  } catch {
    return undefined;
  }
  const { publicClient } = await context.evmNetworks.network(1);
  return (await publicClient.getEnsAddress({ name: normalized })) ?? undefined;
}

/**
 * The account a tool reads: `user` as an address, or the address its name resolves to (a name that resolves to none
 * is a 400 naming it), or, without `user`, the caller's first connected EVM wallet.
 */
export async function perpUser(
  context: HandlerContext,
  exchange: PerpExchange,
  user: string | undefined,
): Promise<Address> {
  if (user === undefined) {
    const [wallet] = await connectedEvmWallets(context);
    if (!wallet)
      throw invalidField('user', 'required', 'give an address or name: the account has no connected EVM wallet');
    return getAddress(wallet);
  }
  const text = user.trim();
  if (isAddress(text, { strict: false })) return getAddress(text);
  if (/^0x/i.test(text)) throw invalidField('user', 'format', `${user} is not an EVM address`);
  const resolved = text.includes('.') ? await exchange.resolveName(text) : undefined;
  if (!resolved) throw invalidField('user', 'unresolvable_name', `the name ${user} resolves to no address`);
  return getAddress(resolved);
}
