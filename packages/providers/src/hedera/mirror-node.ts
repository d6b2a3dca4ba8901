import { z } from 'zod';
import { UPSTREAM_PROVIDERS } from '../upstream/limits.js';
import { upstreamClient } from '../upstream/registry.js';
import { parseUpstream } from '../upstream/upstream-client.js';

const PROVIDER = UPSTREAM_PROVIDERS.hederaMirror.name;
/** Balances move with every transfer, so an account is reused only for a moment; token metadata hardly changes. */
const ACCOUNT_TTL_MS = 2_000;
const TOKEN_TTL_MS = 300_000;

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
}

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
});

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
    return { tokenId: wire.token_id, symbol: wire.symbol, name: wire.name, decimals: Number(wire.decimals) };
  }

  #url(route: string): URL {
    return new URL(`${this.#base}/api/v1/${route}`);
  }
}
