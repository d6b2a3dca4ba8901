// Display tools: an agent hands the user a list of tokens to consider; the latest list per chain family is kept.
import { evmChainById } from '@svc/chains';
import { defineFamily } from '../family.js';
import { type Handler, withCommitPoint } from '../handler.js';
import { displayRecommendedTokens } from './display-payload.js';

const displayRecommendedSolanaTokensToBuy: Handler<'displayRecommendedSolanaTokensToBuy'> = withCommitPoint(
  ({ tokens }, context) => displayRecommendedTokens(context, { chainFamily: 'solana', chain: 'solana', tokens }),
);

const displayRecommendedEVMTokensToBuy: Handler<'displayRecommendedEVMTokensToBuy'> = withCommitPoint(
  ({ chainId, tokens }, context) =>
    displayRecommendedTokens(context, { chainFamily: 'evm', chain: evmChainById(chainId)!.key, chainId, tokens }),
);

const displayRecommendedHederaTokensToBuy: Handler<'displayRecommendedHederaTokensToBuy'> = withCommitPoint(
  ({ tokens }, context) => displayRecommendedTokens(context, { chainFamily: 'hedera', chain: 'hedera', tokens }),
);

export const recommendedTokensFamily = defineFamily({
  handlers: {
    displayRecommendedSolanaTokensToBuy,
    displayRecommendedEVMTokensToBuy,
    displayRecommendedHederaTokensToBuy,
  },
});
