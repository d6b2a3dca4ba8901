import { BitcoinSandboxLedger } from './ledger.js';
import { type EsploraFacade, startEsploraFacade } from './esplora-facade.js';

/**
 * The sandbox Bitcoin chain: the ledger (in process, ready at once) and its Esplora facade, which listens only from
 * the first `esploraUrl()` call, so a gateway whose callers never touch Bitcoin opens no port for it.
 */
export class SandboxBitcoin {
  readonly ledger: BitcoinSandboxLedger;
  #facade: Promise<EsploraFacade> | undefined;

  constructor(options: { readonly file?: string | undefined } = {}) {
    this.ledger = new BitcoinSandboxLedger(options);
  }

  /** Base URL of the Esplora facade (starts it on first call). */
  async esploraUrl(): Promise<string> {
    this.#facade ??= startEsploraFacade(this.ledger);
    return (await this.#facade).url;
  }

  async stop(): Promise<void> {
    const facade = this.#facade;
    this.#facade = undefined;
    if (facade) await (await facade).close();
  }
}
