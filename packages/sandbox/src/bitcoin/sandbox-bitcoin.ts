import { CounterpartySandboxLedger } from './counterparty-ledger.js';
import { BitcoinSandboxLedger, type LedgerFile } from './ledger.js';
import { type EsploraFacade, startEsploraFacade } from './esplora-facade.js';
import { OrderBook } from './marketplace/order-book.js';
import { OrdIndex } from './ord-index/ord-index.js';
import { seedAlkanes } from './seeds/alkanes.js';
import { seedOrdinals } from './seeds/ordinals.js';
import { seedStamps } from './seeds/stamps.js';
import { StampsIndex } from './stamps/stamps-index.js';

/**
 * The sandbox Bitcoin chain: the ledger (in process, ready at once) and its Esplora facade, which listens only from
 * the first `esploraUrl()` call (Counterparty API under /counterparty), so a gateway whose callers never touch Bitcoin opens no port for it.
 */
export class SandboxBitcoin {
  readonly ledger: BitcoinSandboxLedger;
  /** Counterparty balances and sends, read from the ledger's transactions. */
  readonly counterparty: CounterpartySandboxLedger;
  /** Bitcoin Stamps and SRC-20 tokens, read from the Counterparty issuances. */
  readonly stamps: StampsIndex;
  /** The marketplace's resting asks (signed listing PSBTs), kept in `<file>` with `-asks` before `.json` when filed. */
  readonly marketplace: OrderBook;
  #facade: Promise<EsploraFacade> | undefined;
  #ordinals: OrdIndex | undefined;

  constructor(options: { readonly file?: string | undefined } = {}) {
    this.ledger = new BitcoinSandboxLedger(options);
    // What a new chain starts with (each seed is skipped when the ledger's file holds it already): collections and
    // BRC-20 tokens first, at their fixed 2023 block times, then the alkanes and the stamps, mined now.
    seedOrdinals(this.ledger);
    seedAlkanes(this.ledger);
    this.counterparty = new CounterpartySandboxLedger(this.ledger);
    this.stamps = new StampsIndex(this.ledger, this.counterparty);
    seedStamps(this.ledger);
    this.marketplace = new OrderBook(this.ledger, options.file?.replace(/(\.json)?$/, '-asks.json'));
  }

  /** The valid resting asks, oldest first, with the inscriptions each listed output carries. */
  asks(): { outpoint: string; seller: string; priceSats: bigint; inscriptions: string[] }[] {
    return this.marketplace.asks().map(({ outpoint, seller, priceSats }) => {
      const [txid, vout] = outpoint.split(':') as [string, string];
      return { outpoint, seller, priceSats, inscriptions: this.ledger.inscriptionsAt(txid, Number(vout)) };
    });
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
