/**
 * An Esplora-compatible HTTP facade (the Blockstream / mempool.space REST shape) over the sandbox Bitcoin ledger,
 * served with `node:http` on 127.0.0.1, so ONE Esplora client serves the sandbox and live Bitcoin alike.
 *
 * Routes (only what the Bitcoin tools call): GET /address/:a/utxo, /address/:a, /tx/:txid, /tx/:txid/hex,
 * /fee-estimates, /blocks/tip/height, /blocks/tip/hash, POST /tx (raw hex body; answers the txid as text). As Esplora
 * does, errors are plain text: 400 for a refused or malformed transaction (the ledger's reason), 404 for unknown
 * resources. Everything is confirmed: mempool_stats are always zero.
 *
 * Under /ord it also answers the JSON API of an `ord` server (what Esplora does not index), for the runes the ledger
 * indexes: GET /ord/outputs/:address (unspent outputs with their runes and inscriptions), GET /ord/output/:txid:vout,
 * GET /ord/rune/:nameOrId, GET /ord/inscription/:id (its satpoint, address and output value), GET /ord/content/:id (the
 * inscription's body, with its content type). In live mode the same client talks to a real ord server (BITCOIN_ORD_URL).
 *
 * Under /counterparty it answers the Counterparty API v2 routes sendXCP and getXCPBalances call (counterparty-api.ts),
 * over the Counterparty layer of the same ledger; live, the same client talks to COUNTERPARTY_API_URL.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Transaction } from 'bitcoinjs-lib';
import { isBitcoinMainnetAddress } from '@svc/chains';
import { counterpartyRoute } from './counterparty-api.js';
import { CounterpartySandboxLedger } from './counterparty-ledger.js';
import { HttpError } from './http-error.js';
import { revealedInscription } from './inscription-envelope.js';
import {
  BitcoinLedgerError,
  type BitcoinSandboxLedger,
  type ConfirmedTransaction,
  type LedgerOutput,
} from './ledger.js';
import { SANDBOX_RUNES } from './sandbox-assets.js';

export interface EsploraFacade {
  /** http://127.0.0.1:port (no trailing slash): the base URL an Esplora client takes. */
  readonly url: string;
  close(): Promise<void>;
}

/** POST bodies larger than this are refused (a standard transaction is at most 400 kWU, 100 kvB). */
const MAX_BODY_BYTES = 1_000_000;

const toHex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/** Esplora's scriptpubkey_type names. */
function scriptType(script: Uint8Array): string {
  if (script[0] === 0x6a) return 'op_return';
  if (script.length === 22 && script[0] === 0x00 && script[1] === 0x14) return 'v0_p2wpkh';
  if (script.length === 34 && script[0] === 0x00 && script[1] === 0x20) return 'v0_p2wsh';
  if (script.length === 34 && script[0] === 0x51 && script[1] === 0x20) return 'v1_p2tr';
  if (script.length === 25 && script[0] === 0x76 && script[1] === 0xa9) return 'p2pkh';
  if (script.length === 23 && script[0] === 0xa9) return 'p2sh';
  return 'unknown';
}

function outputJson(output: LedgerOutput) {
  return {
    scriptpubkey: toHex(output.script),
    scriptpubkey_type: scriptType(output.script),
    ...(output.address ? { scriptpubkey_address: output.address } : {}),
    value: Number(output.value),
  };
}

const statusJson = (tx: ConfirmedTransaction) => ({
  confirmed: true,
  block_height: tx.height,
  block_hash: tx.blockHash,
  block_time: tx.blockTime,
});

function transactionJson(tx: ConfirmedTransaction) {
  const decoded = Transaction.fromHex(tx.hex);
  const coinbase = tx.prevouts.length === 0;
  return {
    txid: tx.txid,
    version: decoded.version,
    locktime: decoded.locktime,
    vin: decoded.ins.map((input, index) => ({
      txid: toHex(Uint8Array.from(input.hash).reverse()),
      vout: input.index,
      prevout: coinbase ? null : outputJson(tx.prevouts[index]!),
      scriptsig: toHex(input.script),
      witness: input.witness.map(toHex),
      is_coinbase: coinbase,
      sequence: input.sequence,
    })),
    vout: tx.outputs.map(outputJson),
    size: decoded.byteLength(),
    weight: decoded.weight(),
    fee: Number(tx.fee),
    status: statusJson(tx),
  };
}

function addressJson(ledger: BitcoinSandboxLedger, address: string) {
  const history = ledger.historyOf(address);
  const funded = history.flatMap((tx) => tx.outputs.filter((out) => out.address === address));
  const spent = history.flatMap((tx) => tx.prevouts.filter((out) => out.address === address));
  const sum = (outputs: LedgerOutput[]) => Number(outputs.reduce((total, out) => total + out.value, 0n));
  return {
    address,
    chain_stats: {
      funded_txo_count: funded.length,
      funded_txo_sum: sum(funded),
      spent_txo_count: spent.length,
      spent_txo_sum: sum(spent),
      tx_count: history.length,
    },
    mempool_stats: { funded_txo_count: 0, funded_txo_sum: 0, spent_txo_count: 0, spent_txo_sum: 0, tx_count: 0 },
  };
}

function validAddress(address: string): string {
  if (!isBitcoinMainnetAddress(address)) throw new HttpError(400, 'Invalid Bitcoin address');
  return address;
}

function confirmedTx(ledger: BitcoinSandboxLedger, txid: string): ConfirmedTransaction {
  const tx = /^[0-9a-f]{64}$/i.test(txid) ? ledger.transaction(txid) : undefined;
  if (!tx) throw new HttpError(404, 'Transaction not found');
  return tx;
}

async function readBody(request: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'Request body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8').trim();
}

/** ord's output JSON: runes keyed by spaced name with amount (atomic), divisibility and symbol. */
function ordOutputJson(ledger: BitcoinSandboxLedger, output: LedgerOutput) {
  const runes = Object.fromEntries(
    [...ledger.runesAt(output.txid, output.vout)].map(([id, amount]) => {
      const rune = SANDBOX_RUNES.find((known) => known.id === id);
      return [
        rune?.spacedName ?? id,
        { amount: Number(amount), divisibility: rune?.divisibility ?? 0, symbol: rune?.symbol ?? null },
      ];
    }),
  );
  const inscriptions = ledger.inscriptionsAt(output.txid, output.vout);
  return {
    outpoint: `${output.txid}:${output.vout}`,
    address: output.address,
    value: Number(output.value),
    script_pubkey: toHex(output.script),
    runes,
    inscriptions,
    spent: false,
  };
}

/** A body served as it is, with its own content type (ord's /content). */
class RawBody {
  constructor(
    readonly contentType: string,
    readonly body: Uint8Array,
  ) {}
}

/** The body an inscription's reveal carries (`<txid>i<n>`: the n-th envelope the reveal's inputs hold). */
function inscriptionContent(ledger: BitcoinSandboxLedger, id: string): RawBody {
  const [, txid, index] = /^([0-9a-f]{64})i(\d+)$/.exec(id) ?? [];
  const reveal = txid && ledger.grantOf(txid) === 'inscription' ? ledger.transaction(txid) : undefined;
  const content =
    reveal &&
    Transaction.fromHex(reveal.hex).ins.flatMap((input) => revealedInscription(input.witness) ?? [])[Number(index)];
  if (!content) throw new HttpError(404, 'inscription not found');
  return new RawBody(content.contentType ?? 'application/octet-stream', content.body);
}

function ordRoute(ledger: BitcoinSandboxLedger, parts: readonly string[]): unknown {
  const [what, key] = parts;
  if (what === 'content' && key !== undefined && parts.length === 2)
    return inscriptionContent(ledger, key.toLowerCase());
  if (what === 'outputs' && key !== undefined && parts.length === 2)
    return ledger.utxosOf(validAddress(key)).map((out) => ordOutputJson(ledger, out));
  if (what === 'output' && key !== undefined && parts.length === 2) {
    const [txid, vout] = key.split(':');
    const output = txid && vout ? ledger.utxo(txid.toLowerCase(), Number(vout)) : undefined;
    if (!output) throw new HttpError(404, 'output not found');
    return ordOutputJson(ledger, output);
  }
  if (what === 'inscription' && key !== undefined && parts.length === 2) {
    const at = ledger.inscription(key.toLowerCase());
    const output = at && ledger.utxo(at.txid, at.vout);
    if (!at || !output) throw new HttpError(404, 'inscription not found');
    return {
      id: key.toLowerCase(),
      address: output.address,
      satpoint: `${at.txid}:${at.vout}:${at.offset}`,
      value: Number(output.value),
    };
  }
  if (what === 'rune' && key !== undefined && parts.length === 2) {
    const wanted = key.replace(/[•.]/g, '').toUpperCase();
    const rune = SANDBOX_RUNES.find((known) => known.id === key || known.name === wanted);
    if (!rune) throw new HttpError(404, 'rune not found');
    return {
      id: rune.id,
      entry: { spaced_rune: rune.spacedName, divisibility: rune.divisibility, symbol: rune.symbol },
    };
  }
  throw new HttpError(404, 'Not found');
}

async function route(
  ledger: BitcoinSandboxLedger,
  counterparty: CounterpartySandboxLedger,
  method: string,
  url: URL,
  request: IncomingMessage,
): Promise<unknown> {
  const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
  if (method === 'POST' && parts.length === 1 && parts[0] === 'tx') {
    try {
      return ledger.submit(await readBody(request)).txid;
    } catch (error) {
      if (error instanceof BitcoinLedgerError)
        throw new HttpError(400, `sendrawtransaction RPC error: ${error.message}`);
      throw error;
    }
  }
  if (method !== 'GET') throw new HttpError(405, 'Method not allowed');
  const [first, second, third] = parts;
  if (first === 'ord') return ordRoute(ledger, parts.slice(1));
  if (first === 'counterparty') return counterpartyRoute(ledger, counterparty, parts.slice(1), url.searchParams);
  if (first === 'fee-estimates' && parts.length === 1) return ledger.feeEstimates();
  if (first === 'blocks' && second === 'tip' && parts.length === 3) {
    if (third === 'height') return String(ledger.height);
    if (third === 'hash') return ledger.tipHash;
  }
  if (first === 'address' && second !== undefined) {
    const address = validAddress(second);
    if (parts.length === 2) return addressJson(ledger, address);
    if (parts.length === 3 && third === 'utxo') {
      return ledger.utxosOf(address).map((out) => ({
        txid: out.txid,
        vout: out.vout,
        status: statusJson(ledger.transaction(out.txid)!),
        value: Number(out.value),
      }));
    }
  }
  if (first === 'tx' && second !== undefined) {
    const tx = confirmedTx(ledger, second);
    if (parts.length === 2) return transactionJson(tx);
    if (parts.length === 3 && third === 'hex') return tx.hex;
    if (parts.length === 3 && third === 'status') return statusJson(tx);
  }
  throw new HttpError(404, 'Not found');
}

function answer(response: ServerResponse, status: number, body: unknown): void {
  if (body instanceof RawBody) {
    response.writeHead(status, { 'content-type': body.contentType });
    response.end(body.body);
    return;
  }
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  response.writeHead(status, { 'content-type': typeof body === 'string' ? 'text/plain' : 'application/json' });
  response.end(text);
}

/** Serves `ledger` on 127.0.0.1 (a free port unless one is given). */
export async function startEsploraFacade(
  ledger: BitcoinSandboxLedger,
  options: { port?: number; counterparty?: CounterpartySandboxLedger } = {},
): Promise<EsploraFacade> {
  const counterparty = options.counterparty ?? new CounterpartySandboxLedger(ledger);
  const server: Server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    route(ledger, counterparty, request.method ?? 'GET', url, request).then(
      (body) => answer(response, 200, body),
      (error: unknown) => {
        if (error instanceof HttpError) answer(response, error.status, error.body);
        else answer(response, 500, error instanceof Error ? error.message : String(error));
      },
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, '127.0.0.1', resolve);
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
