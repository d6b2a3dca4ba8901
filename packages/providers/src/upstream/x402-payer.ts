import { base58 } from '@scure/base';
import { createKeyPairSignerFromBytes } from '@solana/kit';
import { ServiceError } from '@svc/contracts';
import { formatUnits, PAYMENT_TOKENS, scaleUp } from '@svc/payments';
import type { PaymentRequirements } from '@x402/core/types';
import { toClientEvmSigner } from '@x402/evm';
import { ExactEvmScheme } from '@x402/evm/exact/client';
import { decodePaymentResponseHeader, wrapFetchWithPayment, x402Client } from '@x402/fetch';
import { ExactSvmScheme } from '@x402/svm/exact/client';
import { privateKeyToAccount } from 'viem/accounts';
import { upstreamError } from './upstream-client.js';

/**
 * Paying upstream providers per call over x402 (Birdeye, Nansen and CoinGecko sell their endpoints that way), from
 * the operator's payer keys, under a daily budget. The settings' names; config.ts validates them.
 */
export const UPSTREAM_X402_SETTINGS = {
  evmPrivateKey: 'UPSTREAM_X402_EVM_PRIVATE_KEY',
  svmPrivateKey: 'UPSTREAM_X402_SVM_PRIVATE_KEY',
  dailyBudgetUsd: 'UPSTREAM_X402_DAILY_BUDGET_USD',
  maxPerCallUsd: 'UPSTREAM_X402_MAX_PER_CALL_USD',
} as const;

/** The chain family a payer key pays on: Base USDC (EIP-3009) or Solana USDC (an SPL transfer). */
export type PayerFamily = 'evm' | 'svm';

/** The one asset per family the payer pays in: USDC, so its atomic units (6 decimals) are micro-USD. */
const PAYABLE: Readonly<Record<PayerFamily, { readonly network: string; readonly asset: string }>> = {
  evm: PAYMENT_TOKENS.BASE_USDC,
  svm: PAYMENT_TOKENS.SOL_USDC,
};
const USDC_DECIMALS = 6;

/** Where the service records what it paid upstream (the store's `upstreamSpendLedger`), in micro-USD per UTC day. */
export interface UpstreamBudgetLedger {
  /** Adds `microUsd` to the day's total unless that passes `dailyCapMicroUsd`; atomic across instances. */
  reserve(request: {
    readonly day: string;
    readonly microUsd: bigint;
    readonly dailyCapMicroUsd: bigint;
  }): Promise<{ readonly reserved: boolean; readonly spentMicroUsd: bigint }>;
  /** Takes a reservation back from the day it was made on. */
  release(reservation: { readonly day: string; readonly microUsd: bigint }): Promise<void>;
}

/** The payer's settings, validated (config.ts). Keys are secrets: nothing here is ever logged or put in an error. */
export interface UpstreamPayerSettings {
  /** 0x-prefixed 32-byte hex: pays Base USDC. */
  readonly evmPrivateKey?: `0x${string}` | undefined;
  /** The 64-byte Solana secret key, base58 or a JSON byte array (solana-keygen's file): pays Solana USDC. */
  readonly svmPrivateKey?: string | undefined;
  /** Solana JSON-RPC the SVM payment is built against (the mint's program, a recent blockhash); unset: public mainnet. */
  readonly solanaRpcUrl?: string | undefined;
  /** USD decimal: what all upstream payments of one UTC day may add up to. */
  readonly dailyBudgetUsd: string;
  /** USD decimal: the most one call may pay; a provider asking more is refused, nothing paid. */
  readonly maxPerCallUsd: string;
}

/** A clock, so tests can cross a UTC midnight. */
export type Now = () => Date;

const utcDay = (at: Date) => at.toISOString().slice(0, 10);
const nextUtcMidnight = (at: Date) =>
  new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate() + 1)).toISOString();
const usd = (microUsd: bigint) => formatUnits(microUsd, USDC_DECIMALS);

/**
 * Pays providers' x402 endpoints with `@x402/fetch`. Before a payment is signed, its amount (from the 402's payment
 * requirements, USDC counted as USD) is refused above the per-call cap, then reserved against today's (UTC) budget in
 * the ledger; over budget, the call fails with 503 `upstream_budget_exhausted` and nothing is signed. A payment the
 * provider refused (another 402, or an error without a successful `PAYMENT-RESPONSE`) or one that was never sent is
 * released; a settled one stays counted, and so does one whose outcome is unknown (the connection dropped after it
 * was sent: it may have settled).
 */
export class UpstreamPayer {
  readonly #settings: UpstreamPayerSettings;
  readonly #ledger: UpstreamBudgetLedger;
  readonly #now: Now;
  readonly #dailyCap: bigint;
  readonly #perCallCap: bigint;
  #svmScheme: Promise<ExactSvmScheme> | undefined;

  constructor(settings: UpstreamPayerSettings, ledger: UpstreamBudgetLedger, now: Now = () => new Date()) {
    this.#settings = settings;
    this.#ledger = ledger;
    this.#now = now;
    this.#dailyCap = scaleUp(settings.dailyBudgetUsd, USDC_DECIMALS);
    this.#perCallCap = scaleUp(settings.maxPerCallUsd, USDC_DECIMALS);
  }

  /** The families this payer has a key for. */
  get families(): readonly PayerFamily[] {
    return [
      ...(this.#settings.evmPrivateKey ? (['evm'] as const) : []),
      ...(this.#settings.svmPrivateKey ? (['svm'] as const) : []),
    ];
  }

  /** Can it pay a provider that takes these families? */
  pays(accepted: readonly PayerFamily[]): boolean {
    return accepted.some((family) => this.families.includes(family));
  }

  /**
   * A fetch that pays `provider`'s 402s in the families it accepts (and this payer has a key for). Throws the
   * payer's own refusals (budget, per-call cap, an asset it does not pay) as they are, not as network failures.
   */
  fetchFor(provider: string, accepted: readonly PayerFamily[]): typeof fetch {
    const families = accepted.filter((family) => this.families.includes(family));
    return async (input, init) => {
      const call = new PaidCall(provider, families);
      // The SDK's own spend controls (a $1 cap, default assets) are off: choose() and #reserve() are the policy here.
      const client = new x402Client((_version, requirements) => call.choose(requirements)).setSpendControls(false);
      for (const family of families)
        client.register(PAYABLE[family].network as `${string}:${string}`, await this.#scheme(family));
      client.onBeforePaymentCreation(async ({ selectedRequirements }) => {
        const refusal = await this.#reserve(call, selectedRequirements);
        return refusal && { abort: true, reason: refusal.message };
      });
      client.onAfterPaymentCreation(async () => {
        call.signed = true;
      });
      // Looked up per call, so a test's undici MockAgent (set as the global dispatcher) is what answers.
      const paying = wrapFetchWithPayment(async (request, options) => {
        const response = await fetch(request, options);
        if (response.status === 402 && !call.signed) call.asked = true;
        return response;
      }, client);
      let response: Response;
      try {
        response = await paying(input, init);
      } catch (error) {
        if (call.reservation && !call.signed) await this.#ledger.release(call.reservation);
        if (call.refusal) throw call.refusal;
        // A 402 the SDK could not pay (a network or scheme the payer has no key for): the provider's terms, not an
        // outage, and nothing was paid.
        if (call.asked && !call.signed)
          throw upstreamError(
            provider,
            `asked for a payment the upstream payer cannot make (${(error instanceof Error ? error.message : String(error)).slice(0, 200)}); nothing was paid`,
            {},
            error,
          );
        throw error;
      }
      if (call.reservation && !settled(response)) await this.#ledger.release(call.reservation);
      return response;
    };
  }

  /** The per-call cap, then the day's budget: the refusal to fail the call with, or undefined once reserved. */
  async #reserve(call: PaidCall, requirements: PaymentRequirements): Promise<ServiceError | undefined> {
    const microUsd = BigInt(requirements.amount);
    if (microUsd > this.#perCallCap) {
      call.refusal = upstreamError(
        call.provider,
        `asked $${usd(microUsd)} for one call, more than the $${usd(this.#perCallCap)} per call the operator allows (${UPSTREAM_X402_SETTINGS.maxPerCallUsd}); nothing was paid`,
        { askedUsd: usd(microUsd), maxPerCallUsd: usd(this.#perCallCap) },
      );
      return call.refusal;
    }
    const at = this.#now();
    const day = utcDay(at);
    const outcome = await this.#ledger.reserve({ day, microUsd, dailyCapMicroUsd: this.#dailyCap });
    if (!outcome.reserved) {
      const resetsAt = nextUtcMidnight(at);
      call.refusal = new ServiceError(
        'upstream_budget_exhausted',
        `Today's budget for paying upstream providers ($${usd(this.#dailyCap)}, ${UPSTREAM_X402_SETTINGS.dailyBudgetUsd}) ` +
          `is spent ($${usd(outcome.spentMicroUsd)} so far): ${call.provider} was not called and nothing was paid to it. ` +
          `The budget resets at ${resetsAt}.`,
        {
          extra: {
            provider: call.provider,
            dailyBudgetUsd: usd(this.#dailyCap),
            spentUsd: usd(outcome.spentMicroUsd),
            askedUsd: usd(microUsd),
            resetsAt,
          },
        },
      );
      return call.refusal;
    }
    call.reservation = { day, microUsd };
    return undefined;
  }

  #scheme(family: PayerFamily): Promise<ExactEvmScheme | ExactSvmScheme> {
    if (family === 'evm') {
      // Only EIP-3009 (USDC) is paid, which signs typed data and reads nothing from the chain.
      return Promise.resolve(new ExactEvmScheme(toClientEvmSigner(privateKeyToAccount(this.#settings.evmPrivateKey!))));
    }
    this.#svmScheme ??= createKeyPairSignerFromBytes(svmSecretKeyBytes(this.#settings.svmPrivateKey!)).then(
      (signer) =>
        new ExactSvmScheme(signer, this.#settings.solanaRpcUrl ? { rpcUrl: this.#settings.solanaRpcUrl } : undefined),
    );
    return this.#svmScheme;
  }
}

/** One call's payment: what it chose, reserved and signed, and why it was refused. */
class PaidCall {
  reservation: { readonly day: string; readonly microUsd: bigint } | undefined;
  refusal: ServiceError | undefined;
  /** The provider answered 402 to the unpaid request. */
  asked = false;
  signed = false;

  constructor(
    readonly provider: string,
    private readonly families: readonly PayerFamily[],
  ) {}

  /** The provider's first offer in USDC on a network this payer pays; none: the call fails, nothing paid. */
  choose(offers: readonly PaymentRequirements[]): PaymentRequirements {
    const payable = offers.find(
      (offer) =>
        offer.scheme === 'exact' &&
        this.families.some(
          (family) => PAYABLE[family].network === offer.network && PAYABLE[family].asset === offer.asset,
        ),
    );
    if (payable) return payable;
    const asked = offers.map((offer) => `${offer.asset} on ${offer.network}`).join(', ');
    this.refusal = upstreamError(
      this.provider,
      `asked for payment in ${asked || 'nothing'}, none of which the upstream payer pays (USDC on ${this.families.map((family) => PAYABLE[family].network).join(', ')}); nothing was paid`,
    );
    throw this.refusal;
  }
}

/** Did the provider settle the payment it was sent (a successful `PAYMENT-RESPONSE`)? */
function settled(response: Response): boolean {
  const header = response.headers.get('PAYMENT-RESPONSE') ?? response.headers.get('X-PAYMENT-RESPONSE');
  if (!header) return response.ok;
  try {
    return decodePaymentResponseHeader(header).success;
  } catch {
    return response.ok;
  }
}

/** A Solana secret key (64 bytes: seed and public key) from base58 or a JSON byte array. */
export function svmSecretKeyBytes(secret: string): Uint8Array {
  const trimmed = secret.trim();
  const bytes = trimmed.startsWith('[')
    ? Uint8Array.from(JSON.parse(trimmed) as number[])
    : (() => {
        try {
          return base58.decode(trimmed);
        } catch {
          return new Uint8Array();
        }
      })();
  if (bytes.length !== 64)
    throw new Error(
      `${UPSTREAM_X402_SETTINGS.svmPrivateKey} must be a 64-byte Solana secret key (base58 or a JSON byte array).`,
    );
  return bytes;
}
