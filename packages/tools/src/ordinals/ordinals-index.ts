import { isBitcoinMainnetAddress } from '@svc/chains';
import { invalidField, ServiceError } from '@svc/contracts';
import type { OrdiscanClient } from '@svc/providers';
import type { HandlerContext } from '../handler.js';
import type { BitcoinIndex, SatRange } from '../ports/bitcoin-index.js';

/** Ordiscan's page size for address lists and activity, which these tools keep so paging works alike in both modes. */
export const PAGE_SIZE = 20;

/**
 * Ordiscan, when these tools answer from it: in live mode (its getter throws 503 `not_configured` naming
 * ORDISCAN_API_KEY when unset), or in sandbox mode with ORDISCAN_API_KEY in PROVIDERS_LIVE. Undefined: the sandbox
 * ordinals index answers. Ordiscan's bodies are these tools' answers, so a handler returns them as they come.
 */
export const ordiscanOf = (context: HandlerContext): OrdiscanClient | undefined => context.providers.ordiscan;

/**
 * The sandbox ordinals index, for a sandbox-mode call Ordiscan does not answer; a service built without one answers
 * 501 (not charged: these tools settle after success).
 */
export function ordinalsIndexOf(context: HandlerContext, tool: string): BitcoinIndex {
  if (context.bitcoinIndex) return context.bitcoinIndex;
  throw noSandboxIndex(tool, 'ordinals');
}

/** The 501 of a Bitcoin research tool whose sandbox index (`kind`: ordinals, stamps) this service was built without. */
export const noSandboxIndex = (tool: string, kind: string) =>
  new ServiceError('not_implemented', `${tool} has no sandbox ${kind} index in this service. Nothing was charged.`, {
    extra: { tool },
  });

/** A mainnet address with a valid checksum, or a 400 naming `field` (the catalog's pattern checks the form only). */
export function mainnetAddress(address: string, field = 'bitcoinAddress'): string {
  if (!isBitcoinMainnetAddress(address))
    throw invalidField(field, 'format', `${address} is not a Bitcoin mainnet address with a valid checksum`);
  return address;
}

/** Items `page` (1-indexed) of a list already in the answer's order. */
export const pageOf = <T>(items: readonly T[], page = 1): T[] => items.slice((page - 1) * PAGE_SIZE, page * PAGE_SIZE);

/** A block time (Unix seconds) as Ordiscan writes it: ISO 8601. */
export const isoTime = (seconds: number) => new Date(seconds * 1000).toISOString();

/** Sat ranges as Ordiscan writes them: [start, end) pairs of numbers. */
export const rangesJson = (ranges: readonly SatRange[]) => ranges.map(([start, end]) => [Number(start), Number(end)]);

/** A rune name as looked up: spacers stripped, upper case (the catalog's RUNE_NAME note). */
export const runeKey = (name: string) => name.replace(/[•.]/g, '').toUpperCase();

export const notFound = (what: string) => new ServiceError('not_found', `${what} is not on the sandbox Bitcoin chain.`);
