import { type HederaExecution, type HederaNetwork, loadHederaSdk } from '@svc/chains';
import { findTool, parseInput, type ToolName } from '@svc/contracts';
import { Providers } from '@svc/providers';
import { useMockAgent } from '@svc/providers/testing';
import type { Db } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { decodeFunctionData, type Hex, toHex, zeroAddress } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MEMEJOB_CONTRACT_ABI } from '@svc/providers';
import { handlers } from '../../families.js';
import type { Handler, HandlerContext } from '../../handler.js';
import { callerContexts } from '../../testing/caller-contexts.js';
import {
  answerMemejobCalls,
  answerMemejobReads,
  costOf,
  MEMEJOB_ID,
  memejobTokens,
  MIRROR,
  proceedsOf,
} from '../../testing/memejob-mirror.js';
import { liveMemejobVenue } from './live-memejob-venue.js';

const TOKEN = '0.0.8000101';
const TOKEN_EVM = '0x00000000000000000000000000000000007a1265';
const VAULT_ACCOUNT = '0.0.4444';
const ONE_TOKEN = 10n ** 8n;

type SdkTransaction = Parameters<HederaNetwork['execute']>[0];

/** Live Hedera as the trade tools see it, with the vault's account as given and every submission recorded. */
function recordingNetwork(
  vault: { tinybar: bigint; tokens: { tokenId: string; balance: bigint }[] },
  steps: string[] = [],
) {
  const sent: SdkTransaction[] = [];
  let onSend: (tx: SdkTransaction) => void = () => undefined;
  const network: HederaNetwork = {
    caip2: 'hedera:mainnet',
    swapRouter: { routerId: '0.0.3045981', whbarTokenId: '0.0.1456986' },
    sdk: loadHederaSdk,
    account: async (ref) => ({ accountId: VAULT_ACCOUNT, evmAddress: ref.toLowerCase(), hasKey: true, ...vault }),
    token: async () => undefined,
    tokens: async () => [],
    pools: async () => [],
    async execute(tx, payer): Promise<HederaExecution> {
      expect(payer).toBe(VAULT_ACCOUNT);
      sent.push(tx);
      steps.push('send');
      onSend(tx);
      return {
        transactionId: `${payer}@1764150000.00000000${sent.length}`,
        status: 'SUCCESS',
        consensusTimestamp: null,
        feeTinybars: null,
        transfers: null,
      };
    },
  };
  return { network, sent, whenSent: (hook: (tx: SdkTransaction) => void) => (onSend = hook) };
}

const callData = (tx: SdkTransaction) =>
  decodeFunctionData({
    abi: MEMEJOB_CONTRACT_ABI,
    data: toHex((tx as unknown as { functionParameters: Uint8Array }).functionParameters) as Hex,
  });

describe.each(testBackends())('the memejob trade tools on live Hedera ($name)', (backend) => {
  const mockAgent = useMockAgent({ assertAllUsed: false });
  let db: Db;
  let caller: HandlerContext;
  beforeAll(async () => {
    db = await backend.open();
    [caller] = (await callerContexts(db, ['0x00000000000000000000000000000000000000c7'])) as [HandlerContext];
  });
  afterAll(() => db.close());

  function liveContext(network: HederaNetwork, steps: string[] = []) {
    const context: HandlerContext = {
      ...caller,
      mode: 'live',
      providers: new Providers('live', {}),
      hedera: async () => network,
      launchpadVenues: { memejob: liveMemejobVenue({ HEDERA_NETWORK: 'mainnet', HEDERA_MIRROR_URL: MIRROR }) },
      commit: async () => void steps.push('commit'),
    };
    return context;
  }

  /**
   * The launchpad's three tokens on the mirror node (`tokens`, which a test may change), and a vault holding `vault`
   * that has associated the tokens `associated`: what a trade sends, in order.
   */
  function liveTrade(
    vault: { tinybar: bigint; tokens: { tokenId: string; balance: bigint }[] },
    { associated = [] as string[] } = {},
  ) {
    const tokens = memejobTokens();
    const calls = answerMemejobCalls(mockAgent(), tokens);
    answerMemejobReads(mockAgent());
    mockAgent()
      .get(MIRROR)
      .intercept({ method: 'GET', path: `/api/v1/accounts/${VAULT_ACCOUNT}/tokens?token.id=${TOKEN}` })
      .reply(200, { tokens: associated.map((token_id) => ({ token_id })), links: { next: null } })
      .persist();
    const steps: string[] = [];
    const recording = recordingNetwork(vault, steps);
    return { ...recording, tokens, calls, steps, context: liveContext(recording.network, steps) };
  }

  async function call(name: ToolName, raw: Record<string, unknown>, context: HandlerContext) {
    const handler = handlers[name] as Handler<ToolName>;
    return (await handler(parseInput(findTool(name)!.input, raw, name) as never, context)) as Record<string, unknown>;
  }

  const HOLDING = { tinybar: ONE_TOKEN, tokens: [{ tokenId: TOKEN, balance: 20_000n * ONE_TOKEN }] };
  const SALE = { tokenId: TOKEN, amount: '10000' };

  it('without HEDERA_NETWORK the launchpad tools answer 503 naming it', async () => {
    const context = liveContext(recordingNetwork({ tinybar: 0n, tokens: [] }).network);
    const unconfigured = { ...context, launchpadVenues: { memejob: liveMemejobVenue({}) } };
    for (const [name, input] of [
      ['hederaFindMemeCoins', {}],
      ['hederaLaunchBuyToken', { tokenId: TOKEN, amount: '1' }],
      ['hederaLaunchSellToken', { tokenId: TOKEN, amount: '1' }],
    ] as const)
      await expect(call(name, input, unconfigured)).rejects.toMatchObject({
        code: 'not_configured',
        status: 503,
        extra: { setting: 'HEDERA_NETWORK' },
      });
  });

  it('a first buy associates the token, quotes again, then buyJob for that amount paying exactly its HBAR', async () => {
    const { sent, tokens, steps, calls, context } = liveTrade({ tinybar: 50n * ONE_TOKEN, tokens: [] });
    const out = await call('hederaLaunchBuyToken', { tokenId: TOKEN_EVM, amount: '10' }, context);

    const sdk = await loadHederaSdk();
    expect(steps).toEqual(['commit', 'send', 'commit', 'send']);
    expect(sent[0]).toBeInstanceOf(sdk.TokenAssociateTransaction);
    expect((sent[0] as InstanceType<typeof sdk.TokenAssociateTransaction>).tokenIds?.map(String)).toEqual([TOKEN]);
    expect(calls.get('buyJob')).toBeUndefined(); // not simulated: the vault could not receive the token yet
    const buy = sent[1] as InstanceType<typeof sdk.ContractExecuteTransaction>;
    expect(buy.contractId?.toString()).toBe(MEMEJOB_ID);
    expect(buy.gas?.toNumber()).toBe(200_000);
    const { functionName, args } = callData(buy);
    expect(functionName).toBe('buyJob');
    const [token, units, referrer] = args as [string, bigint, string];
    expect([token.toLowerCase(), referrer]).toEqual([TOKEN_EVM, zeroAddress]);
    const paid = BigInt(buy.payableAmount!.toTinybars().toString());
    expect(paid).toBe(costOf(tokens.get(TOKEN)!.curve!, units));
    expect(paid).toBeLessThanOrEqual(10n * ONE_TOKEN);
    expect(out).toMatchObject({
      network: 'hedera:mainnet',
      launchpad: MEMEJOB_ID,
      tokenId: TOKEN,
      symbol: 'BOBER',
      associationTransactionId: `${VAULT_ACCOUNT}@1764150000.000000001`,
      status: 'SUCCESS',
      quotedAmount: (Number(units) / 1e8).toString(),
      // memejob fills exactly the quoted amount or reverts.
      minAmount: (Number(units) / 1e8).toString(),
      amountReceived: null,
    });
  });

  it('a buy after the association refuses a curve that moved past the floor while the association settled', async () => {
    const { sent, tokens, whenSent, context } = liveTrade({ tinybar: 50n * ONE_TOKEN, tokens: [] });
    whenSent(() => {
      const moved = tokens.get(TOKEN)!;
      tokens.set(TOKEN, { ...moved, curve: { hbar: moved.curve!.hbar * 2n, units: moved.curve!.units } });
    });
    await expect(call('hederaLaunchBuyToken', { tokenId: TOKEN, amount: '10' }, context)).rejects.toMatchObject({
      code: 'state_conflict',
      status: 409,
    });
    expect(sent).toHaveLength(1); // the association only
  });

  it('a buy of an associated token is asked of the launchpad first: one transaction, or nothing sent or charged', async () => {
    const { steps, calls, tokens, context } = liveTrade(
      { tinybar: 50n * ONE_TOKEN, tokens: [] },
      { associated: [TOKEN] },
    );
    const out = await call('hederaLaunchBuyToken', { tokenId: TOKEN, amount: '10' }, context);
    expect(steps).toEqual(['commit', 'send']);
    expect(calls.get('buyJob')).toBe(1);
    expect(out.associationTransactionId).toBeNull();

    tokens.set(TOKEN, { ...tokens.get(TOKEN)!, refusesTrades: 'FundingGoalAlreadyReached' });
    await expect(call('hederaLaunchBuyToken', { tokenId: TOKEN, amount: '10' }, context)).rejects.toMatchObject({
      code: 'state_conflict',
      extra: { refused: 'FundingGoalAlreadyReached' },
    });
    expect(steps).toEqual(['commit', 'send']); // nothing more

    // A revert naming no error is not taken for the launchpad's answer: the exact-or-revert buy goes on.
    tokens.set(TOKEN, { ...tokens.get(TOKEN)!, refusesTrades: '' });
    await call('hederaLaunchBuyToken', { tokenId: TOKEN, amount: '10' }, context);
    expect(steps).toEqual(['commit', 'send', 'commit', 'send']);
  });

  it('refusals found before payment charge nothing: a promoted token, a token not the launchpad’s, more than held', async () => {
    const { steps, context } = liveTrade({ tinybar: 50n * ONE_TOKEN, tokens: [] });
    for (const [input, code] of [
      [{ tokenId: '0.0.8000103', amount: '10' }, 'invalid_input'],
      [{ tokenId: '0.0.9999999', amount: '10' }, 'invalid_input'],
      [{ tokenId: TOKEN, amount: '5000' }, 'invalid_input'],
    ] as const)
      await expect(call('hederaLaunchBuyToken', input, context)).rejects.toMatchObject({ code });
    await expect(call('hederaLaunchSellToken', { tokenId: TOKEN, amount: '1' }, context)).rejects.toMatchObject({
      code: 'invalid_input',
    });
    expect(steps).toEqual([]);
  });

  it('a sale grants the allowance for exactly the amount (a standing one is not trusted), quotes again, then sellJob', async () => {
    const { sent, tokens, steps, context } = liveTrade(HOLDING);
    const out = await call('hederaLaunchSellToken', SALE, context);

    const sdk = await loadHederaSdk();
    expect(steps).toEqual(['commit', 'send', 'commit', 'send']);
    const approval = sent[0] as InstanceType<typeof sdk.AccountAllowanceApproveTransaction>;
    expect(approval).toBeInstanceOf(sdk.AccountAllowanceApproveTransaction);
    const [allowance] = approval.tokenApprovals;
    expect([
      allowance!.tokenId.toString(),
      allowance!.ownerAccountId?.toString(),
      allowance!.spenderAccountId?.toString(),
    ]).toEqual([TOKEN, VAULT_ACCOUNT, MEMEJOB_ID]);
    expect(allowance!.amount?.toString()).toBe(String(10_000n * ONE_TOKEN));
    const { functionName, args } = callData(sent[1]!);
    expect(functionName).toBe('sellJob');
    expect((args as [string, bigint])[1]).toBe(10_000n * ONE_TOKEN);
    expect(out).toMatchObject({
      launchpad: MEMEJOB_ID,
      amountSold: '10000',
      quotedHbar: (Number(proceedsOf(tokens.get(TOKEN)!.curve!, 10_000n * ONE_TOKEN)) / 1e8).toString(),
      hbarReceived: null,
    });
  });

  it('refuses the sale, sending no sellJob, when the curve fell below the slippage floor after the quote', async () => {
    const { sent, tokens, whenSent, context } = liveTrade(HOLDING);
    // Another seller lands while the allowance reaches consensus: the curve's HBAR falls by a third.
    whenSent(() => {
      const moved = tokens.get(TOKEN)!;
      tokens.set(TOKEN, { ...moved, curve: { hbar: (moved.curve!.hbar * 2n) / 3n, units: moved.curve!.units } });
    });
    await expect(call('hederaLaunchSellToken', SALE, context)).rejects.toMatchObject({
      code: 'state_conflict',
      status: 409,
    });
    expect(sent).toHaveLength(1); // the allowance only
  });
});
