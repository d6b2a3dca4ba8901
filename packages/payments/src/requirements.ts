import type { PaymentRequired, PaymentRequirements } from '@x402/core/types';
import { encodePaymentRequiredHeader } from '@x402/core/http';
import { usdToAtomic } from './amounts.js';
import type { PriceOracle, PriceSnapshot } from './oracle.js';
import { PAYMENT_TOKEN_IDS, PAYMENT_TOKENS, type PaymentNetworkFamily, type PaymentToken, type PaymentTokenId } from './tokens.js';

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
 * Builds x402 v2 PaymentRequired responses: one `accepts` entry per payment token, at the tool's USD price in
 * that token's atomic units. The encoded response is cached per resource and price snapshot, so an unpaid call
 * costs one map lookup; a new oracle snapshot (sandbox price move, live cache expiry) rebuilds it.
 */
export class PaymentRequirementsBuilder {
  readonly #cache = new Map<string, { snapshot: PriceSnapshot; response: PaymentRequiredResponse }>();

  constructor(
    private readonly settings: PaymentSettings,
    private readonly oracle: PriceOracle,
  ) {}

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

  async accepts(usd: string, tokens: readonly PaymentTokenId[] = PAYMENT_TOKEN_IDS): Promise<PaymentRequirements[]> {
    const snapshot = await this.oracle.snapshot();
    return tokens.map((id) => this.requirement(PAYMENT_TOKENS[id], usd, snapshot));
  }

  /**
   * The 402 for a resource at a USD price. `error` says why an attempted payment was refused; responses without
   * one are cached per resource and price snapshot.
   */
  async paymentRequired(resource: { url: string; description: string }, usd: string, error?: string): Promise<PaymentRequiredResponse> {
    const snapshot = await this.oracle.snapshot();
    const key = `${resource.url}\n${usd}`;
    const hit = this.#cache.get(key);
    if (hit && hit.snapshot === snapshot && !error) return hit.response;
    const body: PaymentRequired = {
      x402Version: 2,
      error: error ?? 'Payment required',
      resource: { url: resource.url, description: resource.description, mimeType: 'application/json' },
      accepts: PAYMENT_TOKEN_IDS.map((id) => this.requirement(PAYMENT_TOKENS[id], usd, snapshot)),
    };
    const response = { body, json: JSON.stringify(body), header: encodePaymentRequiredHeader(body) };
    if (!error) this.#cache.set(key, { snapshot, response });
    return response;
  }
}
