/**
 * A live {@link StacksSettlementTarget}: a Stacks node plus the Stacks Blockchain API (Hiro's, or self-hosted), at
 * `STACKS_API_URL` (e.g. https://api.hiro.so, or http://localhost:3999 for a local API in front of a node).
 *
 * - balanceOf: GET  /extended/v1/address/{principal}/balances (STX: balance − locked; SIP-010: the
 *   `fungible_tokens` entry whose key starts with `<contract>::`)
 * - nextNonce: GET  /extended/v1/address/{principal}/nonces → `possible_next_nonce` (counts mempool transactions)
 * - submit:    POST /v2/transactions with `{"tx": "<hex>"}` (as `@stacks/transactions`' broadcastTransaction does);
 *   200 → the txid as a JSON string, 400 → `{error, reason, reason_data, txid}`. Then polls
 *   GET /extended/v1/tx/0x{txid} until `tx_status` is `success` (resolves), an `abort_*` / `dropped_*` status
 *   (rejects), or the timeout (rejects; the transaction may still confirm later: check the txid).
 *
 * Not used by the sandbox; exercised by unit tests against a fake fetch only.
 */
import type { StacksSettlementTarget, StacksTargetAsset } from './target.js';

export interface StacksHttpBroadcasterOptions {
  /** Base URL of the Stacks Blockchain API (no trailing slash needed), e.g. process.env.STACKS_API_URL. */
  readonly apiUrl: string;
  /** Extra headers on every request, e.g. `{ 'x-api-key': … }` for Hiro. */
  readonly headers?: Readonly<Record<string, string>>;
  readonly fetch?: typeof globalThis.fetch;
  /** Poll interval while waiting for confirmation. Default 2000 ms. */
  readonly pollIntervalMs?: number;
  /** Give up waiting for confirmation after this long. Default 120 s. */
  readonly confirmationTimeoutMs?: number;
}

export class StacksBroadcastError extends Error {
  override readonly name = 'StacksBroadcastError';
  constructor(
    message: string,
    readonly txid?: string,
    readonly status?: string,
  ) {
    super(message);
  }
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

export class StacksHttpBroadcaster implements StacksSettlementTarget {
  readonly #base: string;
  readonly #headers: Readonly<Record<string, string>>;
  readonly #fetch: typeof globalThis.fetch;
  readonly #pollIntervalMs: number;
  readonly #timeoutMs: number;

  constructor(options: StacksHttpBroadcasterOptions) {
    this.#base = options.apiUrl.replace(/\/+$/, '');
    this.#headers = options.headers ?? {};
    this.#fetch = options.fetch ?? globalThis.fetch;
    this.#pollIntervalMs = options.pollIntervalMs ?? 2000;
    this.#timeoutMs = options.confirmationTimeoutMs ?? 120_000;
  }

  async balanceOf(principal: string, asset: StacksTargetAsset): Promise<bigint> {
    const body = (await this.#getJson(`/extended/v1/address/${encodeURIComponent(principal)}/balances`)) as {
      stx?: { balance?: string; locked?: string };
      fungible_tokens?: Record<string, { balance?: string }>;
    };
    if (asset === 'STX') return BigInt(body.stx?.balance ?? '0') - BigInt(body.stx?.locked ?? '0');
    const entry = Object.entries(body.fungible_tokens ?? {}).find(([key]) => key.startsWith(`${asset}::`));
    return BigInt(entry?.[1].balance ?? '0');
  }

  async nextNonce(principal: string): Promise<bigint> {
    const body = (await this.#getJson(`/extended/v1/address/${encodeURIComponent(principal)}/nonces`)) as {
      possible_next_nonce?: number | string;
    };
    if (body.possible_next_nonce === undefined)
      throw new StacksBroadcastError(`no possible_next_nonce for ${principal}`);
    return BigInt(body.possible_next_nonce);
  }

  async submit(serializedTxHex: string): Promise<{ txid: string }> {
    const txid = await this.broadcast(serializedTxHex);
    await this.waitForConfirmation(txid);
    return { txid };
  }

  /** POST /v2/transactions; resolves with the txid the node returns (no 0x). */
  async broadcast(serializedTxHex: string): Promise<string> {
    const response = await this.#fetch(`${this.#base}/v2/transactions`, {
      method: 'POST',
      headers: { ...this.#headers, 'content-type': 'application/json' },
      body: JSON.stringify({ tx: serializedTxHex.replace(/^0x/i, '') }),
    });
    const text = await response.text();
    if (!response.ok) {
      let reason = text;
      let txid: string | undefined;
      try {
        const body = JSON.parse(text) as { error?: string; reason?: string; reason_data?: unknown; txid?: string };
        reason = [body.error, body.reason, body.reason_data ? JSON.stringify(body.reason_data) : undefined]
          .filter(Boolean)
          .join(': ');
        txid = body.txid;
      } catch {
        // not JSON: keep the text
      }
      throw new StacksBroadcastError(`node rejected the transaction (HTTP ${response.status}): ${reason}`, txid);
    }
    const txid = text.trim().replace(/^"|"$/g, '').replace(/^0x/i, '');
    if (!/^[0-9a-f]{64}$/i.test(txid)) throw new StacksBroadcastError(`unexpected broadcast response: ${text}`);
    return txid.toLowerCase();
  }

  /** Polls GET /extended/v1/tx/0x{txid} until success (resolves) or an abort / drop / timeout (rejects). */
  async waitForConfirmation(txid: string): Promise<void> {
    const deadline = Date.now() + this.#timeoutMs;
    for (;;) {
      const response = await this.#fetch(`${this.#base}/extended/v1/tx/0x${txid}`, { headers: { ...this.#headers } });
      if (response.ok) {
        const body = (await response.json()) as { tx_status?: string; tx_result?: { repr?: string } };
        const status = body.tx_status ?? 'unknown';
        if (status === 'success') return;
        if (status.startsWith('abort') || status.startsWith('dropped')) {
          throw new StacksBroadcastError(
            `transaction ${txid} ${status}${body.tx_result?.repr ? ` (${body.tx_result.repr})` : ''}`,
            txid,
            status,
          );
        }
      } else if (response.status !== 404) {
        throw new StacksBroadcastError(`GET /extended/v1/tx/0x${txid}: HTTP ${response.status}`, txid);
      }
      // 404: not indexed yet; pending: not mined yet.
      if (Date.now() >= deadline)
        throw new StacksBroadcastError(
          `transaction ${txid} not confirmed within ${this.#timeoutMs} ms; it may still confirm`,
          txid,
          'timeout',
        );
      await sleep(this.#pollIntervalMs);
    }
  }

  async #getJson(path: string): Promise<unknown> {
    const response = await this.#fetch(`${this.#base}${path}`, { headers: { ...this.#headers } });
    if (!response.ok) throw new StacksBroadcastError(`GET ${path}: HTTP ${response.status}`);
    return response.json();
  }
}
