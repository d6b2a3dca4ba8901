import { type Dispatcher, getGlobalDispatcher, MockAgent, setGlobalDispatcher } from 'undici';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { evmBalanceReader } from './balances.js';
import { LIVE_KNOWN_TOKENS, liveEvmNetworks } from './live-evm-networks.js';

const RPC = 'https://eth-rpc.example';
const OWNER = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8';
const word = (value: bigint) => `0x${value.toString(16).padStart(64, '0')}`;

interface RpcRequest {
  id: number;
  method: string;
  params: [{ to: string; data: string }, string] | [string, string];
}

describe('live EVM chains over a viem HTTP transport (JSON-RPC answered by MockAgent)', () => {
  let previous: Dispatcher;
  let agent: MockAgent;
  beforeEach(() => {
    previous = getGlobalDispatcher();
    agent = new MockAgent();
    agent.disableNetConnect();
    setGlobalDispatcher(agent);
  });
  afterEach(async () => {
    setGlobalDispatcher(previous);
    await agent.close();
  });

  it('reads the native balance and every known ERC-20 from RPC_URL_ETHEREUM, listing the non-zero ones', async () => {
    const usdc = LIVE_KNOWN_TOKENS[1]![0];
    const requests: RpcRequest[] = [];
    agent
      .get(RPC)
      .intercept({ method: 'POST', path: '/' })
      .reply((options) => {
        const request = JSON.parse(String(options.body)) as RpcRequest;
        requests.push(request);
        let result: string;
        if (request.method === 'eth_getBalance') result = '0x1bc16d674ec80000'; // 2 ETH
        else if (request.method === 'eth_call') {
          const { to, data } = request.params[0] as { to: string; data: string };
          // balanceOf(address) selector 0x70a08231 with the owner as the argument
          expect(data.slice(0, 10)).toBe('0x70a08231');
          expect(data.slice(-40).toLowerCase()).toBe(OWNER.slice(2).toLowerCase());
          result = to.toLowerCase() === usdc!.address.toLowerCase() ? word(1_234_567n) : word(0n);
        } else result = '0x1';
        return { statusCode: 200, data: { jsonrpc: '2.0', id: request.id, result }, responseOptions: { headers: { 'content-type': 'application/json' } } };
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
    expect(requests.find((r) => r.method === 'eth_getBalance')?.params).toEqual([OWNER, 'latest']);
    expect(requests.filter((r) => r.method === 'eth_call').map((r) => (r.params[0] as { to: string }).to.toLowerCase()).sort()).toEqual(
      LIVE_KNOWN_TOKENS[1]!.map((t) => t.address.toLowerCase()).sort(),
    );
  });
});
