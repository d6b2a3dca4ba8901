import type { PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { BATCH_SETTLEMENT_SCHEME } from '@x402/evm';
import { usdToAtomic } from './amounts.js';
import { type BatchSettlementOffer, batchSettlementExtra } from './batch-settlement/offer.js';
import type { PriceOracle, PriceSnapshot } from './oracle.js';
import { encodePaymentRequired } from './payment-header.js';
import { RecentQuotes } from './recent-quotes.js';
import {
  PAYMENT_TOKEN_IDS,
  PAYMENT_TOKENS,
  type PaymentNetworkFamily,
  type PaymentToken,
  type PaymentTokenId,
} from './tokens.js';

export interface PaymentSettings {
  /** Where payments go, per network family (EVM address, Solana address, Stacks principal). */
  readonly payTo: Readonly<Record<PaymentNetworkFamily, string>>;
  /** How long a signed payment (and the STX / sBTC amount quoted in it) stays valid. */
  readonly maxTimeoutSeconds: number;
  /**
   * The facilitator's fee payer per network family, put into `extra.feePayer` of that family's requirements. The
   * exact SVM scheme needs it for SOL_USDC: the client builds the transaction with it as fee payer and the
   * facilitator co-signs as that account (it is what a facilitator's /supported lists in `kinds[].extra.feePayer`).
   */
  readonly feePayer?: { readonly solana?: string };
  /**
   * BASE_USDC is also offered under x402's `batch-settlement` (payment channels) when a facilitator serves it: the
   * receiver authorizer and withdraw delay every channel's config must name.
   */
  readonly batchSettlement?: BatchSettlementOffer | undefined;
}

export interface PaymentRequiredResponse {
  readonly body: PaymentRequired;
  /** `body` serialized once, for transports that send it as the response body. */
  readonly json: string;
  /** base64 JSON for the PAYMENT-REQUIRED header. */
  readonly header: string;
}

function tokenUsdPrice(token: PaymentToken, snapshot: PriceSnapshot): string {
  return token.quotedAs ? snapshot.prices[token.quotedAs] : '1';
}

/** Atomic amount of `token` for a USD price at the snapshot's rates (rounded up). */
export function amountInToken(usd: string, token: PaymentToken, snapshot: PriceSnapshot): string {
  return usdToAtomic(usd, token.decimals, tokenUsdPrice(token, snapshot)).toString();
}

/**
 * At most this many cached 402s: every tool at its price, with room for top-up amounts (a 402 per distinct amount).
 * Past it the oldest entry goes; it is rebuilt if asked for again.
 */
const MAX_CACHED_RESPONSES = 2048;

/** The snapshot for requirements in USD-pegged tokens only: their price is 1 whatever the oracle says. */
const PEGGED_ONLY: PriceSnapshot = { prices: { STX: '0', BTC: '0' }, asOf: 0 };

/** The resource a 402 is for, with the x402 extensions its every 402 advertises (e.g. Bazaar discovery). */
type PaidResource = {
  readonly url: string;
  readonly description: string;
  readonly extensions?: Readonly<Record<string, unknown>> | undefined;
};

/** 402s are cached, and quotes remembered, per resource and USD price (a resource's extensions never change). */
const resourceKey = (resource: PaidResource, usd: string) => `${resource.url}\n${usd}`;

/** The fields a signed payment must match (PaymentProcessor compares these): one entry per distinct quote. */
const quoteKey = (r: PaymentRequirements) => `${r.scheme}\n${r.network}\n${r.asset}\n${r.amount}\n${r.payTo}`;

/**
 * Builds x402 v2 PaymentRequired responses: one `accepts` entry per payment token, at the tool's USD price in
 * that token's atomic units. The encoded response is cached per resource and price snapshot, so an unpaid call
 * costs one map lookup; a new oracle snapshot (sandbox price move, live cache expiry) rebuilds it. Every 402 is
 * remembered as a quote until its requirements time out, so a payment signed against it stays acceptable.
 */
export class PaymentRequirementsBuilder {
  readonly #cache = new Map<string, { snapshot: PriceSnapshot; response: PaymentRequiredResponse }>();
  readonly #quotes: RecentQuotes;

  constructor(
    private readonly settings: PaymentSettings,
    private readonly oracle: PriceOracle,
    now: () => number = Date.now,
  ) {
    this.#quotes = new RecentQuotes(settings.maxTimeoutSeconds * 1000, now);
  }

  requirement(token: PaymentToken, usd: string, snapshot: PriceSnapshot): PaymentRequirements {
    const feePayer = token.family === 'solana' ? this.settings.feePayer?.solana : undefined;
    return {
      scheme: token.scheme,
      network: token.network as PaymentRequirements['network'],
      asset: token.asset,
      amount: amountInToken(usd, token, snapshot),
      payTo: this.settings.payTo[token.family],
      maxTimeoutSeconds: this.settings.maxTimeoutSeconds,
      extra: feePayer ? { ...token.extra, feePayer } : { ...token.extra },
    };
  }

  /** The token's requirements: `exact`, and for BASE_USDC also `batch-settlement` when it is offered. */
  requirementsOf(token: PaymentToken, usd: string, snapshot: PriceSnapshot): PaymentRequirements[] {
    const exact = this.requirement(token, usd, snapshot);
    const offer = this.settings.batchSettlement;
    if (!offer || token.id !== 'BASE_USDC') return [exact];
    return [exact, { ...exact, scheme: BATCH_SETTLEMENT_SCHEME, extra: batchSettlementExtra(offer, token.extra) }];
  }

  /**
   * `exact` requirements for `usd` in `tokens` (a sign-in challenge's zero-amount `accepts`); the oracle is asked only
   * when one of them is priced by it (STX, sBTC).
   */
  async accepts(usd: string, tokens: readonly PaymentTokenId[] = PAYMENT_TOKEN_IDS): Promise<PaymentRequirements[]> {
    const snapshot = tokens.some((id) => PAYMENT_TOKENS[id].quotedAs) ? await this.oracle.snapshot() : PEGGED_ONLY;
    return tokens.map((id) => this.requirement(PAYMENT_TOKENS[id], usd, snapshot));
  }

  /**
   * The 402 for a resource at a USD price, at the current snapshot. `error` says why an attempted payment was
   * refused; responses without one are cached per resource and price snapshot.
   */
  async paymentRequired(resource: PaidResource, usd: string, error?: string): Promise<PaymentRequiredResponse> {
    const current = await this.#current(resource, usd);
    this.#quotes.record(resourceKey(resource, usd), current.body.accepts);
    return error ? encodePaymentRequired({ ...current.body, error }) : current;
  }

  /**
   * Every requirement a payment for this resource and price may match: the current snapshot's, and those of any
   * 402 sent within the last maxTimeoutSeconds (an `exact` payment fixes the quoted amount for that long, so a price
   * move between the 402 and the paid retry does not refuse it).
   */
  async acceptableRequirements(resource: PaidResource, usd: string): Promise<PaymentRequirements[]> {
    const current = await this.#current(resource, usd);
    const distinct = new Map<string, PaymentRequirements>();
    for (const requirement of [...current.body.accepts, ...this.#quotes.valid(resourceKey(resource, usd))]) {
      if (!distinct.has(quoteKey(requirement))) distinct.set(quoteKey(requirement), requirement);
    }
    return [...distinct.values()];
  }

  /** The cached 402 at the current snapshot, rebuilt when the snapshot moves. */
  async #current(resource: PaidResource, usd: string): Promise<PaymentRequiredResponse> {
    const snapshot = await this.oracle.snapshot();
    const key = resourceKey(resource, usd);
    const hit = this.#cache.get(key);
    if (hit && hit.snapshot === snapshot) return hit.response;
    const response = encodePaymentRequired({
      x402Version: 2,
      error: 'Payment required',
      resource: { url: resource.url, description: resource.description, mimeType: 'application/json' },
      accepts: PAYMENT_TOKEN_IDS.flatMap((id) => this.requirementsOf(PAYMENT_TOKENS[id], usd, snapshot)),
      ...(resource.extensions ? { extensions: { ...resource.extensions } } : {}),
    });
    this.#cache.set(key, { snapshot, response });
    if (this.#cache.size > MAX_CACHED_RESPONSES) this.#cache.delete(this.#cache.keys().next().value!);
    return response;
  }
}
