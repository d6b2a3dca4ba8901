import { useMockAgent } from '@svc/providers/testing';
import { decodeFunctionData, encodeFunctionResult, type Hex, multicall3Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { evmBalanceReader } from './balances.js';
import lifiOneEth from './fixtures/lifi-quote-4663-1eth-usdg.json' with { type: 'json' };
import lifiTenUsd from './fixtures/lifi-quote-4663-10usd-eth-usdg.json' with { type: 'json' };
import { swapQuote } from './swap/swap-tools.js';
import { LIVE_KNOWN_TOKENS, liveEvmNetworks } from '@svc/providers';

const RPC = 'https://altchain-rpc.example';
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const USDG = '0x5fc5360D0400a0Fd4f2af552ADD042D716F1d168';
const WETH = '0x0Bd7D308f8E1639FAb988df18A8011f41EAcAD73';
const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';
const PRICE_TAKER = '0x0000000000000000000000000000000000000001';
const JSON_HEADERS = { 'content-type': 'application/json' };
const word = (value: bigint): Hex => `0x${value.toString(16).padStart(64, '0')}`;

interface RpcRequest {
  id: number;
  method: string;
  params: [{ to: string; data: Hex }, string];
}

describe('altchain (4663, Robinhood Chain) in live mode', () => {
  const mockAgent = useMockAgent({ assertAllUsed: false });

  it('lists USDG and the bridged majors from RPC_URL_ALTCHAIN in one Multicall3 eth_call, discovering no other token', async () => {
    const methods: string[] = [];
    const targets: string[] = [];
    mockAgent()
      .get(RPC)
      .intercept({ method: 'POST', path: '/' })
      .reply((options) => {
        const request = JSON.parse(String(options.body)) as RpcRequest;
        methods.push(request.method);
        const answer = (result: unknown) => ({
          statusCode: 200,
          data: { jsonrpc: '2.0', id: request.id, result },
          responseOptions: { headers: JSON_HEADERS },
        });
        // Token discovery (Transfer logs over recent blocks) finds no other token here.
        if (request.method === 'eth_blockNumber') return answer('0x3e8');
        if (request.method === 'eth_getLogs') return answer([]);
        const { to, data } = request.params[0];
        expect(to.toLowerCase()).toBe(MULTICALL3);
        const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data });
        expect(functionName).toBe('aggregate3');
        const calls = (args as unknown as [readonly { target: string; callData: Hex }[]])[0];
        const returns = calls.map(({ target, callData }) => {
          expect(callData.slice(-40).toLowerCase()).toBe(OWNER.slice(2).toLowerCase());
          targets.push(target.toLowerCase());
          // Multicall3's getEthBalance(address) (selector 0x4d2301cc): 0.5 ETH
          if (target.toLowerCase() === MULTICALL3)
            return { success: callData.startsWith('0x4d2301cc'), returnData: word(5n * 10n ** 17n) };
          // balanceOf(address): 25.5 USDG, 0.1 WETH, no LINK
          expect(callData.slice(0, 10)).toBe('0x70a08231');
          const held = { [USDG.toLowerCase()]: 25_500_000n, [WETH.toLowerCase()]: 10n ** 17n }[target.toLowerCase()];
          return { success: true, returnData: word(held ?? 0n) };
        });
        return answer(encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: returns }));
      })
      .persist();
    const context = { evmNetworks: liveEvmNetworks({ RPC_URL_ALTCHAIN: RPC }) } as unknown as HandlerContext;
    const balances = await evmBalanceReader(4663)(context, OWNER.toLowerCase());
    expect(balances).toEqual({
      network: 'eip155:4663',
      address: OWNER,
      assets: [
        { symbol: 'ETH', address: null, decimals: 18, balance: '0.5', humanReadableBalance: '0.5' },
        { symbol: 'USDG', address: USDG, decimals: 6, balance: '25.5', humanReadableBalance: '25.5' },
        { symbol: 'WETH', address: WETH, decimals: 18, balance: '0.1', humanReadableBalance: '0.1' },
      ],
    });
    // The known tokens and the native coin in one call (discovery reads logs only).
    expect(methods.filter((method) => method === 'eth_call')).toEqual(['eth_call']);
    expect(targets.sort()).toEqual(
      [MULTICALL3, ...LIVE_KNOWN_TOKENS[4663]!.map((t) => t.address.toLowerCase())].sort(),
    );
  });

  it('altchainSwapQuote sells "$10" of ETH into USDG: the budget priced by LI.FI quoting 1 ETH into USDG', async () => {
    const quotes: string[] = [];
    const lifi = mockAgent().get('https://li.quest');
    const quoteOf = (fromAmount: string, fixture: object, times: number) =>
      lifi
        .intercept({
          method: 'GET',
          path: '/v1/quote',
          query: {
            fromChain: '4663',
            toChain: '4663',
            fromToken: '0x0000000000000000000000000000000000000000',
            toToken: USDG,
            fromAmount,
            fromAddress: PRICE_TAKER,
            slippage: '0.01',
          },
        })
        .reply(() => {
          quotes.push(fromAmount);
          return { statusCode: 200, data: fixture, responseOptions: { headers: JSON_HEADERS } };
        })
        .times(times);
    // The ETH price is read for the budget, then again for the handoff's spendTokenPriceUsd.
    quoteOf('1000000000000000000', lifiOneEth, 2);
    // $10 / 2993.333333 USD per ETH, rounded down to wei.
    quoteOf('3340757238679371', lifiTenUsd, 1);
    const context = {
      evmNetworks: liveEvmNetworks({ RPC_URL_ALTCHAIN: RPC }),
    } as unknown as HandlerContext;
    const quote = await swapQuote(4663)({ buyTokenAddress: USDG, sellAmount: '$10' }, context);
    expect(quote).toMatchObject({
      chainId: 4663,
      sellToken: { address: '0xEeeeeEeeeEeEeeEeEeEeeEEEeeeeEeeeeeeeEEeE', symbol: 'ETH', decimals: 18 },
      buyToken: { address: USDG, symbol: 'USDG', decimals: 6 },
      sellAmount: '0.003340757238679371',
      buyAmount: '9.97',
      minBuyAmount: '9.8703',
      source: 'lifi:sushiswap',
      conditionalOrderHandoff: { spendTokenPriceUsd: 2993.333333, receiveTokenPriceUsd: 1 },
    });
    expect(quotes.sort()).toEqual(['1000000000000000000', '1000000000000000000', '3340757238679371']);
  });
});
