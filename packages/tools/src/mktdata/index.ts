// Market data (Birdeye) tools: live only until the sandbox market exists (see live-only.ts).
import { invalidField } from '@svc/contracts';
import { BIRDEYE_CHAINS, type BirdeyeChain, type BirdeyeClient, isBirdeyeChain } from '@svc/providers';
import { defineFamily } from '../family.js';
import { type Handler, type HandlerContext, withCommitPoint } from '../handler.js';
import { liveClient, SANDBOX_MARKET } from '../live-only.js';

/** The catalog's EVM chain ids as Birdeye names their chains; 4663 (altchain) is not a Birdeye chain. */
const CHAIN_OF_ID: Readonly<Record<number, BirdeyeChain>> = { 1: 'ethereum', 56: 'bsc', 137: 'polygon', 8453: 'base' };

/** A chain Birdeye serves, or a 400 naming the field before anything is paid. */
function birdeyeChain(field: string, chain: string): BirdeyeChain {
  if (isBirdeyeChain(chain)) return chain;
  throw invalidField(
    field,
    'supported_chain',
    `${chain} is not covered by the market-data provider (${BIRDEYE_CHAINS.join(', ')})`,
  );
}

/** The client, then the payment: checks and the 503/501 come first, so a refused call is never charged. */
async function paidBirdeye(tool: string, context: HandlerContext): Promise<BirdeyeClient> {
  const client = liveClient(context.providers.birdeye, tool, SANDBOX_MARKET);
  await context.commit?.();
  return client;
}

/** Output: `{ chain, address, priceUsd, priceChange24hPercent, volume24hUsd, …, holders, lastTradeAt }`. */
const mktdataTradeData: Handler<'mktdataTradeData'> = withCommitPoint(async ({ chain, address }, context) => {
  const birdeye = birdeyeChain('chain', chain);
  const client = await paidBirdeye('mktdataTradeData', context);
  return { chain: birdeye, ...(await client.tradeData(birdeye, address)) };
});

/** Output: `{ chain, tokens: [{ rank, address, symbol, name, priceUsd, liquidityUsd, volume24hUsd, … }], total, updatedAt }`. */
const mktdataTrendingTokens: Handler<'mktdataTrendingTokens'> = withCommitPoint(async (input, context) => {
  const chain = birdeyeChain('chain', input.chain ?? 'solana');
  const client = await paidBirdeye('mktdataTrendingTokens', context);
  const page = await client.trending(chain, {
    sortType: input.sortType ?? 'asc',
    offset: Math.floor(input.offset ?? 0),
    limit: Math.floor(input.limit ?? 5),
  });
  return { chain, sortBy: 'rank', ...page };
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
    const client = await paidBirdeye('searchEvmTokensMktdata', context);
    return { chainId, chain, tokens: await client.searchTokens(chain, query) };
  },
);

/** Output: `{ network, address, name, symbol, decimals, logoUri, links }`. */
const tokenMetadataInfo: Handler<'tokenMetadataInfo'> = withCommitPoint(async ({ address, network }, context) => {
  const chain = birdeyeChain('network', network);
  const client = await paidBirdeye('tokenMetadataInfo', context);
  return { network: chain, ...(await client.metadata(chain, address)) };
});

export const mktdataFamily = defineFamily({
  handlers: { mktdataTradeData, mktdataTrendingTokens, searchEvmTokensMktdata, tokenMetadataInfo },
});
