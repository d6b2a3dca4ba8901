/**
 * BRC-20 balances of the sandbox chain, indexed from inscriptions by the BRC-20 indexing rules:
 * - An operation is an inscription whose content type is text/plain or application/json and whose body is a JSON
 *   object with `"p": "brc-20"`, an `op` (deploy, mint, transfer) and a `tick` of 4 bytes, or 5 bytes for a
 *   self-minted token (`"self_mint": "true"`, whose mints must be children of the deploy inscription). Tickers
 *   compare case-insensitively. Numbers are strings of digits with an optional fraction (no sign, no exponent), at most
 *   `dec` fraction digits, at most 2^64 - 1 whole units.
 * - deploy: the first deploy of a ticker wins. `max` > 0 (0 for a self-minted token: 2^64 - 1), `lim` (default `max`),
 *   `dec` 0 to 18 (default 18).
 * - mint: credits its first owner `amt` if `amt` <= `lim`; the mint that reaches `max` gets what is left, later ones
 *   nothing.
 * - transfer: inscribing one moves `amt` of its first owner's available balance to transferable if the owner has
 *   it then (otherwise the inscription is inert). Its first transfer moves the amount to the receiver; sent as a fee it
 *   returns to the sender, sent to an OP_RETURN it is burned. Later moves of any BRC-20 inscription do nothing.
 * Amounts are atomic units (10^-dec of the token) inside, decimal strings outside.
 */
import type { BlockRef, IndexedInscription, InscriptionTransfer } from './inscriptions.js';
import { formatDecimal } from '../decimal-amount.js';

const UINT64_MAX = 2n ** 64n - 1n;
const MAX_DECIMALS = 18;
const AMOUNT = /^(\d+)(?:\.(\d+))?$/;
const CONTENT_TYPES = new Set(['text/plain', 'application/json']);

/** The three operations (Ordiscan's `brc20_action.type`). */
export type Brc20Operation = 'DEPLOY' | 'MINT' | 'TRANSFER';

/** An address's BRC-20 event: a deploy, a mint, a transfer inscribed, or a transfer sent (Ordiscan's `TRANSFER`). */
export interface Brc20Event extends BlockRef {
  readonly type: 'DEPLOY' | 'MINT' | 'INSCRIBE_TRANSFER' | 'TRANSFER';
  /** The ticker as deployed. */
  readonly tick: string;
  readonly inscriptionId: string;
  /** The address the balance left (a sent transfer); null for the others. */
  readonly from: string | null;
  /**
   * The address credited: the deployer, minter, transfer inscriber or receiver (the sender again when the transfer
   * inscription went to a fee); null when burned.
   */
  readonly to: string | null;
  /** A decimal string in whole tokens (0 for a deploy). */
  readonly amount: string;
}

export interface Brc20TokenView {
  /** As deployed (its case kept). */
  readonly tick: string;
  readonly deployInscription: string;
  readonly deployer: string | null;
  readonly deployed: BlockRef;
  readonly decimals: number;
  /** Decimal strings in whole tokens. */
  readonly max: string;
  readonly limit: string;
  readonly minted: string;
  readonly selfMint: boolean;
  /** Addresses holding a balance (available or transferable). */
  readonly holders: number;
}

export interface Brc20BalanceView {
  readonly tick: string;
  /** Decimal strings in whole tokens; balance = available + transferable. */
  readonly balance: string;
  readonly available: string;
  readonly transferable: string;
}

interface Token {
  readonly tick: string;
  readonly deployInscription: string;
  readonly deployer: string | null;
  readonly deployed: BlockRef;
  readonly decimals: number;
  readonly max: bigint;
  readonly limit: bigint;
  readonly selfMint: boolean;
  minted: bigint;
  /** Address → atomic balances. */
  readonly balances: Map<string, { available: bigint; transferable: bigint }>;
}

/** A transfer inscription not yet sent: its amount waits in its inscriber's transferable balance. */
interface PendingTransfer {
  readonly token: Token;
  readonly owner: string;
  readonly amount: bigint;
}

/** `text` as atomic units of a token with `decimals`, if it is a valid BRC-20 number. */
export function parseAmount(text: unknown, decimals: number): bigint | undefined {
  if (typeof text !== 'string') return undefined;
  const [, whole, fraction = ''] = AMOUNT.exec(text) ?? [];
  if (whole === undefined || fraction.length > decimals || BigInt(whole) > UINT64_MAX) return undefined;
  return BigInt(whole + fraction.padEnd(decimals, '0'));
}

/** The BRC-20 operation an inscription's content states, before any balance rule; undefined when it states none. */
function operationOf(inscription: IndexedInscription, body: Uint8Array): Record<string, unknown> | undefined {
  const mime = inscription.contentType?.split(';')[0]?.trim().toLowerCase();
  if (!mime || !CONTENT_TYPES.has(mime)) return undefined;
  let json: unknown;
  try {
    json = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(body));
  } catch {
    return undefined;
  }
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return undefined;
  const op = json as Record<string, unknown>;
  if (op.p !== 'brc-20' || typeof op.tick !== 'string') return undefined;
  const bytes = Buffer.byteLength(op.tick, 'utf8');
  return bytes === 4 || bytes === 5 ? op : undefined;
}

export class Brc20Index {
  /** Lower-case ticker → token, in deploy order. */
  readonly #tokens = new Map<string, Token>();
  readonly #pending = new Map<string, PendingTransfer>();
  /** Valid operations by inscription id. */
  readonly #actions = new Map<string, { readonly type: Brc20Operation; readonly tick: string }>();
  readonly #events: Brc20Event[] = [];

  /** Applies one transaction's inscription moves, then the inscription it revealed (in that order, as ord does). */
  apply(moves: readonly InscriptionTransfer[], revealed?: { inscription: IndexedInscription; body: Uint8Array }): void {
    for (const move of moves) this.#send(move);
    if (revealed) this.#reveal(revealed.inscription, revealed.body);
  }

  #reveal(inscription: IndexedInscription, body: Uint8Array): void {
    const op = operationOf(inscription, body);
    const owner = inscription.genesis.address;
    if (!op || owner === null) return;
    const tick = op.tick as string;
    if (op.op === 'deploy') return this.#deploy(op, tick, inscription, owner);
    const token = this.#tokens.get(tick.toLowerCase());
    if (!token) return;
    const amount = parseAmount(op.amt, token.decimals);
    if (amount === undefined || amount === 0n) return;
    const balance = balanceOf(token, owner);
    if (op.op === 'mint') {
      if (amount > token.limit || token.minted >= token.max) return;
      if (token.selfMint && inscription.parent !== token.deployInscription) return;
      const minted = amount < token.max - token.minted ? amount : token.max - token.minted;
      token.minted += minted;
      balance.available += minted;
      this.#record(inscription, 'MINT', token, owner, minted);
    } else if (op.op === 'transfer') {
      if (amount > balance.available) return;
      balance.available -= amount;
      balance.transferable += amount;
      this.#pending.set(inscription.id, { token, owner, amount });
      this.#record(inscription, 'TRANSFER', token, owner, amount, 'INSCRIBE_TRANSFER');
    }
  }

  #deploy(op: Record<string, unknown>, tick: string, inscription: IndexedInscription, owner: string): void {
    const key = tick.toLowerCase();
    const selfMint = Buffer.byteLength(tick, 'utf8') === 5;
    if (this.#tokens.has(key) || (selfMint && op.self_mint !== 'true')) return;
    const decimals = op.dec === undefined ? MAX_DECIMALS : Number(parseAmount(op.dec, 0) ?? -1);
    if (!(decimals >= 0 && decimals <= MAX_DECIMALS)) return;
    const stated = parseAmount(op.max, decimals);
    const max = stated === 0n && selfMint ? UINT64_MAX * 10n ** BigInt(decimals) : stated;
    const limit = op.lim === undefined ? max : parseAmount(op.lim, decimals);
    if (!max || !limit) return;
    const token: Token = {
      tick,
      deployInscription: inscription.id,
      deployer: owner,
      deployed: inscription.genesis,
      decimals,
      max,
      limit,
      selfMint,
      minted: 0n,
      balances: new Map(),
    };
    this.#tokens.set(key, token);
    this.#record(inscription, 'DEPLOY', token, owner, 0n);
  }

  /** The first move of a pending transfer inscription settles it; any other move changes no balance. */
  #send(move: InscriptionTransfer): void {
    const pending = this.#pending.get(move.inscriptionId);
    if (!pending) return;
    this.#pending.delete(move.inscriptionId);
    const { token, owner, amount } = pending;
    balanceOf(token, owner).transferable -= amount;
    const receiver = move.spentAsFee ? owner : move.to;
    if (receiver !== null) balanceOf(token, receiver).available += amount;
    this.#events.push({
      txid: move.txid,
      height: move.height,
      time: move.time,
      type: 'TRANSFER',
      tick: token.tick,
      inscriptionId: move.inscriptionId,
      from: owner,
      to: receiver,
      amount: formatDecimal(amount, token.decimals),
    });
  }

  /** Records a valid operation of `inscription`, which credited `to` with `amount` (0 for a deploy). */
  #record(
    inscription: IndexedInscription,
    action: Brc20Operation,
    token: Token,
    to: string,
    amount: bigint,
    type: Brc20Event['type'] = action,
  ): void {
    this.#actions.set(inscription.id, { type: action, tick: token.tick });
    const { txid, height, time } = inscription.genesis;
    this.#events.push({
      txid,
      height,
      time,
      type,
      tick: token.tick,
      inscriptionId: inscription.id,
      from: null,
      to,
      amount: formatDecimal(amount, token.decimals),
    });
  }

  /** Every token in deploy order. */
  tokens(): Brc20TokenView[] {
    return [...this.#tokens.values()].map(tokenView);
  }

  /** A token by ticker, any case. */
  token(tick: string): Brc20TokenView | undefined {
    const token = this.#tokens.get(tick.toLowerCase());
    return token && tokenView(token);
  }

  /** The balances `address` holds, in deploy order of their tokens. */
  balancesOf(address: string): Brc20BalanceView[] {
    return [...this.#tokens.values()].flatMap((token) => {
      const held = token.balances.get(address);
      if (!held || held.available + held.transferable === 0n) return [];
      const format = (atomic: bigint) => formatDecimal(atomic, token.decimals);
      return [
        {
          tick: token.tick,
          balance: format(held.available + held.transferable),
          available: format(held.available),
          transferable: format(held.transferable),
        },
      ];
    });
  }

  /** Events where `address` is the sender or the one credited, newest first. */
  activityOf(address: string): Brc20Event[] {
    return this.#events.filter((event) => event.from === address || event.to === address).reverse();
  }

  /** The operation a valid BRC-20 inscription made (Ordiscan's `brc20_action`). */
  actionOf(inscriptionId: string): { readonly type: Brc20Operation; readonly tick: string } | undefined {
    return this.#actions.get(inscriptionId);
  }
}

function balanceOf(token: Token, address: string) {
  let balance = token.balances.get(address);
  if (!balance) token.balances.set(address, (balance = { available: 0n, transferable: 0n }));
  return balance;
}

function tokenView(token: Token): Brc20TokenView {
  return {
    tick: token.tick,
    deployInscription: token.deployInscription,
    deployer: token.deployer,
    deployed: token.deployed,
    decimals: token.decimals,
    max: formatDecimal(token.max, token.decimals),
    limit: formatDecimal(token.limit, token.decimals),
    minted: formatDecimal(token.minted, token.decimals),
    selfMint: token.selfMint,
    holders: [...token.balances.values()].filter((held) => held.available + held.transferable > 0n).length,
  };
}
