/**
 * What the Bitcoin traders can tell about inscriptions from the ledger alone (the simulator does not read the ordinals
 * index): a faucet reveal carries its envelope in input 0's witness, so its parent and body are read from there. From
 * that, the seeded collections' parents (parent inscriptions naming a collection in their metadata) and the BRC-20
 * tickers deployed, which the traders make new lots of.
 */
import { Transaction } from 'bitcoinjs-lib';
import { type InscriptionContent, revealedInscription } from '../bitcoin/inscription-envelope.js';
import type { BitcoinSandboxLedger } from '../bitcoin/ledger.js';
import { metadataRecord } from '../bitcoin/ord-index/collections.js';

/** How the traders sell an inscription: a collection item (by its parent), a BRC-20 operation, or a plain one. */
export type InscriptionKind =
  { readonly kind: 'item'; readonly parent: string } | { readonly kind: 'brc20' } | { readonly kind: 'plain' };

/** The envelope of a faucet reveal `<txid>i0`; undefined for any other inscription. */
function revealOf(ledger: BitcoinSandboxLedger, inscriptionId: string): InscriptionContent | undefined {
  if (!inscriptionId.endsWith('i0')) return undefined;
  const tx = ledger.transaction(inscriptionId.slice(0, -2));
  if (!tx || tx.prevouts.length > 0) return undefined;
  return revealedInscription(Transaction.fromHex(tx.hex).ins[0]?.witness ?? []);
}

/** A BRC-20 operation's JSON, if the body is one (the traders only need to tell it apart). */
function brc20Operation(content: InscriptionContent): Record<string, unknown> | undefined {
  try {
    const json: unknown = JSON.parse(Buffer.from(content.body).toString('utf8'));
    return typeof json === 'object' && json !== null && (json as Record<string, unknown>).p === 'brc-20'
      ? (json as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}

export function inscriptionKind(ledger: BitcoinSandboxLedger, inscriptionId: string): InscriptionKind {
  const content = revealOf(ledger, inscriptionId);
  if (content?.parent) return { kind: 'item', parent: content.parent };
  if (content && brc20Operation(content)) return { kind: 'brc20' };
  return { kind: 'plain' };
}

/** What the chain offers the traders to make new lots of. */
export interface ChainMarkets {
  /** Collection name (the parent's metadata `name`) → the parent inscription's id; the first parent of a name. */
  readonly parents: ReadonlyMap<string, string>;
  /** BRC-20 tickers deployed (lower case). */
  readonly brc20Ticks: ReadonlySet<string>;
}

/** The collection parents and BRC-20 deploys among the faucet's reveals (the ordinals seed makes both). */
export function chainMarkets(ledger: BitcoinSandboxLedger): ChainMarkets {
  const parents = new Map<string, string>();
  const brc20Ticks = new Set<string>();
  for (const tx of ledger.transactionsAfter(0)) {
    if (tx.prevouts.length > 0 || ledger.grantOf(tx.txid) !== 'inscription') continue;
    const content = revealOf(ledger, `${tx.txid}i0`);
    if (!content) continue;
    const name = metadataRecord(content.metadata ?? null)?.name;
    if (!content.parent && typeof name === 'string' && !parents.has(name)) parents.set(name, `${tx.txid}i0`);
    const operation = brc20Operation(content);
    if (operation?.op === 'deploy' && typeof operation.tick === 'string') brc20Ticks.add(operation.tick.toLowerCase());
  }
  return { parents, brc20Ticks };
}
