// Trading settings an account keeps for its agents (identity-gated; stored in @svc/store).
import { defineFamily } from '../family.js';
import { setSlippageSettings } from './set-slippage-settings.js';

export const settingsFamily = defineFamily({ handlers: { setSlippageSettings } });
