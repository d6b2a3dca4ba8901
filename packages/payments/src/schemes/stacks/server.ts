/**
 * Resource-server side of the `exact` scheme on Stacks, for `x402ResourceServer.register('stacks:1', …)`.
 *
 * Prices: an `AssetAmount` is passed through (asset aliases normalized to CAIP-19 ids, `extra` completed with
 * `tokenType` / `tokenContract`); money (`"$0.01"`, `0.01`) goes through the registered money parsers, then falls back
 * to USDCx, the USD-pegged token (mainnet only). A money string with a Stacks ticker (`"0.5 STX"`, `"0.0001 SBTC"`)
 * is an amount of that token. USD prices in STX or sBTC need a quote: register a money parser backed by the oracle.
 */
import type {
  AssetAmount,
  MoneyParser,
  Network,
  PaymentRequirements,
  Price,
  SchemeNetworkServer,
  SupportedKind,
} from '@x402/core/types';
import { convertToTokenAmount, parseMoney } from '@x402/core/utils';
import { PAYMENT_TOKENS } from '../../tokens.js';
import { parseStacksAsset, stacksAssetDecimals, stacksAssetExtra, stacksNetworkVersion } from './assets.js';

function decimalsOf(asset: string): number {
  const decimals = stacksAssetDecimals(asset);
  if (decimals === undefined) throw new Error(`Unknown decimals for Stacks asset ${asset}`);
  return decimals;
}

export class ExactStacksServerScheme implements SchemeNetworkServer {
  readonly scheme = 'exact';
  /** There is one way to pay (a signed transfer); no on-wire asset transfer method. */
  readonly defaultAssetTransferMethod = 'default';
  readonly paymentFlows = {
    default: { supported: ['authorization', 'upfront'] as const, default: 'authorization' as const },
  };
  readonly #moneyParsers: MoneyParser[] = [];

  /** Adds a money parser (tried in registration order before the USDCx default); return null to pass. */
  registerMoneyParser(parser: MoneyParser): this {
    this.#moneyParsers.push(parser);
    return this;
  }

  getAssetDecimals(asset: string, _network: Network): number | undefined {
    return stacksAssetDecimals(asset);
  }

  async parsePrice(price: Price, network: Network): Promise<AssetAmount> {
    const version = stacksNetworkVersion(network);
    if (!version) throw new Error(`Not a Stacks network: ${network}`);
    if (typeof price === 'object' && price !== null) {
      const asset = parseStacksAsset(price.asset);
      if (!asset) throw new Error(`Unknown Stacks asset ${price.asset} on ${network}`);
      if (!/^\d+$/.test(price.amount)) throw new Error(`Stacks asset amounts are atomic integers; got ${price.amount}`);
      return { asset: asset.id, amount: price.amount, extra: { ...stacksAssetExtra(asset), ...price.extra } };
    }
    const { amount, symbol } = parseMoney(price);
    if (symbol && symbol !== 'USD') {
      const asset = parseStacksAsset(symbol);
      if (!asset) throw new Error(`Unknown Stacks token ${symbol} in price ${String(price)}`);
      return {
        asset: asset.id,
        amount: convertToTokenAmount(amount, decimalsOf(asset.id)),
        extra: stacksAssetExtra(asset),
      };
    }
    for (const parser of this.#moneyParsers) {
      const parsed = await parser(amount, network);
      if (parsed) return parsed;
    }
    if (version !== 'mainnet')
      throw new Error(`No default USD token on ${network}: register a money parser or price in an asset amount`);
    const usdcx = PAYMENT_TOKENS.USDCx;
    return { asset: usdcx.asset, amount: convertToTokenAmount(amount, usdcx.decimals), extra: { ...usdcx.extra } };
  }

  async enhancePaymentRequirements(
    paymentRequirements: PaymentRequirements,
    _supportedKind: SupportedKind,
    _facilitatorExtensions: string[],
  ): Promise<PaymentRequirements> {
    const asset = parseStacksAsset(paymentRequirements.asset);
    if (!asset) throw new Error(`Unknown Stacks asset ${paymentRequirements.asset}`);
    return { ...paymentRequirements, extra: { ...stacksAssetExtra(asset), ...paymentRequirements.extra } };
  }
}
