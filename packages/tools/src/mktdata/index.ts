// Market data (Birdeye) tools. In sandbox mode (Birdeye not live) they answer from the sandbox market index.
import { invalidField } from '@svc/contracts';
import { BIRDEYE_CHAINS, BIRDEYE_SETTING, type BirdeyeChain, isBirdeyeChain } from '@svc/providers';
import { defineFamily } from '../family.js';
import { type Handler, withCommitPoint } from '../handler.js';
import { fromSandboxMarket } from '../market-activity-of.js';
import { sandboxSearchTokens } from './sandbox-search-tokens.js';
import { sandboxTokenMetadata } from './sandbox-token-metadata.js';
import { sandboxTradeData } from './sandbox-trade-data.js';
import { sandboxTrendingTokens } from './sandbox-trending-tokens.js';

/** The catalog's EVM chain ids as Birdeye names their chains; 4663 (altchain) is not a Birdeye chain. */
const CHAIN_OF_ID: Readonly<Record<number, BirdeyeChain>> = { 1: 'ethereum', 56: 'bsc', 137: 'polygon', 8453: 'base' };

/** A chain Birdeye serves, or a 400 naming the field before anything is paid (in both modes, so they agree). */
function birdeyeChain(field: string, chain: string): BirdeyeChain {
  if (isBirdeyeChain(chain)) return chain;
  throw invalidField(
    field,
    'supported_chain',
    `${chain} is not covered by the market-data provider (${BIRDEYE_CHAINS.join(', ')})`,
  );
}

// Live, each handler settles after its checks and before the Birdeye call (the provider getter has already answered
// 503 naming BIRDEYE_API_KEY when it is unset); in sandbox, fromSandboxMarket settles once the answer is computed.

/** Output: `{ chain, address, priceUsd, priceChange24hPercent, volume24hUsd, …, holders, lastTradeAt }`. */
const mktdataTradeData: Handler<'mktdataTradeData'> = withCommitPoint(async ({ chain, address }, context) => {
  const birdeye = birdeyeChain('chain', chain);
  const client = context.providers.birdeye;
  if (!client)
    return {
      chain: birdeye,
      ...(await fromSandboxMarket(context, 'mktdataTradeData', BIRDEYE_SETTING, (market) =>
        sandboxTradeData(market, birdeye, address),
      )),
    };
  await context.commit?.();
  return { chain: birdeye, ...(await client.tradeData(birdeye, address)) };
});

/** Output: `{ chain, tokens: [{ rank, address, symbol, name, priceUsd, liquidityUsd, volume24hUsd, … }], total, updatedAt }`. */
const mktdataTrendingTokens: Handler<'mktdataTrendingTokens'> = withCommitPoint(async (input, context) => {
  const chain = birdeyeChain('chain', input.chain ?? 'solana');
  const request = {
    sortType: input.sortType ?? 'asc',
    offset: Math.floor(input.offset ?? 0),
    limit: Math.floor(input.limit ?? 5),
  } as const;
  const client = context.providers.birdeye;
  if (!client)
    return {
      chain,
      sortBy: 'rank',
      ...(await fromSandboxMarket(context, 'mktdataTrendingTokens', BIRDEYE_SETTING, (market) =>
        sandboxTrendingTokens(market, chain, request),
      )),
    };
  await context.commit?.();
  return { chain, sortBy: 'rank', ...(await client.trending(chain, request)) };
});

/** Output: `{ chainId, chain, tokens: [{ address, name, symbol, decimals, priceUsd, liquidityUsd, … }] }`. */
const searchEvmTokensMktdata: Handler<'searchEvmTokensMktdata'> = withCommitPoint(
  async ({ chainId, query }, context) => {
    const chain = CHAIN_OF_ID[chainId];
    if (!chain)
      throw invalidField(
        'chainId',
        'supported_chain',
        `${chainId} (altchain) is not covered by the market-data provider`,
      );
    const client = context.providers.birdeye;
    if (!client)
      return {
        chainId,
        chain,
        ...(await fromSandboxMarket(context, 'searchEvmTokensMktdata', BIRDEYE_SETTING, (market) =>
          sandboxSearchTokens(market, chain, query),
        )),
      };
    await context.commit?.();
    return { chainId, chain, tokens: await client.searchTokens(chain, query) };
  },
);

/** Output: `{ network, address, name, symbol, decimals, logoUri, links }`. */
const tokenMetadataInfo: Handler<'tokenMetadataInfo'> = withCommitPoint(async ({ address, network }, context) => {
  const chain = birdeyeChain('network', network);
  const client = context.providers.birdeye;
  if (!client)
    return {
      network: chain,
      ...(await fromSandboxMarket(context, 'tokenMetadataInfo', BIRDEYE_SETTING, (market) =>
        sandboxTokenMetadata(market, context.localWeb, chain, address),
      )),
    };
  await context.commit?.();
  return { network: chain, ...(await client.metadata(chain, address)) };
});

export const mktdataFamily = defineFamily({
  handlers: { mktdataTradeData, mktdataTrendingTokens, searchEvmTokensMktdata, tokenMetadataInfo },
});
