import { ServiceError, invalidField } from '@svc/contracts';
import { formatUnits, scaleUp } from '@svc/payments';
import {
  type BridgeExchange,
  type CrossChainAsset,
  type CrossChainNetwork,
  CrossChainRequestError,
  type RouterRequest,
  ROUTER_ESTIMATED_SECONDS,
  SANDBOX_CROSS_CHAIN_ASSETS,
  type SandboxCrossChain,
  sandboxAsset,
} from '@svc/sandbox';
import type {
  BridgeCurrency,
  BridgeProvider,
  CrossChainProviders,
  RouterCurrency,
  RouterProvider,
} from '../ports/cross-chain.js';

/** The bridge's networks in the order a ticker's default network is picked (ChangeNOW: "usdc" is USDC on Ethereum). */
const BRIDGE_NETWORK_ORDER: readonly CrossChainNetwork[] = ['btc', 'eth', 'bsc', 'matic', 'base', 'sol', 'hbar'];
/** The router's networks (RNET7): Relay has no Hedera. */
const ROUTER_NETWORKS: ReadonlySet<CrossChainNetwork> = new Set(['eth', 'bsc', 'matic', 'base', 'alt', 'sol', 'btc']);
/**
 * How Relay names a native coin: the zero address on EVM chains, the system program on Solana, and on Bitcoin an
 * address of its own (as integrations name it; not confirmed by Relay's documentation).
 */
const NATIVE_ADDRESS: Readonly<Record<string, string>> = {
  sol: '11111111111111111111111111111111',
  btc: 'bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8',
};
const EVM_NATIVE_ADDRESS = '0x0000000000000000000000000000000000000000';

/** The bridge currencies: each ticker on its first network plainly ("usdc"), elsewhere suffixed ("usdcbase"). */
function bridgeCurrencies(): BridgeCurrency[] {
  const seen = new Set<string>();
  return BRIDGE_NETWORK_ORDER.flatMap((network) =>
    SANDBOX_CROSS_CHAIN_ASSETS.filter((asset) => asset.network === network).map((asset) => {
      const ticker = asset.symbol.toLowerCase();
      const legacyTicker = seen.has(ticker) ? `${ticker}${network}` : ticker;
      seen.add(ticker);
      return { ticker, legacyTicker, name: asset.name, network, tokenContract: asset.address };
    }),
  );
}

const assetOf = (currency: { network: string; tokenContract: string | null }, field: string): CrossChainAsset => {
  const asset = sandboxAsset(currency.network as CrossChainNetwork, currency.tokenContract);
  if (!asset) throw invalidField(field, 'unknown_currency', 'the sandbox does not serve this currency');
  return asset;
};

const iso = (ms: number) => new Date(ms).toISOString();
const amount = (atomic: bigint | null, asset: CrossChainAsset) =>
  atomic === null ? null : formatUnits(atomic, asset.decimals);

/** The sandbox operator's refusals are the caller's mistakes: 400 naming the field. */
function refusal(error: unknown): never {
  if (error instanceof CrossChainRequestError) throw invalidField(error.field, error.rule, error.message);
  throw error;
}

function exchangeState(exchange: BridgeExchange, currencies: readonly BridgeCurrency[]) {
  const tickerOf = (asset: CrossChainAsset) =>
    currencies.find((currency) => currency.network === asset.network && currency.tokenContract === asset.address)
      ?.ticker ?? asset.symbol.toLowerCase();
  return {
    id: exchange.id,
    status: exchange.status,
    fromCurrency: tickerOf(exchange.from),
    fromNetwork: exchange.from.network,
    toCurrency: tickerOf(exchange.to),
    toNetwork: exchange.to.network,
    expectedAmountFrom: amount(exchange.expectedFromAtomic, exchange.from),
    expectedAmountTo: amount(exchange.expectedToAtomic, exchange.to),
    amountFrom: amount(exchange.amountFromAtomic, exchange.from),
    amountTo: amount(exchange.amountToAtomic, exchange.to),
    payinAddress: exchange.payinAddress,
    payoutAddress: exchange.payoutAddress,
    refundAddress: exchange.refundAddress,
    payinHash: exchange.payinHash,
    payoutHash: exchange.payoutHash,
    refundHash: exchange.refundHash,
    createdAt: iso(exchange.createdAt),
    updatedAt: iso(exchange.updatedAt),
    validUntil: iso(exchange.validUntil),
  };
}

function sandboxBridge(crossChain: SandboxCrossChain): BridgeProvider {
  const currencies = bridgeCurrencies();
  const { bridge } = crossChain;
  return {
    source: 'sandbox',
    currencies: async () => currencies,
    async estimate(from, to, fromAmount) {
      const fromAsset = assetOf(from, 'fromTicker');
      const toAsset = assetOf(to, 'toTicker');
      const quote = await bridge.quote(fromAsset, toAsset, scaleUp(fromAmount, fromAsset.decimals));
      return {
        fromAmount,
        toAmount: formatUnits(quote.toAtomic, toAsset.decimals),
        fee: formatUnits(quote.feeAtomic, toAsset.decimals),
        minAmount: formatUnits(quote.minFromAtomic, fromAsset.decimals),
        maxAmount: null,
        validUntil: iso(quote.validUntil),
        estimatedSeconds: quote.estimatedSeconds,
      };
    },
    async createExchange(request) {
      const from = assetOf(request.from, 'fromCurrency');
      const to = assetOf(request.to, 'toCurrency');
      const exchange = await bridge
        .create({
          from,
          to,
          fromAtomic: scaleUp(request.fromAmount, from.decimals),
          payoutAddress: request.address,
          refundAddress: request.refundAddress,
        })
        .catch(refusal);
      return {
        id: exchange.id,
        payinAddress: exchange.payinAddress,
        payinExtraId: null,
        fromAmount: formatUnits(exchange.expectedFromAtomic, from.decimals),
        toAmount: formatUnits(exchange.expectedToAtomic, to.decimals),
      };
    },
    async exchange(id) {
      // A status read is one of the moments the operator processes the exchange (see BridgeOperator).
      const exchange = await bridge.advance(id);
      return exchange && exchangeState(exchange, currencies);
    },
  };
}

const routerCurrencyOf = (asset: CrossChainAsset): RouterCurrency => ({
  ticker: asset.symbol,
  name: asset.name,
  network: asset.network,
  chainId: asset.chainId,
  address: asset.address ?? NATIVE_ADDRESS[asset.network] ?? EVM_NATIVE_ADDRESS,
  decimals: asset.decimals,
  tokenContract: asset.address,
});

function routerState(request: RouterRequest) {
  return {
    requestId: request.requestId,
    status: request.status,
    inTxHashes: [request.depositHash, request.refundHash].filter((hash): hash is string => hash !== null),
    txHashes: request.fillHash === null ? [] : [request.fillHash],
    originChainId: request.from.chainId,
    destinationChainId: request.to.chainId,
    updatedAt: iso(request.updatedAt),
    details: request.reason,
  };
}

function sandboxRouter(crossChain: SandboxCrossChain): RouterProvider {
  const { router } = crossChain;
  const currencies = SANDBOX_CROSS_CHAIN_ASSETS.filter((asset) => ROUTER_NETWORKS.has(asset.network)).map(
    routerCurrencyOf,
  );
  return {
    source: 'sandbox',
    currencies: async () => currencies,
    async quote(request) {
      const from = assetOf(request.from, 'fromCurrency');
      const to = assetOf(request.to, 'toCurrency');
      const quoted = await router
        .quote({ user: request.user, recipient: request.recipient, from, to, fromAtomic: BigInt(request.amount) })
        .catch(refusal);
      return {
        requestId: quoted.requestId,
        steps: quoted.steps.map((step) => ({
          id: step.id,
          action: step.action,
          description: step.description,
          transactions: step.transactions.map((tx) => ({
            to: tx.to,
            data: tx.data,
            value: tx.value.toString(),
            chainId: tx.chainId,
          })),
        })),
        depositTargets: [quoted.solver],
        fromAmount: formatUnits(quoted.fromAtomic, from.decimals),
        toAmount: formatUnits(quoted.toAtomic, to.decimals),
        minimumToAmount: formatUnits(quoted.toAtomic, to.decimals),
        fees: [
          { kind: 'relayer', amount: formatUnits(quoted.feeAtomic, to.decimals), currency: to.symbol, amountUsd: null },
        ],
        estimatedSeconds: ROUTER_ESTIMATED_SECONDS,
      };
    },
    async indexTransaction(requestId, _chainId, txHash) {
      if (!router.indexDeposit(requestId, txHash))
        throw new ServiceError('internal', `the sandbox solver has no open request ${requestId} for deposit ${txHash}`);
    },
    async status(requestId) {
      const request = await router.advance(requestId);
      return request && routerState(request);
    },
  };
}

/** The sandbox bridge operator and router solver as the cross-chain tools' ports. */
export function sandboxCrossChain(crossChain: SandboxCrossChain): CrossChainProviders {
  return { bridge: sandboxBridge(crossChain), router: sandboxRouter(crossChain) };
}
