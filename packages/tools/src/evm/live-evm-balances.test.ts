import { useMockAgent } from '@svc/providers/testing';
import { decodeFunctionData, encodeFunctionResult, type Hex, multicall3Abi } from 'viem';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { evmBalanceReader } from './balances.js';
import { LIVE_KNOWN_TOKENS, liveEvmNetworks } from '@svc/providers';

const RPC = 'https://eth-rpc.example';
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const word = (value: bigint): Hex => `0x${value.toString(16).padStart(64, '0')}`;
const MULTICALL3 = '0xca11bde05977b3631167028862be2a173976ca11';

interface RpcRequest {
  id: number;
  method: string;
  params: [{ to: string; data: string }, string] | [string, string];
}

describe('live EVM chains over a viem HTTP transport (JSON-RPC answered by MockAgent)', () => {
  const mockAgent = useMockAgent({ assertAllUsed: false });

  it('reads the native balance and every known ERC-20 in one Multicall3 eth_call from RPC_URL_ETHEREUM, listing the non-zero ones', async () => {
    const usdc = LIVE_KNOWN_TOKENS[1]![0];
    const requests: RpcRequest[] = [];
    const targets: string[] = [];
    mockAgent()
      .get(RPC)
      .intercept({ method: 'POST', path: '/' })
      .reply((options) => {
        const request = JSON.parse(String(options.body)) as RpcRequest;
        requests.push(request);
        let result: string;
        if (request.method === 'eth_call') {
          const { to, data } = request.params[0] as { to: string; data: Hex };
          expect(to.toLowerCase()).toBe(MULTICALL3);
          const { functionName, args } = decodeFunctionData({ abi: multicall3Abi, data });
          expect(functionName).toBe('aggregate3');
          const calls = (args as unknown as [readonly { target: string; callData: Hex }[]])[0];
          const returns = calls.map(({ target, callData }) => {
            expect(callData.slice(-40).toLowerCase()).toBe(OWNER.slice(2).toLowerCase());
            targets.push(target.toLowerCase());
            // Multicall3's own getEthBalance(address) (selector 0x4d2301cc) for the native coin: 2 ETH
            if (target.toLowerCase() === MULTICALL3)
              return { success: callData.startsWith('0x4d2301cc'), returnData: word(2n * 10n ** 18n) };
            // balanceOf(address) selector 0x70a08231 with the owner as the argument
            expect(callData.slice(0, 10)).toBe('0x70a08231');
            return {
              success: true,
              returnData: target.toLowerCase() === usdc!.address.toLowerCase() ? word(1_234_567n) : word(0n),
            };
          });
          result = encodeFunctionResult({ abi: multicall3Abi, functionName: 'aggregate3', result: returns });
        } else result = '0x1';
        return {
          statusCode: 200,
          data: { jsonrpc: '2.0', id: request.id, result },
          responseOptions: { headers: { 'content-type': 'application/json' } },
        };
      })
      .persist();
    const context = { evmNetworks: liveEvmNetworks({ RPC_URL_ETHEREUM: RPC }) } as unknown as HandlerContext;
    const balances = await evmBalanceReader(1)(context, OWNER.toLowerCase());
    expect(balances).toEqual({
      network: 'eip155:1',
      address: OWNER,
      assets: [
        { symbol: 'ETH', address: null, decimals: 18, balance: '2', humanReadableBalance: '2' },
        { symbol: 'USDC', address: usdc!.address, decimals: 6, balance: '1.234567', humanReadableBalance: '1.234567' },
      ],
    });
    expect(requests.map((r) => r.method)).toEqual(['eth_call']);
    expect(targets.sort()).toEqual([MULTICALL3, ...LIVE_KNOWN_TOKENS[1]!.map((t) => t.address.toLowerCase())].sort());
  });
});
