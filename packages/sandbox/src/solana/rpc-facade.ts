/**
 * A Solana JSON-RPC facade over a {@link SolanaLedger}, served with `node:http`, so unmodified RPC clients
 * (`createSolanaRpc(url)` from @solana/kit, @x402/svm's client and facilitator) work against the sandbox ledger.
 *
 * It implements only what those clients call (see {@link SOLANA_RPC_FACADE_METHODS}); anything else answers
 * -32601 "Method not found". HTTP only: there is no websocket (subscriptions), so confirm by polling
 * getSignatureStatuses, as @x402/svm does. Commitment and minContextSlot options are accepted and ignored: every
 * landed transaction is final at once.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import {
  type Address,
  getBase58Decoder,
  getBase58Encoder,
  getBase64Decoder,
  getBase64Encoder,
  getTransactionDecoder,
  isAddress,
  type MaybeEncodedAccount,
  type Transaction,
} from '@solana/kit';
import type { LedgerTokenBalance, SolanaLedger } from './ledger.js';
import {
  decodeMint,
  decodeTokenAccount,
  isTokenProgram,
  TOKEN_2022_PROGRAM_ADDRESS,
  type TokenExtension,
} from './token-programs.js';
import { SANDBOX_SOLANA_TOKENS } from './tokens.js';

/** Every method the facade serves. */
export const SOLANA_RPC_FACADE_METHODS = [
  'getAccountInfo',
  'getBalance',
  'getBlockHeight',
  'getEpochInfo',
  'getHealth',
  'getLatestBlockhash',
  'getMinimumBalanceForRentExemption',
  'getMultipleAccounts',
  'getSignaturesForAddress',
  'getSignatureStatuses',
  'getSlot',
  'getTokenAccountBalance',
  'getTokenAccountsByOwner',
  'getTransaction',
  'getVersion',
  'sendTransaction',
  'simulateTransaction',
] as const;
export type SolanaRpcFacadeMethod = (typeof SOLANA_RPC_FACADE_METHODS)[number];

export interface SolanaRpcFacade {
  /** http://127.0.0.1:port */
  readonly url: string;
  readonly port: number;
  /** Stops listening and drops open connections. Idempotent. */
  close(): Promise<void>;
}

export interface StartSolanaRpcFacadeOptions {
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: a free port. */
  port?: number;
}

/** A JSON-RPC error answer (codes as a Solana validator uses them). */
class RpcError extends Error {
  constructor(
    readonly code: number,
    message: string,
    readonly data?: unknown,
  ) {
    super(message);
  }
}

const MAX_BODY_BYTES = 5 * 1024 * 1024;
const VERSION = { 'solana-core': '2.2.0', 'feature-set': 0 };
const U64_MAX = 18_446_744_073_709_551_615n;

const base58Text = getBase58Decoder();
const base58Bytes = getBase58Encoder();
const base64Text = getBase64Decoder();
const base64Bytes = getBase64Encoder();
const transactionDecoder = getTransactionDecoder();

/** JSON with bigints written as plain integers (u64 values do not fit a double). */
function toJson(value: unknown): string {
  if (typeof value === 'bigint') return value.toString();
  if (value === null || value === undefined) return 'null';
  if (Array.isArray(value)) return `[${value.map(toJson).join(',')}]`;
  if (typeof value === 'object') {
    const fields = Object.entries(value as Record<string, unknown>).filter(([, field]) => field !== undefined);
    return `{${fields.map(([key, field]) => `${JSON.stringify(key)}:${toJson(field)}`).join(',')}}`;
  }
  return JSON.stringify(value);
}

// ---------------------------------------------------------------------------------------------- parameters

type Params = readonly unknown[];
type Config = Readonly<Record<string, unknown>>;

function invalidParams(message: string): RpcError {
  return new RpcError(-32602, `Invalid params: ${message}`);
}

function addressParam(value: unknown): Address {
  if (typeof value !== 'string' || !isAddress(value)) throw invalidParams(`invalid address ${JSON.stringify(value)}`);
  return value;
}

function configParam(value: unknown): Config {
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value)) throw invalidParams('the configuration must be an object');
  return value as Config;
}

function transactionParam(encoded: unknown, config: Config): Transaction {
  if (typeof encoded !== 'string') throw invalidParams('the transaction must be a string');
  const encoding = config.encoding ?? 'base58';
  if (encoding !== 'base58' && encoding !== 'base64') throw invalidParams(`unsupported encoding ${String(encoding)}`);
  try {
    const bytes = encoding === 'base64' ? base64Bytes.encode(encoded) : base58Bytes.encode(encoded);
    return transactionDecoder.decode(bytes);
  } catch (error) {
    throw invalidParams(`failed to deserialize the transaction: ${(error as Error).message}`);
  }
}

// ---------------------------------------------------------------------------------------------- encoders

function uiAmount(amount: bigint, decimals: number) {
  const digits = amount.toString().padStart(decimals + 1, '0');
  const whole = digits.slice(0, digits.length - decimals);
  const fraction = digits.slice(digits.length - decimals).replace(/0+$/, '');
  const uiAmountString = fraction ? `${whole}.${fraction}` : whole;
  return { amount: amount.toString(), decimals, uiAmount: Number(uiAmountString), uiAmountString };
}

/**
 * A Token-2022 extension as a node's jsonParsed encoding shows it: `{extension, state}` with the extension's name in
 * camelCase (e.g. `{extension: 'transferFeeAmount', state: {withheldAmount: 0}}`, `{extension: 'immutableOwner'}`).
 */
function parsedExtension(extension: TokenExtension): { extension: string; state?: unknown } {
  const name = extension.__kind.charAt(0).toLowerCase() + extension.__kind.slice(1);
  const { __kind: _kind, ...state } = extension;
  return Object.keys(state).length === 0 ? { extension: name } : { extension: name, state };
}

const programName = (program: Address) => (program === TOKEN_2022_PROGRAM_ADDRESS ? 'spl-token-2022' : 'spl-token');

export function createSolanaRpcHandlers(
  ledger: SolanaLedger,
): Record<SolanaRpcFacadeMethod, (params: Params) => unknown | Promise<unknown>> {
  const withContext = (value: unknown) => ({
    context: { apiVersion: VERSION['solana-core'], slot: ledger.slot() },
    value,
  });

  const mintDecimals = (mint: Address): number | undefined => ledger.mint(mint)?.decimals;

  /**
   * `jsonParsed` for token accounts and mints of either token program (Token-2022 ones with their `extensions`, as
   * a node lists them); undefined for anything else (sent as base64, as a node does).
   */
  const parsed = (account: MaybeEncodedAccount & { exists: true }) => {
    if (!isTokenProgram(account.programAddress)) return undefined;
    const program = programName(account.programAddress);
    const extensionsOf = (extensions: readonly TokenExtension[]) =>
      account.programAddress === TOKEN_2022_PROGRAM_ADDRESS ? { extensions: extensions.map(parsedExtension) } : {};
    const token = decodeTokenAccount(account);
    if (token) {
      const decimals = mintDecimals(token.mint);
      if (decimals === undefined) return undefined;
      const info = {
        mint: token.mint,
        owner: token.owner,
        tokenAmount: uiAmount(token.amount, decimals),
        state: ['uninitialized', 'initialized', 'frozen'][token.state] ?? 'initialized',
        isNative: token.isNative,
        ...extensionsOf(token.extensions),
      };
      return { program, parsed: { type: 'account', info }, space: account.data.length };
    }
    const mint = decodeMint(account);
    if (mint) {
      const info = {
        mintAuthority: mint.mintAuthority,
        supply: mint.supply.toString(),
        decimals: mint.decimals,
        isInitialized: mint.isInitialized,
        freezeAuthority: mint.freezeAuthority,
        ...extensionsOf(mint.extensions),
      };
      return { program, parsed: { type: 'mint', info }, space: account.data.length };
    }
    return undefined;
  };

  const encodeAccount = (account: MaybeEncodedAccount, config: Config) => {
    if (!account.exists) return null;
    const encoding = config.encoding ?? 'base58';
    let data: unknown;
    if (encoding === 'jsonParsed') data = parsed(account) ?? [base64Text.decode(account.data), 'base64'];
    else if (encoding === 'base64') data = [base64Text.decode(account.data), 'base64'];
    else if (encoding === 'base58') data = [base58Text.decode(account.data), 'base58'];
    else throw invalidParams(`unsupported encoding ${String(encoding)}`);
    return {
      data,
      executable: account.executable,
      lamports: account.lamports,
      owner: account.programAddress,
      rentEpoch: U64_MAX,
      space: BigInt(account.data.length),
    };
  };

  return {
    getAccountInfo: ([owner, config]) =>
      withContext(encodeAccount(ledger.account(addressParam(owner)), configParam(config))),

    getMultipleAccounts: ([owners, config]) => {
      if (!Array.isArray(owners) || owners.length > 100)
        throw invalidParams('expected an array of at most 100 addresses');
      const options = configParam(config);
      return withContext(owners.map((owner) => encodeAccount(ledger.account(addressParam(owner)), options)));
    },

    getBalance: ([owner]) => withContext(ledger.balance(addressParam(owner))),

    /** Read for Token-2022 transfer fees, whose schedule is by epoch. */
    getEpochInfo: () => {
      const info = ledger.epochInfo();
      return { ...info, blockHeight: ledger.blockHeight(), transactionCount: null };
    },

    getTokenAccountBalance: ([owner]) => {
      const token = decodeTokenAccount(ledger.account(addressParam(owner)));
      const decimals = token ? mintDecimals(token.mint) : undefined;
      if (!token || decimals === undefined) throw invalidParams('not a Token account');
      return withContext(uiAmount(token.amount, decimals));
    },

    /**
     * Answers from the owner's associated token accounts of the seeded mints (tokens.ts), which is where the faucet,
     * transfers and the swap venue put every sandbox token; `programId` is either token program (classic Token or
     * Token-2022), and each mint's accounts are under the program that owns the mint.
     */
    getTokenAccountsByOwner: async ([owner, filter, config]) => {
      const ownerAddress = addressParam(owner);
      const wanted = configParam(filter);
      if (wanted.mint === undefined && wanted.programId === undefined)
        throw invalidParams('the filter needs mint or programId');
      const mints = SANDBOX_SOLANA_TOKENS.flatMap((token) => (token.mint === null ? [] : [token.mint])).filter(
        (mint) =>
          wanted.mint !== undefined
            ? mint === addressParam(wanted.mint)
            : addressParam(wanted.programId) === ledger.mint(mint)?.program,
      );
      const options = configParam(config);
      const accounts = [];
      for (const mint of mints) {
        const pubkey = await ledger.tokenAccount(ownerAddress, mint);
        const account = ledger.account(pubkey);
        if (account.exists) accounts.push({ pubkey, account: encodeAccount(account, options) });
      }
      return withContext(accounts);
    },

    getMinimumBalanceForRentExemption: ([size]) => {
      if (typeof size !== 'number' || !Number.isSafeInteger(size) || size < 0)
        throw invalidParams('the data length must be a non-negative integer');
      return ledger.rentExemptMinimum(BigInt(size));
    },

    getLatestBlockhash: () => withContext(ledger.latestBlockhash()),
    getSlot: () => ledger.slot(),
    getBlockHeight: () => ledger.blockHeight(),
    getHealth: () => 'ok',
    getVersion: () => VERSION,

    simulateTransaction: ([encoded, config]) => {
      const options = configParam(config);
      const transaction = transactionParam(encoded, options);
      if (options.sigVerify === true && options.replaceRecentBlockhash === true)
        throw invalidParams('sigVerify may not be used with replaceRecentBlockhash');
      const result = ledger.simulate(transaction, {
        sigVerify: options.sigVerify === true,
        replaceRecentBlockhash: options.replaceRecentBlockhash === true,
      });
      return withContext({
        err: result.err,
        logs: result.logs,
        accounts: null,
        unitsConsumed: result.unitsConsumed,
        returnData: result.returnData
          ? { programId: result.returnData.programId, data: [result.returnData.data, 'base64'] }
          : null,
        innerInstructions: options.innerInstructions === true ? result.innerInstructions : null,
        replacementBlockhash: options.replaceRecentBlockhash === true ? ledger.latestBlockhash() : null,
      });
    },

    sendTransaction: ([encoded, config]) => {
      const options = configParam(config);
      const transaction = transactionParam(encoded, options);
      if (options.skipPreflight !== true) {
        const preflight = ledger.simulate(transaction, { sigVerify: true });
        if (preflight.err) {
          throw new RpcError(-32002, `Transaction simulation failed: ${JSON.stringify(preflight.err)}`, {
            err: preflight.err,
            logs: preflight.logs,
            accounts: null,
            unitsConsumed: preflight.unitsConsumed,
            returnData: null,
          });
        }
      }
      const result = ledger.submit(transaction);
      if (!result.landed) {
        if (result.err === 'SignatureFailure') throw new RpcError(-32003, 'Transaction signature verification failure');
        throw new RpcError(-32002, `Transaction simulation failed: ${JSON.stringify(result.err)}`, {
          err: result.err,
          logs: result.logs,
          accounts: null,
          unitsConsumed: 0n,
          returnData: null,
        });
      }
      return result.signature;
    },

    /** Newest first, from the ledger's in-memory history of this process (`before`/`until` exclusive, as on a node). */
    getSignaturesForAddress: ([owner, config]) => {
      const options = configParam(config);
      const limit = options.limit === undefined ? 1000 : Number(options.limit);
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > 1000) throw invalidParams('limit must be 1 to 1000');
      let signatures = ledger.signaturesFor(addressParam(owner));
      if (typeof options.before === 'string') {
        const at = signatures.indexOf(options.before as never);
        signatures = at < 0 ? [] : signatures.slice(at + 1);
      }
      if (typeof options.until === 'string') {
        const at = signatures.indexOf(options.until as never);
        if (at >= 0) signatures = signatures.slice(0, at);
      }
      return signatures.slice(0, limit).flatMap((signature) => {
        const landed = ledger.landedTransaction(signature);
        return landed
          ? [
              {
                signature,
                slot: landed.slot,
                err: landed.err,
                memo: null,
                blockTime: landed.blockTime,
                confirmationStatus: 'finalized',
              },
            ]
          : [];
      });
    },

    /** `json` encoding only (account keys, and the balances around the transaction), as the tracked-wallet watcher reads it. */
    getTransaction: ([signature, config]) => {
      const options = configParam(config);
      if (options.encoding !== undefined && options.encoding !== 'json')
        throw invalidParams(`unsupported encoding ${String(options.encoding)}`);
      if (typeof signature !== 'string') throw invalidParams('the signature must be a string');
      const landed = ledger.landedTransaction(signature);
      if (!landed) return null;
      const tokenBalance = (balance: LedgerTokenBalance) => ({
        accountIndex: balance.accountIndex,
        mint: balance.mint,
        owner: balance.owner,
        programId: balance.programId,
        uiTokenAmount: uiAmount(balance.amount, balance.decimals),
      });
      return {
        slot: landed.slot,
        blockTime: landed.blockTime,
        version: 0,
        transaction: { signatures: landed.signatures, message: { accountKeys: landed.accountKeys } },
        meta: {
          err: landed.err,
          status: landed.err ? { Err: landed.err } : { Ok: null },
          fee: landed.fee,
          preBalances: landed.preBalances,
          postBalances: landed.postBalances,
          preTokenBalances: landed.preTokenBalances.map(tokenBalance),
          postTokenBalances: landed.postTokenBalances.map(tokenBalance),
          logMessages: landed.logs,
          innerInstructions: [],
          loadedAddresses: { writable: [], readonly: [] },
        },
      };
    },

    getSignatureStatuses: ([signatures]) => {
      if (!Array.isArray(signatures) || signatures.length > 256)
        throw invalidParams('expected an array of at most 256 signatures');
      return withContext(
        signatures.map((signature) => {
          if (typeof signature !== 'string') throw invalidParams('signatures must be strings');
          const status = ledger.signatureStatus(signature);
          if (!status) return null;
          return {
            slot: status.slot,
            confirmations: null,
            err: status.err,
            status: status.err ? { Err: status.err } : { Ok: null },
            confirmationStatus: 'finalized',
          };
        }),
      );
    },
  };
}

// ---------------------------------------------------------------------------------------------- HTTP

interface JsonRpcRequest {
  readonly jsonrpc?: unknown;
  readonly id?: unknown;
  readonly method?: unknown;
  readonly params?: unknown;
}

async function answer(handlers: Record<string, (params: Params) => unknown>, request: JsonRpcRequest): Promise<string> {
  // A body of `null` (or a batch entry that is not an object) has no id; reading one off it threw outside the try.
  const id = typeof request === 'object' && request !== null ? (request.id ?? null) : null;
  try {
    if (typeof request !== 'object' || request === null || typeof request.method !== 'string')
      throw new RpcError(-32600, 'Invalid request');
    const handler = Object.hasOwn(handlers, request.method) ? handlers[request.method] : undefined;
    if (!handler) throw new RpcError(-32601, 'Method not found');
    const params = request.params ?? [];
    if (!Array.isArray(params)) throw invalidParams('params must be an array');
    return toJson({ jsonrpc: '2.0', id, result: await handler(params) });
  } catch (error) {
    const rpcError =
      error instanceof RpcError ? error : new RpcError(-32603, `Internal error: ${(error as Error).message}`);
    return toJson({
      jsonrpc: '2.0',
      id,
      error: { code: rpcError.code, message: rpcError.message, data: rpcError.data },
    });
  }
}

async function readBody(request: IncomingMessage): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > MAX_BODY_BYTES) return undefined;
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

function serve(handlers: Record<string, (params: Params) => unknown>) {
  return async (request: IncomingMessage, response: ServerResponse): Promise<void> => {
    const send = (status: number, body: string) => {
      response.writeHead(status, { 'content-type': 'application/json' }).end(body);
    };
    if (request.method !== 'POST')
      return send(405, toJson({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Use POST' } }));
    const body = await readBody(request).catch(() => undefined);
    if (body === undefined)
      return send(413, toJson({ jsonrpc: '2.0', id: null, error: { code: -32600, message: 'Request too large' } }));
    let parsedBody: unknown;
    try {
      parsedBody = JSON.parse(body);
    } catch {
      return send(200, toJson({ jsonrpc: '2.0', id: null, error: { code: -32700, message: 'Parse error' } }));
    }
    if (Array.isArray(parsedBody))
      return send(
        200,
        `[${(await Promise.all(parsedBody.map((entry: JsonRpcRequest) => answer(handlers, entry)))).join(',')}]`,
      );
    send(200, await answer(handlers, parsedBody as JsonRpcRequest));
  };
}

/** Serves the JSON-RPC facade for `ledger` on host:port (127.0.0.1 and a free port by default). */
export async function startSolanaRpcFacade(
  ledger: SolanaLedger,
  options: StartSolanaRpcFacadeOptions = {},
): Promise<SolanaRpcFacade> {
  const host = options.host ?? '127.0.0.1';
  const handle = serve(createSolanaRpcHandlers(ledger));
  // node:http ignores a handler's promise: a rejection would be unhandled and end the process, so it ends the
  // connection instead.
  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) =>
      response.destroy(error instanceof Error ? error : new Error(String(error))),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => {
      server.off('error', reject);
      resolve();
    });
  });
  const { port } = server.address() as { port: number };
  const urlHost = host === '0.0.0.0' ? '127.0.0.1' : host.includes(':') ? `[${host === '::' ? '::1' : host}]` : host;
  let closing: Promise<void> | undefined;
  return {
    url: `http://${urlHost}:${port}`,
    port,
    close: () =>
      (closing ??= new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      })),
  };
}
