import { describe, expect, it } from 'vitest';
import { Providers } from '../registry.js';
import { useMockAgent } from '../testing.js';
import chains from './fixtures/chains-optimism.json' with { type: 'json' };
import status from './fixtures/intents-status.json' with { type: 'json' };
import quote from './fixtures/quote-bridge-eth.json' with { type: 'json' };
import { currenciesOfChain, RelayClient } from './relay.js';

const ORIGIN = 'https://api.relay.link';
const json = { headers: { 'content-type': 'application/json' } };
const ETH = {
  ticker: 'ETH',
  name: 'Ether',
  network: 'eth',
  chainId: 1,
  address: '0x0000000000000000000000000000000000000000',
  decimals: 18,
  tokenContract: null,
};

describe('RelayClient against published Relay answers (fixtures/README.md)', () => {
  const mockAgent = useMockAgent();
  const relay = () => mockAgent().get(ORIGIN);

  it("reads a chain's native coin and bridged ERC-20s as descriptors, leaving out the ones Relay does not bridge", () => {
    expect(currenciesOfChain(chains.chains[0]!, 'op')).toEqual([
      { ...ETH, network: 'op', chainId: 10 },
      {
        ticker: 'USDT',
        name: 'Tether USD',
        network: 'op',
        chainId: 10,
        address: '0x94b008aa00579c1307b0ef2c499ad98a8ce58e58',
        decimals: 6,
        tokenContract: '0x94b008aa00579c1307b0ef2c499ad98a8ce58e58',
      },
      {
        ticker: 'USDC',
        name: 'USD Coin',
        network: 'op',
        chainId: 10,
        address: '0x0b2c639c533813f4aa9d7837caf62653d097ff85',
        decimals: 6,
        tokenContract: '0x0b2c639c533813f4aa9d7837caf62653d097ff85',
      },
    ]);
  });

  it('lists only the router networks: a chain outside RNET7 (Optimism) gives no currency', async () => {
    relay().intercept({ path: '/chains' }).reply(200, chains, json);
    expect(await new RelayClient().currencies()).toEqual([]);
  });

  it('quotes exact input: the request id, the deposit step as an EVM transaction, amounts, fees and time', async () => {
    // Ethereum's entry of /chains as the contract-addresses page reads it (made up for this test; the addresses are
    // the fixture's deposit target and the solver the page lists, the zero address one Relay leaves unset).
    const ethereum = {
      id: 1,
      contracts: {
        relayReceiver: '0xa5f565650890fba1824ee0f21ebbbf660a179934',
        v3: { approvalProxy: '0x0000000000000000000000000000000000000000' },
      },
      solverAddresses: ['0xf70da97812cb96acdf810712aa562db8dfa3dbef'],
    };
    relay()
      .intercept({ path: '/chains' })
      .reply(200, { chains: [ethereum] }, json);
    relay()
      .intercept({
        method: 'POST',
        path: '/quote',
        body: (text) => {
          const body = JSON.parse(text);
          return (
            body.tradeType === 'EXACT_INPUT' &&
            body.originChainId === 1 &&
            body.destinationChainId === 8453 &&
            body.amount === '1001599368867232'
          );
        },
      })
      .reply(200, quote, json);
    const quoted = await new RelayClient().quote({
      user: '0x03508bB71268BBA25ECaCC8F620e01866650532c',
      recipient: '0x03508bB71268BBA25ECaCC8F620e01866650532c',
      from: ETH,
      to: { ...ETH, network: 'base', chainId: 8453 },
      amount: '1001599368867232',
    });
    expect(quoted).toMatchObject({
      requestId: '0xabc',
      fromAmount: '0.001001599368867232',
      toAmount: '0.001',
      minimumToAmount: null,
      estimatedSeconds: 12,
      depositTargets: ['0xf70da97812cb96acdf810712aa562db8dfa3dbef', '0xa5f565650890fba1824ee0f21ebbbf660a179934'],
      steps: [
        {
          id: 'deposit',
          transactions: [
            {
              to: '0xa5f565650890fba1824ee0f21ebbbf660a179934',
              data: '0x01a25f8d',
              value: '1001599368867232',
              chainId: 1,
            },
          ],
        },
      ],
    });
    expect(quoted.fees).toContainEqual({
      kind: 'relayer',
      amount: '0.000001599368867232',
      currency: 'ETH',
      amountUsd: '0.005219',
    });
  });

  it('reads an intent status with its origin and destination transactions', async () => {
    const requestId = '0xec4f03fa91d82bc02ced9174632e001c52c47b4417098d00f4eb2022dcd4c414';
    relay().intercept({ path: '/intents/status/v3', query: { requestId } }).reply(200, status, json);
    expect(await new RelayClient().status(requestId)).toEqual({
      requestId,
      status: 'success',
      inTxHashes: ['0xe53021eaa63d100b08338197d26953e2219bcbad828267dd936c549ff643aad7'],
      txHashes: ['0x9da7bc54dfe6229d6980fd62250d472f23dfe0f41a1cdc870c81a08b3445f254'],
      originChainId: 7777777,
      destinationChainId: 8453,
      updatedAt: new Date(1713290386145).toISOString(),
      details: null,
    });
  });

  it('sends RELAY_API_KEY as x-api-key; needs no setting in live mode, none in sandbox mode', async () => {
    relay()
      .intercept({ path: '/chains', headers: { 'x-api-key': 'k' } })
      .reply(200, chains, json);
    const live = new Providers('live', { RELAY_API_KEY: 'k' }).relay!;
    expect(live).toBeInstanceOf(RelayClient);
    await live.currencies();
    expect(new Providers('sandbox', {}).relay).toBeUndefined();
  });
});
