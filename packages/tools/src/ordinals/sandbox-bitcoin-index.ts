import { recordRead } from '@svc/providers';
import type { SandboxBitcoin } from '@svc/sandbox';
import type { BitcoinIndex } from '../ports/bitcoin-index.js';

/** What answers built from the sandbox ordinals index name as their source. */
const SOURCE = 'Sandbox Bitcoin ordinals index';

/** The ordinals index of the sandbox Bitcoin ledger; each read follows the ledger to its tip first. */
export function sandboxBitcoinIndex(bitcoin: SandboxBitcoin): BitcoinIndex {
  const index = bitcoin.ordinals;
  const read = <T>(value: () => T): Promise<T> => {
    recordRead(SOURCE);
    return Promise.resolve(value());
  };
  return {
    output: (txid, vout) => read(() => index.output(txid, vout)),
    outputsOf: (address) => read(() => index.outputsOf(address)),
    rareSats: (ranges) => read(() => index.rareSats(ranges)),
    inscription: (id) => read(() => index.inscription(id)),
    // The ledger's facade serves ord's /content route (started on first use).
    contentUrl: async (id) => `${await bitcoin.esploraUrl()}/ord/content/${id}`,
    inscriptions: () => read(() => index.inscriptions()),
    inscriptionActivityOf: (address) => read(() => index.inscriptionActivityOf(address)),
    runes: () => read(() => index.runes()),
    runeActivityOf: (address) => read(() => index.runeActivityOf(address)),
    runeName: (name) => read(() => index.runeName(name)),
    alkanes: () => read(() => index.alkanes()),
    alkaneOutputsOf: (address) => read(() => index.alkaneOutputsOf(address)),
    inscriptionSales: () => read(() => index.inscriptionSales()),
    runeSales: () => read(() => index.runeSales()),
    asks: () => read(() => bitcoin.asks()),
    collections: () => read(() => index.collections()),
    inscriptionTraits: (id) => read(() => index.traits(id)),
    brc20Tokens: () => read(() => index.brc20Tokens()),
    brc20ActivityOf: (address) => read(() => index.brc20ActivityOf(address)),
    brc20Action: (id) => read(() => index.brc20ActionOf(id)),
  };
}
