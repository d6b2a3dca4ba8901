import { encodeErrorResult } from 'viem';
import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import logsPage1 from './fixtures/memejob-logs-desc-1.json' with { type: 'json' };
import logsPage2 from './fixtures/memejob-logs-desc-2.json' with { type: 'json' };
import { liveMemejob, MEMEJOB_CONTRACT_ABI } from './memejob.js';

const MIRROR = 'https://mainnet-public.mirrornode.hedera.com';
const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };
const memejob = () => liveMemejob({ HEDERA_NETWORK: 'mainnet' })!;

describe('live memejob reads through the mirror node', () => {
  const mockAgent = useMockAgent();

  it('decodes the launchpad’s events across pages of its logs, newest first, skipping the ones it does not read', async () => {
    const mirror = mockAgent().get(MIRROR);
    mirror
      .intercept({ method: 'GET', path: '/api/v1/contracts/0.0.7891970/results/logs?order=desc&limit=100' })
      .reply(200, logsPage1, JSON_HEADERS);
    mirror.intercept({ method: 'GET', path: logsPage1.links.next }).reply(200, logsPage2, JSON_HEADERS);
    const events = await memejob().events('desc', 300);
    expect(events.map((event) => [event.kind, event.tokenId])).toEqual([
      ['bought', '0.0.8000101'],
      ['sold', '0.0.8000102'],
      ['migrated', '0.0.8000103'],
      ['created', '0.0.8000101'],
      ['bought', '0.0.8000102'],
    ]);
    expect(events[0]).toEqual({
      kind: 'bought',
      tokenId: '0.0.8000101',
      trader: '0x70f2b2914A2a4b783FaEFb75f459A580616Fcb5e',
      units: 2_500_000_000_000n,
      tinybars: 2_000_000_000n,
      at: '2025-11-26T09:39:53.123Z',
    });
  });

  it('stops at the number of logs asked for', async () => {
    mockAgent()
      .get(MIRROR)
      .intercept({ method: 'GET', path: '/api/v1/contracts/0.0.7891970/results/logs?order=asc&limit=2' })
      .reply(200, { logs: logsPage2.logs.slice(0, 2), links: { next: logsPage1.links.next } }, JSON_HEADERS);
    expect(await memejob().events('asc', 2)).toHaveLength(2);
  });

  it('reads a revert as the contract’s named refusal, and any other failure as the mirror node’s (502)', async () => {
    const mirror = mockAgent().get(MIRROR);
    const closed = encodeErrorResult({ abi: MEMEJOB_CONTRACT_ABI, errorName: 'FundingGoalAlreadyReached' });
    mirror
      .intercept({ method: 'POST', path: '/api/v1/contracts/call' })
      .reply(
        400,
        { _status: { messages: [{ message: 'CONTRACT_REVERT_EXECUTED', detail: '', data: closed }] } },
        JSON_HEADERS,
      );
    mirror
      .intercept({ method: 'POST', path: '/api/v1/contracts/call' })
      .reply(
        400,
        { _status: { messages: [{ message: 'CONTRACT_REVERT_EXECUTED', detail: '', data: '' }] } },
        JSON_HEADERS,
      );
    mirror
      .intercept({ method: 'POST', path: '/api/v1/contracts/call' })
      .reply(400, { _status: { messages: [{ message: 'Invalid parameter: to' }] } }, JSON_HEADERS);
    expect(await memejob().amountOut('0.0.8000103', 10n ** 8n, 'buy')).toEqual({
      refused: 'FundingGoalAlreadyReached',
    });
    expect(await memejob().amountOut('0.0.8000103', 10n ** 8n, 'sell')).toEqual({ refused: null });
    await expect(memejob().tokenState('0.0.8000103')).rejects.toMatchObject({ code: 'upstream_error', status: 502 });
  });
});
