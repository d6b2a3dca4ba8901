import { z } from 'zod';
import { UPSTREAM_PROVIDERS } from '../upstream/limits.js';
import { upstreamClient } from '../upstream/registry.js';
import { jsonOrUndefined, parseUpstream } from '../upstream/upstream-client.js';

const PROVIDER = UPSTREAM_PROVIDERS.hederaMirror.name;
/** Balances move with every transfer, so an account is reused only for a moment; token metadata hardly changes. */
const ACCOUNT_TTL_MS = 2_000;
const TOKEN_TTL_MS = 300_000;
/** A launchpad's event list is re-read at most this often; a new trade shows up after it. */
const LOGS_TTL_MS = 5_000;

/** An account as the mirror node serves it, mapped to what the Hedera tools read. */
export interface MirrorAccount {
  readonly accountId: string;
  /** Its alias when it has one, else its long-zero address; lower case. */
  readonly evmAddress: string;
  /** False for a hollow account (created under an EVM alias, its key not yet known). */
  readonly hasKey: boolean;
  readonly tinybar: bigint;
  readonly tokens: readonly { readonly tokenId: string; readonly balance: bigint }[];
}

export interface MirrorToken {
  readonly tokenId: string;
  readonly symbol: string;
  readonly name: string;
  readonly decimals: number;
  /** In the token's smallest units. */
  readonly totalSupply: bigint;
  /** When the token was created, ISO 8601. */
  readonly createdAt: string;
}

/** A log a contract emitted, as the mirror node lists it. */
export interface MirrorContractLog {
  /** Consensus timestamp, `seconds.nanoseconds`. */
  readonly timestamp: string;
  readonly topics: readonly `0x${string}`[];
  readonly data: `0x${string}`;
}

/** A read-only contract call's answer: its return data, or the revert the EVM ended it with. */
export type MirrorCallResult =
  | { readonly reverted: false; readonly result: `0x${string}` }
  | { readonly reverted: true; readonly data: `0x${string}` | null };

// Only the fields we use are checked; the mirror node sends many more.
const accountWire = z.object({
  account: z.string(),
  evm_address: z.string(),
  key: z.object({ _type: z.string(), key: z.string() }).nullable(),
  balance: z.object({
    balance: z.union([z.number(), z.string()]),
    tokens: z.array(z.object({ token_id: z.string(), balance: z.union([z.number(), z.string()]) })),
  }),
});
const tokenWire = z.object({
  token_id: z.string(),
  symbol: z.string(),
  name: z.string(),
  decimals: z.string(),
  type: z.string(),
  total_supply: z.string(),
  created_timestamp: z.string(),
});
const HEX = z.string().regex(/^0x[0-9a-fA-F]*$/) as unknown as z.ZodType<`0x${string}`>;
const logsWire = z.object({
  logs: z.array(z.object({ timestamp: z.string(), topics: z.array(HEX), data: HEX })),
  links: z.object({ next: z.string().nullable() }),
});
const callWire = z.object({ result: HEX });
// The web3 module's refusal: 400 with the revert named in its first message (and the revert data when the EVM gave any).
const callRefusalWire = z.object({
  _status: z.object({ messages: z.array(z.object({ message: z.string(), data: z.string().optional() })).min(1) }),
});
const tokenRelationshipsWire = z.object({ tokens: z.array(z.object({ token_id: z.string() })) });
/** The mirror node's largest page; a scan pages through `links.next` from there. */
const LOGS_PAGE_LIMIT = 100;

/** A consensus timestamp (`seconds.nanoseconds`) as ISO 8601, to the millisecond. */
export function isoOfConsensus(timestamp: string): string {
  const [seconds = '0', nanos = '0'] = timestamp.split('.');
  return new Date(Number(seconds) * 1000 + Math.floor(Number(nanos.padEnd(9, '0')) / 1_000_000)).toISOString();
}

/** The mirror node REST API (`{base}/api/v1`, no key), e.g. https://mainnet-public.mirrornode.hedera.com. */
export class LiveHederaMirrorNode {
  readonly #base: string;

  constructor(baseUrl: string) {
    this.#base = baseUrl.replace(/\/+$/, '');
  }

  /** `GET /api/v1/accounts/{idOrEvmAddress}`; undefined on 404 (no such account). */
  async account(ref: string): Promise<MirrorAccount | undefined> {
    const raw = await upstreamClient('hederaMirror').getJson(this.#url(`accounts/${encodeURIComponent(ref)}`), {
      cacheTtlMs: ACCOUNT_TTL_MS,
    });
    if (raw === undefined) return undefined;
    const wire = parseUpstream(accountWire, raw, PROVIDER, 'account');
    return {
      accountId: wire.account,
      evmAddress: wire.evm_address.toLowerCase(),
      hasKey: wire.key !== null,
      tinybar: BigInt(wire.balance.balance),
      tokens: wire.balance.tokens.map(({ token_id, balance }) => ({ tokenId: token_id, balance: BigInt(balance) })),
    };
  }

  /** `GET /api/v1/tokens/{id}`; undefined on 404 and for NFT collections (the tools move fungible tokens only). */
  async token(tokenId: string): Promise<MirrorToken | undefined> {
    const raw = await upstreamClient('hederaMirror').getJson(this.#url(`tokens/${encodeURIComponent(tokenId)}`), {
      cacheTtlMs: TOKEN_TTL_MS,
    });
    if (raw === undefined) return undefined;
    const wire = parseUpstream(tokenWire, raw, PROVIDER, 'token');
    if (wire.type !== 'FUNGIBLE_COMMON') return undefined;
    return {
      tokenId: wire.token_id,
      symbol: wire.symbol,
      name: wire.name,
      decimals: Number(wire.decimals),
      totalSupply: BigInt(wire.total_supply),
      createdAt: isoOfConsensus(wire.created_timestamp),
    };
  }

  /** `GET /api/v1/accounts/{id}/tokens?token.id={tokenId}`: has the account associated the token? */
  async isAssociated(accountId: string, tokenId: string): Promise<boolean> {
    const url = this.#url(`accounts/${encodeURIComponent(accountId)}/tokens`);
    url.searchParams.set('token.id', tokenId);
    const raw = await upstreamClient('hederaMirror').getJson(url);
    if (raw === undefined) return false;
    return parseUpstream(tokenRelationshipsWire, raw, PROVIDER, 'token relationships').tokens.length > 0;
  }

  /**
   * `POST /api/v1/contracts/call` (the mirror node's eth_call) against the latest state. A revert is an answer, not a
   * failure; any other refusal is the mirror node's failure (502).
   */
  async contractCall(
    to: `0x${string}`,
    data: `0x${string}`,
    sender: { readonly from: `0x${string}`; readonly tinybars: bigint; readonly gas: number } | undefined = undefined,
  ): Promise<MirrorCallResult> {
    const client = upstreamClient('hederaMirror');
    // `value` is in tinybars, as msg.value is on Hedera's EVM (the caller keeps it within a JSON number's exact range).
    const caller = sender ? { from: sender.from, value: Number(sender.tinybars), gas: sender.gas } : {};
    const answer = await client.request({
      url: this.#url('contracts/call'),
      headers: { accept: 'application/json', 'content-type': 'application/json' },
      body: JSON.stringify({ block: 'latest', data, estimate: false, to, ...caller }),
      method: 'POST',
      idempotent: true,
    });
    const raw = jsonOrUndefined(answer);
    if (answer.ok) return { reverted: false, result: parseUpstream(callWire, raw, PROVIDER, 'contract call').result };
    const refusal = callRefusalWire.safeParse(raw);
    const first = refusal.success ? refusal.data._status.messages[0] : undefined;
    if (answer.status === 400 && first?.message === 'CONTRACT_REVERT_EXECUTED')
      return {
        reverted: true,
        data: first.data && /^0x[0-9a-fA-F]+$/.test(first.data) ? (first.data as `0x${string}`) : null,
      };
    throw client.statusError(answer, 'POST /api/v1/contracts/call');
  }

  /**
   * `GET /api/v1/contracts/{id}/results/logs`: the contract's logs, newest first (`desc`) or oldest first (`asc`),
   * at most `max`, following `links.next`. Unfiltered: the mirror node filters by topic only within a time range.
   */
  async contractLogs(contractId: string, order: 'asc' | 'desc', max: number): Promise<MirrorContractLog[]> {
    const first = this.#url(`contracts/${encodeURIComponent(contractId)}/results/logs`);
    first.searchParams.set('order', order);
    first.searchParams.set('limit', String(Math.min(max, LOGS_PAGE_LIMIT)));
    const logs: MirrorContractLog[] = [];
    for (let url: URL | undefined = first; url && logs.length < max;) {
      const raw = await upstreamClient('hederaMirror').getJson(url, { cacheTtlMs: LOGS_TTL_MS });
      if (raw === undefined) break;
      const page = parseUpstream(logsWire, raw, PROVIDER, 'contract logs');
      for (const log of page.logs) logs.push({ timestamp: log.timestamp, topics: log.topics, data: log.data });
      // links.next is a path from the API's root: it follows the base, which may carry a path of its own.
      url = page.links.next && page.logs.length > 0 ? new URL(`${this.#base}${page.links.next}`) : undefined;
    }
    return logs.slice(0, max);
  }

  #url(route: string): URL {
    return new URL(`${this.#base}/api/v1/${route}`);
  }
}
