import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamClient } from '../upstream/registry.js';
import { upstreamJson } from '../upstream/json-call.js';
import { jsonOrUndefined, parseUpstream, upstreamError } from '../upstream/upstream-client.js';

/** The bridge family's live provider: ChangeNOW API v2 with the partner key in `x-changenow-api-key`. */
export const CHANGENOW_SETTING: ProviderSetting = {
  provider: 'Cross-chain bridge (ChangeNOW)',
  setting: 'CHANGENOW_API_KEY',
};
export const CHANGENOW_DEFAULT_URL = 'https://api.changenow.io/v2';
// The currency list changes when ChangeNOW lists or delists a coin: an hour's reuse spares a large download per call.
const CURRENCIES_TTL_MS = 3_600_000;

/** ChangeNOW sends amounts as JSON numbers: written out in plain decimals (never "1e-7"). */
const decimalText = (value: number | string) =>
  typeof value === 'number' ? value.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 }) : value;
const amount = z.union([z.number(), z.string()]).transform(decimalText);
const optionalAmount = z
  .union([z.number(), z.string()])
  .nullish()
  .transform((value) => (value === null || value === undefined ? null : decimalText(value)));

const currencyWire = z.object({
  ticker: z.string(),
  name: z.string(),
  network: z.string(),
  tokenContract: z.string().nullish(),
  legacyTicker: z.string().nullish(),
});
const estimateWire = z.object({
  fromAmount: amount,
  toAmount: amount,
  validUntil: z.string().nullish(),
  transactionSpeedForecast: z.string().nullish(),
  depositFee: optionalAmount,
  withdrawalFee: optionalAmount,
});
const rangeWire = z.object({ minAmount: amount, maxAmount: optionalAmount });
const createdWire = z.object({
  id: z.string(),
  payinAddress: z.string(),
  payinExtraId: z.string().nullish(),
  fromAmount: amount,
  toAmount: amount,
});
const exchangeWire = z.object({
  id: z.string(),
  status: z.string(),
  fromCurrency: z.string(),
  fromNetwork: z.string().nullish(),
  toCurrency: z.string(),
  toNetwork: z.string().nullish(),
  expectedAmountFrom: optionalAmount,
  expectedAmountTo: optionalAmount,
  amountFrom: optionalAmount,
  amountTo: optionalAmount,
  payinAddress: z.string(),
  payoutAddress: z.string(),
  refundAddress: z.string().nullish(),
  payinHash: z.string().nullish(),
  payoutHash: z.string().nullish(),
  refundHash: z.string().nullish(),
  createdAt: z.string().nullish(),
  updatedAt: z.string().nullish(),
  validUntil: z.string().nullish(),
});

export interface ChangeNowCurrency {
  readonly ticker: string;
  readonly legacyTicker: string;
  readonly name: string;
  readonly network: string;
  readonly tokenContract: string | null;
}

export interface ChangeNowPair {
  readonly from: { readonly ticker: string; readonly network: string };
  readonly to: { readonly ticker: string; readonly network: string };
}

/** "10-60" (minutes, ChangeNOW's transactionSpeedForecast) as seconds: the upper bound. */
const forecastSeconds = (forecast: string | null | undefined): number | null => {
  const minutes = forecast?.split('-').map(Number).filter(Number.isFinite).at(-1);
  return minutes === undefined ? null : minutes * 60;
};

/**
 * ChangeNOW API v2 (the standard flow, direct estimates): currencies, estimates with the pair's minimum, exchange
 * creation and its state. Paths and fields from ChangeNOW's API v2 documentation (providers.md A.7).
 */
export class ChangeNowClient {
  readonly #base: string;

  constructor(
    private readonly apiKey: string,
    baseUrl: string = CHANGENOW_DEFAULT_URL,
  ) {
    this.#base = baseUrl.replace(/\/+$/, '');
  }

  #get<S extends z.ZodType>(path: string, query: Record<string, string>, schema: S, what: string, cacheTtlMs?: number) {
    const url = new URL(`${this.#base}${path}`);
    for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
    return upstreamJson(upstreamClient('changenow'), {
      url,
      headers: { 'x-changenow-api-key': this.apiKey },
      schema,
      what,
      ...(cacheTtlMs ? { cacheTtlMs } : {}),
    });
  }

  /** `GET /exchange/currencies?active=true&flow=standard`. */
  async currencies(): Promise<ChangeNowCurrency[]> {
    const list = await this.#get(
      '/exchange/currencies',
      { active: 'true', flow: 'standard' },
      z.array(currencyWire),
      'currencies',
      CURRENCIES_TTL_MS,
    );
    return list.map((currency) => ({
      ticker: currency.ticker,
      legacyTicker: currency.legacyTicker ?? currency.ticker,
      name: currency.name,
      network: currency.network,
      tokenContract: currency.tokenContract ?? null,
    }));
  }

  /** `GET /exchange/estimated-amount` and `GET /exchange/range` (the pair's minimum and maximum) for one pair. */
  async estimate(pair: ChangeNowPair, fromAmount: string) {
    const query = {
      fromCurrency: pair.from.ticker,
      toCurrency: pair.to.ticker,
      fromNetwork: pair.from.network,
      toNetwork: pair.to.network,
      flow: 'standard',
    };
    const [estimate, range] = await Promise.all([
      this.#get(
        '/exchange/estimated-amount',
        { ...query, fromAmount, type: 'direct' },
        estimateWire,
        'estimated amount',
      ),
      this.#get('/exchange/range', query, rangeWire, 'exchange range'),
    ]);
    return {
      fromAmount: estimate.fromAmount,
      toAmount: estimate.toAmount,
      fee: estimate.withdrawalFee,
      minAmount: range.minAmount,
      maxAmount: range.maxAmount,
      validUntil: estimate.validUntil ?? null,
      estimatedSeconds: forecastSeconds(estimate.transactionSpeedForecast),
    };
  }

  /** `POST /exchange`: creates the exchange (sent once, never retried: a retry could create a second one). */
  async createExchange(request: ChangeNowPair & { fromAmount: string; address: string; refundAddress: string }) {
    const client = upstreamClient('changenow');
    const answer = await client.request({
      url: new URL(`${this.#base}/exchange`),
      method: 'POST',
      idempotent: false,
      headers: {
        accept: 'application/json',
        'content-type': 'application/json',
        'x-changenow-api-key': this.apiKey,
      },
      body: JSON.stringify({
        fromCurrency: request.from.ticker,
        toCurrency: request.to.ticker,
        fromNetwork: request.from.network,
        toNetwork: request.to.network,
        fromAmount: request.fromAmount,
        address: request.address,
        refundAddress: request.refundAddress,
        flow: 'standard',
        type: 'direct',
      }),
    });
    const raw = jsonOrUndefined(answer);
    if (!answer.ok)
      throw upstreamError(client.provider, `answered HTTP ${answer.status} to the exchange creation`, {
        upstreamStatus: answer.status,
      });
    const created = parseUpstream(createdWire, raw, client.provider, 'exchange creation');
    return { ...created, payinExtraId: created.payinExtraId || null };
  }

  /** `GET /exchange/by-id?id=`; undefined when ChangeNOW knows no such exchange. */
  async exchange(id: string) {
    const url = new URL(`${this.#base}/exchange/by-id`);
    url.searchParams.set('id', id);
    const raw = await upstreamClient('changenow').getJson(url, { headers: { 'x-changenow-api-key': this.apiKey } });
    if (raw === undefined) return undefined;
    const state = parseUpstream(exchangeWire, raw, 'ChangeNOW', 'exchange status');
    return {
      id: state.id,
      status: state.status,
      fromCurrency: state.fromCurrency,
      fromNetwork: state.fromNetwork ?? '',
      toCurrency: state.toCurrency,
      toNetwork: state.toNetwork ?? '',
      expectedAmountFrom: state.expectedAmountFrom,
      expectedAmountTo: state.expectedAmountTo,
      amountFrom: state.amountFrom,
      amountTo: state.amountTo,
      payinAddress: state.payinAddress,
      payoutAddress: state.payoutAddress,
      refundAddress: state.refundAddress ?? null,
      payinHash: state.payinHash ?? null,
      payoutHash: state.payoutHash ?? null,
      refundHash: state.refundHash ?? null,
      createdAt: state.createdAt ?? null,
      updatedAt: state.updatedAt ?? null,
      validUntil: state.validUntil ?? null,
    };
  }
}
