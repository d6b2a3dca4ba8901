import { RECORDED_ETH_TRANSFER_LOGS, replayJsonRpc, useMockAgent } from '@svc/providers/testing';
import {
  decodeFunctionData,
  encodeFunctionResult,
  erc20Abi,
  getAddress,
  type Hex,
  multicall3Abi,
  parseAbi,
  zeroAddress,
} from 'viem';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { evmBalanceReader } from './balances.js';
import { LIVE_KNOWN_TOKENS, liveEvmNetworks } from '@svc/providers';

const RPC = 'https://eth-rpc.example/';
// The owner of the recorded Transfer logs (fixtures in packages/providers/src/evm-chain/fixtures)
const OWNER = '0xd8dA6BF26964aF9D7eEd9e03E53415D37aA96045';
const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';
const PEPE = '0x6982508145454Ce325dDbE47a25d4ec3d2311933';
const UNLISTED = getAddress('0x5fb3d1a2e4c3b6f7a8d9e0f1a2b3c4d5e6f7a8b9');
const USDC = LIVE_KNOWN_TOKENS[1]![0]!;
const READ_ABI = parseAbi(['function getEthBalance(address addr) view returns (uint256)']);

/** What the chain answers, per token: balance of OWNER, symbol, decimals. */
const CHAIN: Record<string, { balance: bigint; symbol: string; decimals: number }> = {
  [USDC.address.toLowerCase()]: { balance: 1_234_567n, symbol: 'USDC', decimals: 6 },
  [PEPE.toLowerCase()]: { balance: 4_201_000n * 10n ** 18n, symbol: 'PEPE', decimals: 18 },
  [UNLISTED.toLowerCase()]: { balance: 10n ** 24n, symbol: 'FREE', decimals: 18 },
};

/** An ERC-20 read (or Multicall3's getEthBalance) answered from CHAIN; any other token holds nothing. */
function answerRead(target: string, callData: Hex): Hex {
  if (target.toLowerCase() === MULTICALL3) {
    const { args } = decodeFunctionData({ abi: READ_ABI, data: callData });
    expect(args[0]).toBe(OWNER);
    return encodeFunctionResult({ abi: READ_ABI, functionName: 'getEthBalance', result: 2n * 10n ** 18n });
  }
  const token = CHAIN[target.toLowerCase()] ?? { balance: 0n, symbol: '?', decimals: 18 };
  const { functionName, args } = decodeFunctionData({ abi: erc20Abi, data: callData });
  if (functionName === 'balanceOf') {
    expect(args[0]).toBe(OWNER);
    return encodeFunctionResult({ abi: erc20Abi, functionName, result: token.balance });
  }
  if (functionName === 'symbol') return encodeFunctionResult({ abi: erc20Abi, functionName, result: token.symbol });
  if (functionName === 'decimals') return encodeFunctionResult({ abi: erc20Abi, functionName, result: token.decimals });
  throw new Error(`unexpected ${functionName}`);
}

/** The 0x v2 quote fields the venue reads (trimmed from the documented answer; see evm-swap/fixtures). */
const zeroExQuote = (buyAmount: string) => ({
  liquidityAvailable: true,
  buyAmount,
  minBuyAmount: buyAmount,
  issues: { allowance: { actual: '0', spender: '0x0000000000001fF3684f28c67538d4D072C22734' } },
  transaction: { to: '0x0000000000001fF3684f28c67538d4D072C22734', data: '0x2213bc0b', gas: '210000', value: '0' },
});

describe('live EVM balances over a viem HTTP transport (JSON-RPC replayed by MockAgent)', () => {
  const mockAgent = useMockAgent({ assertAllUsed: false });

  it('lists the known tokens read through Multicall3, then the tokens found in Transfer logs, priced or marked spam', async () => {
    const multicalls: string[][] = [];
    const replay = replayJsonRpc(mockAgent(), RPC, RECORDED_ETH_TRANSFER_LOGS, (request) => {
      if (request.method === 'eth_getCode') return { result: '0x6080' };
      expect(request.method).toBe('eth_call');
      const { to, data } = (request.params as [{ to: string; data: Hex }])[0];
      if (to.toLowerCase() !== MULTICALL3) return { result: answerRead(to, data) };
      const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data });
      expect(functionName).toBe('aggregate3');
      const calls = (args as unknown as [readonly { target: string; callData: Hex }[]])[0];
      multicalls.push(calls.map(({ target, callData }) => `${target.toLowerCase()}:${callData.slice(0, 10)}`));
      const returns = calls.map(({ target, callData }) => ({
        success: true,
        returnData: answerRead(target, callData),
      }));
      return { result: encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: returns }) };
    });
    // USD prices: one PEPE sells for 0.000012 USDC; nothing trades the unlisted token
    const quotes = mockAgent().get('https://api.0x.org');
    const quote = (sellToken: string) => ({
      method: 'GET',
      path: '/swap/allowance-holder/quote',
      query: {
        chainId: '1',
        sellToken,
        buyToken: USDC.address,
        sellAmount: String(10n ** 18n),
        taker: '0x0000000000000000000000000000000000000001',
        slippageBps: '100',
      },
    });
    quotes.intercept(quote(PEPE)).reply(200, zeroExQuote('12'), { headers: { 'content-type': 'application/json' } });
    quotes
      .intercept(quote(UNLISTED))
      .reply(200, { liquidityAvailable: false, zid: '0x6e8a' }, { headers: { 'content-type': 'application/json' } });

    const evmNetworks = liveEvmNetworks({ RPC_URL_ETHEREUM: RPC, ZEROX_API_KEY: 'test-key' });
    const balances = await evmBalanceReader(1)({ evmNetworks } as unknown as HandlerContext, OWNER.toLowerCase());

    expect(balances).toEqual({
      network: 'eip155:1',
      address: OWNER,
      assets: [
        { symbol: 'ETH', address: null, decimals: 18, balance: '2', humanReadableBalance: '2' },
        { symbol: 'USDC', address: USDC.address, decimals: 6, balance: '1.234567', humanReadableBalance: '1.234567' },
        {
          symbol: 'PEPE',
          address: PEPE,
          decimals: 18,
          balance: '4201000',
          humanReadableBalance: '4201000',
          priced: true,
          spam: false,
          valueUsd: 50.41,
        },
        {
          symbol: 'FREE',
          address: UNLISTED,
          decimals: 18,
          balance: '1000000',
          humanReadableBalance: '1000000',
          priced: false,
          spam: true,
        },
      ],
    });
    // every recorded discovery request was sent; the known tokens in one multicall, the two found ones in another
    expect(replay.unused).toEqual([]);
    const known = [MULTICALL3, ...LIVE_KNOWN_TOKENS[1]!.map((token) => token.address.toLowerCase())];
    expect(multicalls[0]!.map((call) => call.split(':')[0]).sort()).toEqual(known.sort());
    expect(multicalls[1]).toEqual(
      [PEPE, UNLISTED].flatMap((token) =>
        ['0x70a08231', '0x95d89b41', '0x313ce567'].map((selector) => `${token.toLowerCase()}:${selector}`),
      ),
    );
  });

  it('a failed discovery still lists the known tokens and says why', async () => {
    replayJsonRpc(mockAgent(), RPC, [], (request) => {
      if (request.method !== 'eth_call') return { error: { code: -32601, message: 'the method is not available' } };
      const { data } = (request.params as [{ data: Hex }])[0];
      const calls = (
        decodeFunctionData({ abi: multicall3Abi, data }).args as unknown as [readonly { callData: Hex }[]]
      )[0];
      const returns = calls.map(() => ({ success: true, returnData: `0x${'0'.repeat(64)}` as Hex }));
      return { result: encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: returns }) };
    });
    const evmNetworks = liveEvmNetworks({ RPC_URL_ETHEREUM: RPC });
    const balances = await evmBalanceReader(1)({ evmNetworks } as unknown as HandlerContext, zeroAddress);
    expect(balances.assets).toEqual([
      { symbol: 'ETH', address: null, decimals: 18, balance: '0', humanReadableBalance: '0' },
    ]);
    expect(balances.discoveryError).toMatch(/not available/);
  });
});
