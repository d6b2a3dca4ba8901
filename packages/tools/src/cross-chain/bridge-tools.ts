import { invalidField, ServiceError } from '@svc/contracts';
import { formatUnits, scaleUp } from '@svc/payments';
import { type Handler, type HandlerContext, withCommitPoint } from '../handler.js';
import type { BridgeCurrency, BridgeProvider } from '../ports/cross-chain.js';
import { isVaultNetwork } from './networks.js';
import { bridgeOf } from './providers.js';
import {
  atomicOf,
  payFromVault,
  requireVaultHolds,
  vaultAddressOn,
  vaultAsset,
  type VaultAsset,
} from './vault-funds.js';

/** How a currency is shown: `ticker` names it on its network alone (what getBridgeSwapQuote takes). */
const shown = (currency: BridgeCurrency) => ({
  ticker: currency.legacyTicker,
  currency: currency.ticker,
  name: currency.name,
  network: currency.network,
  tokenContract: currency.tokenContract,
});

/** The currency a quote's ticker names (the network-specific ticker; a plain one names its default network). */
async function byTicker(bridge: BridgeProvider, ticker: string, field: string): Promise<BridgeCurrency> {
  const wanted = ticker.trim().toLowerCase();
  const found = (await bridge.currencies()).find((currency) => currency.legacyTicker.toLowerCase() === wanted);
  if (!found) throw invalidField(field, 'unknown_currency', `"${ticker}" is no ticker of getBridgeSupportedCurrencies`);
  return found;
}

/** The currency `ticker` (either form) on `network`: the swap names both. */
export async function onNetwork(
  bridge: BridgeProvider,
  ticker: string,
  network: string,
  field: string,
): Promise<BridgeCurrency> {
  const wanted = ticker.trim().toLowerCase();
  const found = (await bridge.currencies()).find(
    (currency) =>
      currency.network === network &&
      (currency.ticker.toLowerCase() === wanted || currency.legacyTicker.toLowerCase() === wanted),
  );
  if (!found)
    throw invalidField(field, 'unknown_currency', `"${ticker}" on network ${network} is not a supported currency`);
  return found;
}

/** The currency a bridge swap sends, as the vault's chain knows it: the vault sends from the EVM chains and Solana. */
export async function bridgeSentAsset(context: HandlerContext, from: BridgeCurrency): Promise<VaultAsset> {
  if (!isVaultNetwork(from.network))
    throw invalidField(
      'fromNetwork',
      'unsupported_network',
      `the vault does not send bridge swaps from ${from.network}`,
    );
  return vaultAsset(context, from.network, from.tokenContract, 'fromCurrencyTokenContract');
}

/** Decimal text of a body amount, refused when not > 0. */
function amountText(amount: number, field: string): string {
  if (!(amount > 0) || !Number.isFinite(amount)) throw invalidField(field, 'positive', 'must be greater than 0');
  return amount.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
}

/** Is decimal `a` smaller than decimal `b`? (Compared exactly, at 18 places.) */
const below = (a: string, b: string) => scaleUp(a, 18) < scaleUp(b, 18);

export const getBridgeSupportedCurrencies: Handler<'getBridgeSupportedCurrencies'> = async (input, context) => {
  const bridge = bridgeOf(context);
  const query = input.query?.trim().toLowerCase();
  const currencies = (await bridge.currencies())
    .filter((currency) => input.networks.length === 0 || input.networks.includes(currency.network as never))
    .filter(
      (currency) =>
        !query ||
        [currency.ticker, currency.legacyTicker, currency.name].some((text) => text.toLowerCase().includes(query)),
    )
    .map(shown);
  return { source: bridge.source, count: currencies.length, currencies };
};

export const getBridgeSwapQuote: Handler<'getBridgeSwapQuote'> = async (input, context) => {
  const bridge = bridgeOf(context);
  const fromAmount = amountText(input.fromAmount, 'fromAmount');
  const [from, to] = await Promise.all([
    byTicker(bridge, input.fromTicker, 'fromTicker'),
    byTicker(bridge, input.toTicker, 'toTicker'),
  ]);
  const estimate = await bridge.estimate(from, to, fromAmount);
  return {
    source: bridge.source,
    from: shown(from),
    to: shown(to),
    ...estimate,
    belowMinimum: below(fromAmount, estimate.minAmount),
  };
};

/**
 * Starts an exchange and pays it from the vault: checked first (both currencies on their networks, the token contract,
 * the minimum, the vault's balance; each a 400 that moves nothing), then the exchange is created (a free call at the
 * provider, answering the payin address), then the vault's send signs, settles the call and broadcasts.
 */
export const swapUsingBridge: Handler<'swapUsingBridge'> = withCommitPoint(async (input, context) => {
  const bridge = bridgeOf(context);
  const fromAmount = amountText(input.fromAmount, 'fromAmount');
  const [from, to] = await Promise.all([
    onNetwork(bridge, input.fromCurrency, input.fromNetwork, 'fromCurrency'),
    onNetwork(bridge, input.toCurrency, input.toNetwork, 'toCurrency'),
  ]);
  const declared = input.fromCurrencyTokenContract;
  if (
    (declared === null) !== (from.tokenContract === null) ||
    (declared ?? '').toLowerCase() !== (from.tokenContract ?? '').toLowerCase()
  )
    throw invalidField(
      'fromCurrencyTokenContract',
      'mismatch',
      `${from.legacyTicker} on ${from.network} is ${from.tokenContract === null ? 'the native coin (null)' : `the token ${from.tokenContract}`}`,
    );
  const asset = await bridgeSentAsset(context, from);
  const atomic = atomicOf(asset, input.fromAmount, 'fromAmount');
  const estimate = await bridge.estimate(from, to, fromAmount);
  if (below(fromAmount, estimate.minAmount))
    throw invalidField(
      'fromAmount',
      'below_minimum',
      `the minimum for this pair is ${estimate.minAmount} ${from.ticker}`,
      {
        minAmount: estimate.minAmount,
      },
    );
  await requireVaultHolds(context, asset, atomic, 'fromAmount');
  const [payoutAddress, refundAddress] = await Promise.all([
    vaultAddressOn(context, to.network),
    vaultAddressOn(context, from.network),
  ]);
  if (!payoutAddress)
    throw invalidField('toNetwork', 'unsupported_network', `the vault has no address on ${to.network}`);
  const exchange = await bridge.createExchange({
    from,
    to,
    fromAmount: formatUnits(atomic, asset.decimals),
    address: payoutAddress,
    refundAddress: refundAddress!,
  });
  if (exchange.payinExtraId)
    throw new ServiceError(
      'upstream_error',
      `exchange ${exchange.id} needs a payin memo, which the vault's sends do not carry`,
    );
  const payinHash = await payFromVault(context, asset, atomic, exchange.payinAddress);
  return {
    source: bridge.source,
    transactionId: exchange.id,
    payinAddress: exchange.payinAddress,
    payinHash,
    fromCurrency: from.ticker,
    fromNetwork: from.network,
    toCurrency: to.ticker,
    toNetwork: to.network,
    fromAmount: exchange.fromAmount,
    expectedAmountTo: exchange.toAmount,
    payoutAddress,
    refundAddress,
    validUntil: estimate.validUntil,
    estimatedSeconds: estimate.estimatedSeconds,
  };
});

export const getBridgeTransactionStatus: Handler<'getBridgeTransactionStatus'> = async (input, context) => {
  const bridge = bridgeOf(context);
  const exchange = await bridge.exchange(input.transactionId.trim());
  if (!exchange)
    throw new ServiceError('not_found', `no bridge exchange ${input.transactionId}`, {
      extra: { transactionId: input.transactionId },
    });
  return { source: bridge.source, ...exchange };
};
