import { CounterpartySandboxLedger } from './counterparty-ledger.js';
import { BitcoinSandboxLedger, type LedgerFile } from './ledger.js';
import { type EsploraFacade, startEsploraFacade } from './esplora-facade.js';
import { OrdIndex } from './ord-index/ord-index.js';
import { seedOrdinals } from './seeds/ordinals.js';

/**
 * The sandbox Bitcoin chain: the ledger (in process, ready at once) and its Esplora facade, which listens only from
 * the first `esploraUrl()` call (Counterparty API under /counterparty), so a gateway whose callers never touch Bitcoin opens no port for it.
 */
export class SandboxBitcoin {
  readonly ledger: BitcoinSandboxLedger;
  /** Counterparty balances and sends, read from the ledger's transactions. */
  readonly counterparty: CounterpartySandboxLedger;
  #facade: Promise<EsploraFacade> | undefined;
  #ordinals: OrdIndex | undefined;

  constructor(options: { readonly file?: string | undefined } = {}) {
    this.ledger = new BitcoinSandboxLedger(options);
    // Collections and BRC-20 tokens a new chain starts with (skipped when the ledger's file holds them already).
    seedOrdinals(this.ledger);
    this.counterparty = new CounterpartySandboxLedger(this.ledger);
  }

  /** The ordinals index of the ledger (for the faucet's BRC-20 checks), created on first use; it follows resets. */
  get ordinals(): OrdIndex {
    return (this.#ordinals ??= new OrdIndex(this.ledger));
  }

  /** Base URL of the Esplora facade (starts it on first call). */
  async esploraUrl(): Promise<string> {
    this.#facade ??= startEsploraFacade(this.ledger, { counterparty: this.counterparty });
    return (await this.#facade).url;
  }

  /** The ledger's whole state now, for {@link restore}. */
  snapshot(): LedgerFile {
    return this.ledger.snapshot();
  }

  /** Puts the chain back as it was at `state` (sandbox reset); Counterparty balances are read from it again. */
  restore(state: LedgerFile): void {
    this.ledger.restore(state);
    this.counterparty.reparse();
  }

  async stop(): Promise<void> {
    const facade = this.#facade;
    this.#facade = undefined;
    if (facade) await (await facade).close();
  }
}
