// Display tools: an agent hands the user a list of tokens to consider; the latest list per chain family is kept.
import { evmChainById } from '@svc/chains';
import { type Handler, withCommitPoint } from '../handler.js';
import { displayRecommendedTokens } from './display-payload.js';

export const displayRecommendedSolanaTokensToBuy: Handler<'displayRecommendedSolanaTokensToBuy'> = withCommitPoint(({ tokens }, context) =>
  displayRecommendedTokens(context, { chainFamily: 'solana', chain: 'solana', tokens }),
);

export const displayRecommendedEVMTokensToBuy: Handler<'displayRecommendedEVMTokensToBuy'> = withCommitPoint(({ chainId, tokens }, context) =>
  displayRecommendedTokens(context, { chainFamily: 'evm', chain: evmChainById(chainId)!.key, chainId, tokens }),
);

export const displayRecommendedHederaTokensToBuy: Handler<'displayRecommendedHederaTokensToBuy'> = withCommitPoint(({ tokens }, context) =>
  displayRecommendedTokens(context, { chainFamily: 'hedera', chain: 'hedera', tokens }),
);
