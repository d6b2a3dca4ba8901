import { notConfigured } from '@svc/contracts';
import {
  BITCOIN_ESPLORA_SETTING,
  BITCOIN_ESPLORA_WHAT,
  BITCOIN_ORD_SETTING,
  BITCOIN_ORD_WHAT,
  COUNTERPARTY_API_SETTING,
  COUNTERPARTY_WHAT,
  type CounterpartyClient,
  type EsploraClient,
  type OrdClient,
} from '@svc/providers';
import type { HandlerContext } from '../handler.js';

/** The Esplora client of this deployment's Bitcoin chain; 503 naming BITCOIN_ESPLORA_URL when none is configured. */
export async function esploraOf(context: HandlerContext): Promise<EsploraClient> {
  if (!context.bitcoin) throw notConfigured(BITCOIN_ESPLORA_SETTING, BITCOIN_ESPLORA_WHAT);
  return context.bitcoin.esplora();
}

/** The ord client of this deployment's Bitcoin chain; 503 naming BITCOIN_ORD_URL when none is configured. */
export async function ordOf(context: HandlerContext): Promise<OrdClient> {
  if (!context.bitcoin) throw notConfigured(BITCOIN_ORD_SETTING, BITCOIN_ORD_WHAT);
  return context.bitcoin.ord();
}

/** The Counterparty client of this deployment; 503 naming COUNTERPARTY_API_URL when none is configured. */
export async function counterpartyOf(context: HandlerContext): Promise<CounterpartyClient> {
  if (!context.bitcoin) throw notConfigured(COUNTERPARTY_API_SETTING, COUNTERPARTY_WHAT);
  return context.bitcoin.counterparty();
}
