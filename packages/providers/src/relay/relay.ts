import { z } from 'zod';
import type { ProviderSetting } from '../provider-mode.js';
import { upstreamJson } from '../upstream/json-call.js';
import { upstreamClient } from '../upstream/registry.js';
import { parseUpstream, upstreamError } from '../upstream/upstream-client.js';

/** Relay needs no key (an optional RELAY_API_KEY raises its rate limits): its setting is the base URL. */
export const RELAY_SETTING: ProviderSetting = { provider: 'Cross-chain router (Relay)', setting: 'RELAY_API_URL' };
export const RELAY_DEFAULT_URL = 'https://api.relay.link';
// Chains and their currencies change when Relay adds one: an hour's reuse spares a large download per call.
const CHAINS_TTL_MS = 3_600_000;

/** Relay's chain ids of the router networks (RNET7); Solana and Bitcoin have ids of Relay's own. */
export const RELAY_CHAIN_IDS = {
  eth: 1,
  bsc: 56,
  matic: 137,
  base: 8453,
  alt: 4663,
  sol: 792703809,
  btc: 8253038,
} as const;
export type RelayNetwork = keyof typeof RELAY_CHAIN_IDS;
const NETWORK_OF_CHAIN = new Map(Object.entries(RELAY_CHAIN_IDS).map(([network, id]) => [id as number, network]));

const chainCurrencyWire = z.object({
  symbol: z.string(),
  name: z.string(),
  address: z.string(),
  decimals: z.number().int().min(0),
  supportsBridging: z.boolean().nullish(),
});
const chainWire = z.object({
  id: z.number(),
  currency: chainCurrencyWire.nullish(),
  erc20Currencies: z.array(chainCurrencyWire).nullish(),
  // Relay's contracts on the chain (relayReceiver, erc20Router, approvalProxy, … by version) and its solvers.
  contracts: z.record(z.string(), z.unknown()).nullish(),
  solverAddresses: z.array(z.string()).nullish(),
});
export type RelayChainWire = z.output<typeof chainWire>;
const feeWire = z
  .object({
    currency: z.object({ symbol: z.string() }).nullish(),
    amountFormatted: z.string().nullish(),
    amountUsd: z.string().nullish(),
  })
  .nullish();
const quoteWire = z.object({
  steps: z.array(
    z.object({
      id: z.string(),
      action: z.string().nullish(),
      description: z.string().nullish(),
      kind: z.string(),
      requestId: z.string().nullish(),
      items: z.array(z.object({ data: z.record(z.string(), z.unknown()).nullish() })),
    }),
  ),
  fees: z.record(z.string(), feeWire).nullish(),
  details: z.object({
    currencyIn: z.object({ amountFormatted: z.string() }),
    currencyOut: z.object({ amountFormatted: z.string(), minimumAmount: z.string().nullish() }),
    timeEstimate: z.number().nullish(),
  }),
  breakdown: z.array(z.object({ timeEstimate: z.number().nullish() })).nullish(),
});
const statusWire = z.object({
  status: z.string(),
  details: z.string().nullish(),
  inTxHashes: z.array(z.string()).nullish(),
  txHashes: z.array(z.string()).nullish(),
  updatedAt: z.number().nullish(),
  // Status v2 and the older docs call the update time `time`.
  time: z.number().nullish(),
  originChainId: z.number().nullish(),
  destinationChainId: z.number().nullish(),
});
const evmCallWire = z.object({
  to: z.string(),
  data: z.string().default('0x'),
  value: z.union([z.string(), z.number()]).default('0').transform(String),
  chainId: z.number(),
});

export interface RelayCurrency {
  readonly ticker: string;
  readonly name: string;
  readonly network: string;
  readonly chainId: number;
  readonly address: string;
  readonly decimals: number;
  readonly tokenContract: string | null;
}

/**
 * Relay's native currencies: the zero address on EVM chains, Solana's system program, and Bitcoin's id of Relay's own
 * (as integrations name it; not confirmed by Relay's documentation).
 */
const NATIVE_ADDRESSES = new Set([
  '0x0000000000000000000000000000000000000000',
  '11111111111111111111111111111111',
  'bc1qqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqqmql8k8',
]);
const isNativeAddress = (address: string) => NATIVE_ADDRESSES.has(address.toLowerCase());

/**
 * The currencies of one chain of Relay's `/chains` as router descriptors: its native coin and its ERC-20s, except
 * those it marks as not bridged (`supportsBridging: false`; docs.relay.link "Supported Tokens & Routes").
 */
export function currenciesOfChain(chain: RelayChainWire, network: string): RelayCurrency[] {
  return [...(chain.currency ? [chain.currency] : []), ...(chain.erc20Currencies ?? [])]
    .filter((currency) => currency.supportsBridging !== false)
    .map((currency) => ({
      ticker: currency.symbol,
      name: currency.name,
      network,
      chainId: chain.id,
      address: currency.address,
      decimals: currency.decimals,
      tokenContract: isNativeAddress(currency.address) ? null : currency.address,
    }));
}

/** Every EVM address in Relay's `contracts` of a chain (nested by protocol version) and its solvers. */
export function depositTargetsOf(chain: RelayChainWire | undefined): string[] {
  const found: string[] = [...(chain?.solverAddresses ?? [])];
  const collect = (value: unknown): void => {
    if (typeof value === 'string' && /^0x[0-9a-fA-F]{40}$/.test(value)) found.push(value);
    else if (value && typeof value === 'object') Object.values(value).forEach(collect);
  };
  collect(chain?.contracts);
  return found.filter((address) => !/^0x0{40}$/.test(address));
}

/**
 * Relay's HTTP API (https://docs.relay.link): currencies, quotes with their steps (`POST /quote`), indexing of a
 * sent step (`POST /transactions/index`) and intent status (`GET /intents/status/v3`).
 */
export class RelayClient {
  readonly #base: string;

  constructor(
    baseUrl: string = RELAY_DEFAULT_URL,
    private readonly apiKey?: string,
  ) {
    this.#base = baseUrl.replace(/\/+$/, '');
  }

  get #headers(): Record<string, string> {
    return this.apiKey ? { 'x-api-key': this.apiKey } : {};
  }

  #url(path: string) {
    return new URL(`${this.#base}${path}`);
  }

  async #chains(): Promise<RelayChainWire[]> {
    const { chains } = await upstreamJson(upstreamClient('relay'), {
      url: this.#url('/chains'),
      headers: this.#headers,
      schema: z.object({ chains: z.array(chainWire) }),
      what: 'chains',
      cacheTtlMs: CHAINS_TTL_MS,
    });
    return chains;
  }

  /** `GET /chains`: each router network's native coin and ERC-20s that Relay bridges. */
  async currencies(): Promise<RelayCurrency[]> {
    const chains = await this.#chains();
    return chains.flatMap((chain) => {
      const network = NETWORK_OF_CHAIN.get(chain.id);
      return network ? currenciesOfChain(chain, network) : [];
    });
  }

  /**
   * `POST /quote` (exact input): the request id, each step's EVM transactions, amounts, fees and time; with the
   * addresses `GET /chains` names as Relay's on the origin chain (what a step may send to or approve).
   */
  async quote(request: { user: string; recipient: string; from: RelayCurrency; to: RelayCurrency; amount: string }) {
    const client = upstreamClient('relay');
    const origin = (await this.#chains()).find((chain) => chain.id === request.from.chainId);
    const quote = await upstreamJson(client, {
      url: this.#url('/quote'),
      headers: this.#headers,
      body: {
        user: request.user,
        recipient: request.recipient,
        originChainId: request.from.chainId,
        destinationChainId: request.to.chainId,
        originCurrency: request.from.address,
        destinationCurrency: request.to.address,
        amount: request.amount,
        tradeType: 'EXACT_INPUT',
      },
      schema: quoteWire,
      what: 'quote',
    });
    const steps = quote.steps.map((step) => {
      if (step.kind !== 'transaction')
        throw upstreamError(
          client.provider,
          `asks for a ${step.kind} step (${step.id}), which the vault does not sign`,
        );
      return {
        id: step.id,
        action: step.action ?? step.id,
        description: step.description ?? '',
        requestId: step.requestId ?? null,
        transactions: step.items.map((item) => {
          const call = evmCallWire.safeParse(item.data);
          if (!call.success)
            throw upstreamError(client.provider, `step ${step.id} is not an EVM transaction the vault can send`);
          return call.data;
        }),
      };
    });
    const fees = Object.entries(quote.fees ?? {}).flatMap(([kind, fee]) =>
      fee?.amountFormatted && fee.currency
        ? [{ kind, amount: fee.amountFormatted, currency: fee.currency.symbol, amountUsd: fee.amountUsd ?? null }]
        : [],
    );
    const out = quote.details.currencyOut;
    return {
      requestId: steps.find((step) => step.requestId)?.requestId ?? null,
      steps,
      depositTargets: depositTargetsOf(origin),
      fromAmount: quote.details.currencyIn.amountFormatted,
      toAmount: out.amountFormatted,
      minimumToAmount: out.minimumAmount ?? null,
      fees,
      estimatedSeconds: quote.details.timeEstimate ?? quote.breakdown?.[0]?.timeEstimate ?? null,
    };
  }

  /** `POST /transactions/index`: tells Relay a step's transaction was sent, so it does not wait to notice it. */
  async indexTransaction(chainId: number, txHash: string): Promise<void> {
    await upstreamJson(upstreamClient('relay'), {
      url: this.#url('/transactions/index'),
      headers: this.#headers,
      body: { chainId: String(chainId), txHash },
      schema: z.unknown(),
      what: 'transaction index',
    });
  }

  /** `GET /intents/status/v3?requestId=`. */
  async status(requestId: string) {
    const url = this.#url('/intents/status/v3');
    url.searchParams.set('requestId', requestId);
    const raw = await upstreamClient('relay').getJson(url, { headers: this.#headers });
    if (raw === undefined) return undefined;
    const state = parseUpstream(statusWire, raw, 'Relay', 'intent status');
    return {
      requestId,
      status: state.status,
      inTxHashes: state.inTxHashes ?? [],
      txHashes: state.txHashes ?? [],
      originChainId: state.originChainId ?? null,
      destinationChainId: state.destinationChainId ?? null,
      updatedAt: (state.updatedAt ?? state.time) ? new Date((state.updatedAt ?? state.time)!).toISOString() : null,
      details: state.details ?? null,
    };
  }
}
