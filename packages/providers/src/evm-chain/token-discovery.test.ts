import { getAddress } from 'viem';
import { describe, expect, it } from 'vitest';
import {
  RECORDED_ALCHEMY_TOKEN_BALANCES,
  RECORDED_ETH_TRANSFER_LOGS,
  replayJsonRpc,
  useMockAgent,
} from '../testing.js';
import { liveEvmNetworks } from './live-evm-networks.js';
import { isAlchemyUrl } from './token-discovery.js';

const OWNER = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const PEPE = '0x6982508145454Ce325dDbE47a25d4ec3d2311933';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const UNLISTED = getAddress('0x5fb3d1a2e4c3b6f7a8d9e0f1a2b3c4d5e6f7a8b9');

describe('live EVM token discovery against recorded JSON-RPC traffic', () => {
  const mockAgent = useMockAgent();

  it('without a token API: incoming ERC-20 Transfer logs over the last 100k blocks, newest first, halving a refused range', async () => {
    const rpc = 'https://eth.rpc.example/';
    const replay = replayJsonRpc(mockAgent(), rpc, RECORDED_ETH_TRANSFER_LOGS);
    const network = await liveEvmNetworks({ RPC_URL_ETHEREUM: rpc }).network(1);

    const candidates = await network.discoverTokens(OWNER);

    // PEPE once (two transfers), the known USDC kept (the balance reader drops known ones), the ERC-721 skipped
    expect(candidates).toEqual([PEPE, USDC, UNLISTED]);
    expect(replay.unused).toEqual([]);
    expect(replay.received.map(({ method, params }) => ({ method, params }))).toEqual(
      RECORDED_ETH_TRANSFER_LOGS.map(({ request }) => request).map(({ method, params }) => ({ method, params })),
    );
    const ranges = replay.received.slice(1).map(({ params }) => {
      const [filter] = params as [{ fromBlock: string; toBlock: string; topics: unknown[] }];
      expect(filter.topics).toEqual([
        '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef',
        null,
        `0x000000000000000000000000${OWNER.slice(2).toLowerCase()}`,
      ]);
      return [Number(filter.fromBlock), Number(filter.toBlock)];
    });
    expect(ranges[0]).toEqual([20_990_001, 21_000_000]);
    expect(ranges[1]).toEqual([20_980_001, 20_990_000]);
    expect(ranges[2]).toEqual([20_985_001, 20_990_000]);
    expect(ranges.at(-1)).toEqual([20_900_001, 20_905_000]);
    // contiguous once the refused range is dropped: every block of the window read exactly once
    const answered = ranges.filter((_, index) => index !== 1);
    answered.slice(1).forEach(([, to], index) => expect(to).toBe(answered[index]![0]! - 1));
  });

  it('a provider that refuses every range down to the smallest chunk fails the discovery (the reader reports it)', async () => {
    const rpc = 'https://eth.rpc.example/';
    const [blockNumber, , refused] = RECORDED_ETH_TRANSFER_LOGS;
    const replay = replayJsonRpc(mockAgent(), rpc, [blockNumber!], () => refused!.response);
    const network = await liveEvmNetworks({ RPC_URL_ETHEREUM: rpc }).network(1);
    await expect(network.discoverTokens(OWNER)).rejects.toThrow(/more than 10000 results/);
    // 10,000 blocks, then 5,000, 2,500, 1,250 and 625 (the next halving would go under the 500-block floor)
    const spans = replay.received.slice(1).map(({ params }) => {
      const [filter] = params as [{ fromBlock: string; toBlock: string }];
      return Number(filter.toBlock) - Number(filter.fromBlock) + 1;
    });
    expect(spans).toEqual([10_000, 5_000, 2_500, 1_250, 625]);
  });

  it('an Alchemy RPC URL: alchemy_getTokenBalances(owner, "erc20") paged by pageKey, non-zero balances only', async () => {
    const rpc = 'https://eth-mainnet.g.alchemy.com/v2/test-key';
    expect(isAlchemyUrl(rpc)).toBe(true);
    expect(isAlchemyUrl('https://eth.llamarpc.com')).toBe(false);
    const replay = replayJsonRpc(mockAgent(), rpc, RECORDED_ALCHEMY_TOKEN_BALANCES);
    const network = await liveEvmNetworks({ RPC_URL_ETHEREUM: rpc }).network(1);

    expect(await network.discoverTokens(OWNER)).toEqual([USDC, PEPE, UNLISTED]);
    expect(replay.unused).toEqual([]);
    expect(replay.received.map(({ method, params }) => ({ method, params }))).toEqual([
      { method: 'alchemy_getTokenBalances', params: [OWNER, 'erc20', { maxCount: 100 }] },
      {
        method: 'alchemy_getTokenBalances',
        params: [OWNER, 'erc20', { pageKey: '0x7d1afa7b718fb893db30a3abc0cfc608aacfebb0', maxCount: 100 }],
      },
    ]);
  });
});
