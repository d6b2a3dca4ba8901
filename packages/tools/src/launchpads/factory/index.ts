// The Base token factory (Clanker): discovery of the tokens it deployed; they trade with baseSwap.
import { defineFamily } from '../../family.js';
import { baseFindFactoryTokens } from './find-factory-tokens.js';

export const factoryFamily = defineFamily({ handlers: { baseFindFactoryTokens } });
