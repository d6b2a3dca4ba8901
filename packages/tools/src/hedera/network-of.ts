import { type HederaNetwork } from '@svc/chains';
import { notConfigured } from '@svc/contracts';
import { HEDERA_NETWORK_SETTING } from '@svc/providers';
import type { HandlerContext } from '../handler.js';

/** The Hedera network this deployment reaches: the sandbox ledger, or live; 503 naming the setting when neither. */
export async function hederaOf(context: HandlerContext): Promise<HederaNetwork> {
  if (!context.hedera) throw notConfigured(HEDERA_NETWORK_SETTING, 'The Hedera network');
  return context.hedera();
}
