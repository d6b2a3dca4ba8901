import { z } from 'zod';
import { ATOMIC } from './fields.js';
import type { ToolOutputs } from './tool-outputs.js';

/** The broadcast transaction's id, the network and the fee rate it paid (sat/vB), shared by every send. */
const sent = { txid: z.string().regex(/^[0-9a-fA-F]{64}$/), network: z.string(), feeRate: z.number() };

/**
 * The Bitcoin family's answers besides getBTCBalances (account.ts): the vault's sends (BTC, runes, an inscription,
 * Counterparty assets) and its Counterparty balances.
 */
export const BITCOIN_OUTPUTS: ToolOutputs = {
  transferBTC: z.object({
    ...sent,
    from: z.string(),
    to: z.string(),
    amount: z.string(),
    amountSats: ATOMIC,
    fee: z.string(),
    feeSats: ATOMIC,
    // Null when the change would be dust and went to the fee.
    change: z.object({ address: z.string(), amount: z.string(), sats: ATOMIC }).nullable(),
  }),
  sendRunes: z.object({
    ...sent,
    rune: z.object({ id: z.string(), name: z.string(), symbol: z.string().nullable() }),
    amount: z.string(),
    atomic: ATOMIC,
    from: z.string(),
    to: z.string(),
    feePayer: z.string(),
    feeSats: ATOMIC,
  }),
  sendInscription: z.object({
    ...sent,
    inscriptionId: z.string(),
    from: z.string(),
    to: z.string(),
    postageSats: ATOMIC,
    feePayer: z.string(),
    feeSats: ATOMIC,
  }),
  getXCPBalances: z.object({
    network: z.string(),
    addresses: z.object({ segwit: z.string(), taproot: z.string() }),
    balances: z.array(
      z.object({
        address: z.string(),
        asset: z.string(),
        longname: z.string().nullable(),
        divisible: z.boolean(),
        decimals: z.number().int(),
        quantity: z.string(),
        atomic: ATOMIC,
        // The output the balance is attached to; null for a balance on the address itself.
        utxo: z.string().nullable(),
      }),
    ),
  }),
  sendXCP: z.object({
    ...sent,
    asset: z.string(),
    longname: z.string().nullable(),
    divisible: z.boolean(),
    quantity: z.string(),
    atomic: ATOMIC,
    source: z.string(),
    destination: z.string(),
    feeSats: ATOMIC,
    fee: z.string(),
  }),
};
