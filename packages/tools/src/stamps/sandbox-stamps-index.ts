import { recordRead } from '@svc/providers';
import type { SandboxBitcoin } from '@svc/sandbox';
import type { StampsIndex } from '../ports/stamps-index.js';

/** What answers built from the sandbox stamps index name as their source. */
const SOURCE = 'Sandbox Bitcoin stamps index';

/** The stamps index of the sandbox Bitcoin ledger's Counterparty layer; each read follows the ledger to its tip. */
export function sandboxStampsIndex(bitcoin: SandboxBitcoin): StampsIndex {
  const read = <T>(value: () => T): Promise<T> => {
    recordRead(SOURCE);
    return Promise.resolve(value());
  };
  return {
    lastBlock: () => read(() => bitcoin.stamps.lastBlock()),
    stamps: () => read(() => bitcoin.stamps.stamps()),
    stampBalancesOf: (address) => read(() => bitcoin.stamps.stampBalancesOf(address)),
    src20Tokens: () => read(() => bitcoin.stamps.src20Tokens()),
  };
}
