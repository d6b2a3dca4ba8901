import type { ToolByName, ToolInput } from '@svc/contracts';
import { type MovedValue, unpriced } from '../valuation.js';

/**
 * The Bitcoin tools quote no USD price (no venue or price provider is wired for BTC, runes, Counterparty assets or
 * inscriptions), so what they move is unpriced: a capped account sends them only with allowUnpricedMoves.
 */
const NO_BITCOIN_PRICES = 'the service has no USD price source for Bitcoin assets';

export const transferBtcValue = async (input: ToolInput<ToolByName<'transferBTC'>>): Promise<MovedValue> =>
  unpriced(`no USD price for ${input.amount} BTC: ${NO_BITCOIN_PRICES}`);

export const sendRunesValue = async (input: ToolInput<ToolByName<'sendRunes'>>): Promise<MovedValue> =>
  unpriced(`no USD price for the rune ${input.runeName}: ${NO_BITCOIN_PRICES}`);

export const sendXcpValue = async (input: ToolInput<ToolByName<'sendXCP'>>): Promise<MovedValue> =>
  unpriced(`no USD price for the Counterparty asset ${input.asset}: ${NO_BITCOIN_PRICES}`);

export const sendInscriptionValue = async (input: ToolInput<ToolByName<'sendInscription'>>): Promise<MovedValue> =>
  unpriced(`no USD price for the inscription ${input.inscriptionId}: ${NO_BITCOIN_PRICES}`);
