// The live memejob launchpad as the mirror node would answer for it (tests): three tokens on the recorded logs of
// packages/providers/src/hedera/fixtures (see its README), each on a virtual-reserve curve, the third promoted.
import { longZeroAddressOf } from '@svc/chains';
import { MEMEJOB_CONTRACT_ABI } from '@svc/providers';
import type { useMockAgent } from '@svc/providers/testing';
import { decodeFunctionData, encodeErrorResult, encodeFunctionResult, type Hex, zeroAddress } from 'viem';
import logsPage1 from '../../../providers/src/hedera/fixtures/memejob-logs-desc-1.json' with { type: 'json' };
import logsPage2 from '../../../providers/src/hedera/fixtures/memejob-logs-desc-2.json' with { type: 'json' };
import tokenA from '../../../providers/src/hedera/fixtures/token-memejob-0.0.8000101.json' with { type: 'json' };
import tokenB from '../../../providers/src/hedera/fixtures/token-memejob-0.0.8000102.json' with { type: 'json' };
import tokenC from '../../../providers/src/hedera/fixtures/token-memejob-0.0.8000103.json' with { type: 'json' };

export const MIRROR = 'https://mainnet-public.mirrornode.hedera.com';
export const MEMEJOB_ID = '0.0.7891970';
const MEMEJOB_EVM = '0x950230ea77dc168df543609c2349c87dea57e876';
const JSON_HEADERS = { headers: { 'content-type': 'application/json' } };
export const CREATOR = '0x1d8bfDC5D46DC4f61D6b6115972536eBE6A8854C';

/** A curve of virtual reserves: `hbar` tinybars against `units` of the token. */
export interface VirtualCurve {
  hbar: bigint;
  units: bigint;
}

export interface MemejobToken {
  readonly tokenId: string;
  readonly fundsRaised: bigint;
  readonly tokensSold: bigint;
  /** Undefined: promoted, the curve closed (getAmountOut reverts FundingGoalAlreadyReached). */
  readonly curve: VirtualCurve | undefined;
  /** A buyJob run now would revert with this error (empty: with no error named), whatever the quotes say. */
  readonly refusesTrades?: string;
  /** getAmountOut refuses BuyInHbar (InvalidTransactionType), leaving the buy search to find its own start. */
  readonly noHbarQuote?: boolean;
}

/** What buying `units` costs on the curve (rounded up) and what selling them pays (rounded down), in tinybars. */
export const costOf = (curve: VirtualCurve, units: bigint) =>
  (curve.hbar * units + curve.units - units - 1n) / (curve.units - units);
export const proceedsOf = (curve: VirtualCurve, units: bigint) => (curve.hbar * units) / (curve.units + units);

export function memejobTokens(): Map<string, MemejobToken> {
  return new Map([
    [
      '0.0.8000101',
      {
        tokenId: '0.0.8000101',
        fundsRaised: 2_000_000_000n,
        tokensSold: 2_500_000_000_000n,
        curve: { hbar: 3_000_000_000_000n, units: 80_000_000_000_000_000n },
      },
    ],
    [
      '0.0.8000102',
      {
        tokenId: '0.0.8000102',
        fundsRaised: 24_000_000_000n,
        tokensSold: 30_000_000_000_000n,
        curve: { hbar: 3_024_000_000_000n, units: 79_970_000_000_000_000n },
      },
    ],
    [
      '0.0.8000103',
      {
        tokenId: '0.0.8000103',
        fundsRaised: 1_000_000_000_000n,
        tokensSold: 80_000_000_000_000_000n,
        curve: undefined,
      },
    ],
  ]);
}

const refusal = (errorName: string) => revert(encodeErrorResult({ abi: MEMEJOB_CONTRACT_ABI, errorName } as never));
const answer = (result: Hex) => ({ statusCode: 200, data: { result }, responseOptions: JSON_HEADERS });

const revert = (data: Hex | '') => ({
  statusCode: 400,
  data: { _status: { messages: [{ message: 'CONTRACT_REVERT_EXECUTED', detail: '', data }] } },
  responseOptions: JSON_HEADERS,
});

/**
 * Answers the mirror node's contracts/call for the launchpad from `tokens` (read at each call, so a test may move a
 * curve): its views, and buyJob simulated as the vault. Counts the calls by function.
 */
export function answerMemejobCalls(
  agent: ReturnType<ReturnType<typeof useMockAgent>>,
  tokens: Map<string, MemejobToken>,
) {
  const calls = new Map<string, number>();
  agent
    .get(MIRROR)
    .intercept({ method: 'POST', path: '/api/v1/contracts/call' })
    .reply<object>((request) => {
      const body = JSON.parse(String(request.body)) as {
        to: string;
        data: Hex;
        block: string;
        estimate: boolean;
        from?: string;
        value?: number;
        gas?: number;
      };
      if (body.to !== MEMEJOB_EVM || body.block !== 'latest' || body.estimate !== false)
        return { statusCode: 400, data: { _status: { messages: [{ message: 'unexpected call' }] } } };
      const { functionName, args } = decodeFunctionData({ abi: MEMEJOB_CONTRACT_ABI, data: body.data });
      calls.set(functionName, (calls.get(functionName) ?? 0) + 1);
      const token = [...tokens.values()].find(
        (t) => longZeroAddressOf(t.tokenId) === (args[0] as string).toLowerCase(),
      );
      if (functionName === 'addressToMemeTokenMapping') {
        const result = token
          ? [longZeroAddressOf(token.tokenId)!, CREATOR, token.fundsRaised, token.tokensSold, CREATOR, true]
          : [zeroAddress, zeroAddress, 0n, 0n, zeroAddress, false];
        return answer(encodeFunctionResult({ abi: MEMEJOB_CONTRACT_ABI, functionName, result } as never));
      }
      if (!token) return refusal('UnknownToken');
      if (!token.curve) return refusal('FundingGoalAlreadyReached');
      const curve = token.curve;
      if (functionName === 'buyJob') {
        if (!body.from || body.gas !== 200_000)
          return { statusCode: 400, data: { _status: { messages: [{ message: 'unexpected call' }] } } };
        if (token.refusesTrades !== undefined) return token.refusesTrades ? refusal(token.refusesTrades) : revert('');
        return BigInt(body.value ?? 0) < costOf(curve, args[1] as bigint) ? refusal('InsufficientFunds') : answer('0x');
      }
      if (functionName !== 'getAmountOut') return revert('');
      const [, amount, type] = args as [string, bigint, number];
      if (type === 0)
        return amount >= curve.units
          ? refusal('NotEnoughTokens')
          : answer(encodeFunctionResult({ abi: MEMEJOB_CONTRACT_ABI, functionName, result: costOf(curve, amount) }));
      if (type === 1)
        return answer(
          encodeFunctionResult({ abi: MEMEJOB_CONTRACT_ABI, functionName, result: proceedsOf(curve, amount) }),
        );
      if (type === 2 && !token.noHbarQuote)
        return answer(
          encodeFunctionResult({ abi: MEMEJOB_CONTRACT_ABI, functionName, result: unitsFor(curve, amount) }),
        );
      return refusal('InvalidTransactionType');
    })
    .persist();
  return calls;
}

/** The most units `tinybars` buy on the curve. */
export const unitsFor = (curve: VirtualCurve, tinybars: bigint) => (tinybars * curve.units) / (curve.hbar + tinybars);

/** The recorded token documents and the launchpad's two pages of logs, newest first. */
export function answerMemejobReads(agent: ReturnType<ReturnType<typeof useMockAgent>>) {
  const mirror = agent.get(MIRROR);
  for (const token of [tokenA, tokenB, tokenC])
    mirror
      .intercept({ method: 'GET', path: `/api/v1/tokens/${token.token_id}` })
      .reply(200, token, JSON_HEADERS)
      .persist();
  mirror
    .intercept({ method: 'GET', path: `/api/v1/contracts/${MEMEJOB_ID}/results/logs?order=desc&limit=100` })
    .reply(200, logsPage1, JSON_HEADERS)
    .persist();
  mirror.intercept({ method: 'GET', path: logsPage1.links.next }).reply(200, logsPage2, JSON_HEADERS).persist();
}
