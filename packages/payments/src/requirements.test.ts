import { decodePaymentRequiredHeader } from '@x402/core/http';
import { describe, expect, it } from 'vitest';
import { SandboxPriceOracle } from './oracle.js';
import { PaymentRequirementsBuilder } from './requirements.js';
import { NETWORKS, PAYMENT_TOKEN_IDS, PAYMENT_TOKENS } from './tokens.js';

const settings = {
  payTo: {
    base: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
    solana: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
    stacks: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
  },
  maxTimeoutSeconds: 300,
};

describe('PaymentRequirementsBuilder', () => {
  it('offers all five tokens at the USD price, encoded in the header exactly as in the body', async () => {
    const builder = new PaymentRequirementsBuilder(settings, new SandboxPriceOracle({ STX: '0.5', BTC: '100000' }));
    const { body, header } = await builder.paymentRequired(
      { url: 'http://127.0.0.1/api/tools/execute/unified/wallet', description: 'wallet' },
      '0.0012',
    );
    expect(decodePaymentRequiredHeader(header)).toEqual(body);
    expect(body.x402Version).toBe(2);
    const byAsset = Object.fromEntries(body.accepts.map((a) => [a.asset, a]));
    expect(body.accepts).toHaveLength(PAYMENT_TOKEN_IDS.length);
    expect(byAsset['0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913']).toMatchObject({
      network: 'eip155:8453',
      amount: '1200',
      payTo: settings.payTo.base,
      extra: { name: 'USD Coin', version: '2' },
    });
    expect(byAsset.EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v).toMatchObject({
      amount: '1200',
      payTo: settings.payTo.solana,
    });
    expect(byAsset['slip44:5757']).toMatchObject({ network: 'stacks:1', amount: '2400' });
    expect(byAsset['sip010:SM3VDXK3WZZSA84XXFKAFAF15NNZX32CTSG82JFQ4.sbtc-token.sbtc-token']).toMatchObject({
      amount: '2',
    });
    expect(byAsset['sip010:SP120SBRBQJ00MCWS7TM5R8WJNTTKD5K0HFRC2CNE.usdcx.usdcx-token']).toMatchObject({
      amount: '1200',
    });
  });

  it('offers BASE_USDC under batch-settlement too when a channel offer is set, with its channel terms, and keeps its quote', async () => {
    const offer = {
      receiverAuthorizer: '0xa0Ee7A142d267C1f36714E4a8F75612F20a79720',
      withdrawDelaySeconds: 86_400,
      delegated: false,
    } as const;
    const builder = new PaymentRequirementsBuilder({ ...settings, batchSettlement: offer }, new SandboxPriceOracle());
    const resource = { url: 'http://127.0.0.1/api/tools/execute/unified/wallet', description: 'wallet' };
    const { body } = await builder.paymentRequired(resource, '0.0012');
    expect(body.accepts).toHaveLength(PAYMENT_TOKEN_IDS.length + 1);
    const base = body.accepts.filter((a) => a.asset === PAYMENT_TOKENS.BASE_USDC.asset);
    expect(base.map((a) => a.scheme)).toEqual(['exact', 'batch-settlement']);
    expect(base[1]).toEqual({
      ...base[0],
      scheme: 'batch-settlement',
      extra: {
        name: 'USD Coin',
        version: '2',
        receiverAuthorizer: offer.receiverAuthorizer,
        withdrawDelay: 86_400,
        assetTransferMethod: 'eip3009',
      },
    });
    // A voucher is matched against the requirements it was made out for, as an exact payment is.
    expect((await builder.acceptableRequirements(resource, '0.0012')).map((a) => a.scheme)).toContain(
      'batch-settlement',
    );
    // A sign-in challenge's zero-amount accepts stay exact only.
    expect((await builder.accepts('0', ['BASE_USDC'])).map((a) => a.scheme)).toEqual(['exact']);
  });

  it('names the facilitator fee payer in extra.feePayer of the SOL_USDC requirement only, when it is known', async () => {
    const feePayer = 'BYdiH8wihTnjXDjWnA8JMpfacmeUE458aCR5AK4j7UH';
    const oracle = new SandboxPriceOracle();
    const withFeePayer = await new PaymentRequirementsBuilder(
      { ...settings, feePayer: { solana: feePayer } },
      oracle,
    ).accepts('0.0012');
    for (const requirement of withFeePayer) {
      if (requirement.network === NETWORKS.solana) expect(requirement.extra).toEqual({ feePayer });
      else expect(requirement.extra).not.toHaveProperty('feePayer');
    }
    expect(withFeePayer.find((r) => r.asset === PAYMENT_TOKENS.BASE_USDC.asset)?.extra).toEqual({
      name: 'USD Coin',
      version: '2',
    });
    const without = await new PaymentRequirementsBuilder(settings, oracle).accepts('0.0012', ['SOL_USDC']);
    expect(without[0]?.extra).toEqual({});
    expect(PAYMENT_TOKENS.SOL_USDC.extra).toEqual({});
  });

  it('serves the cached response until the oracle moves, then requotes', async () => {
    const oracle = new SandboxPriceOracle();
    const builder = new PaymentRequirementsBuilder(settings, oracle);
    const resource = { url: 'http://x/t', description: 't' };
    const first = await builder.paymentRequired(resource, '1');
    expect(await builder.paymentRequired(resource, '1')).toBe(first);
    oracle.set('STX', '2');
    const moved = await builder.paymentRequired(resource, '1');
    expect(moved).not.toBe(first);
    expect(moved.body.accepts.find((a) => a.asset === 'slip44:5757')?.amount).toBe('500000');
  });
});

describe('PaymentRequirementsBuilder.acceptableRequirements', () => {
  const resource = { url: 'http://x/t', description: 't' };
  const STX = PAYMENT_TOKENS.STX.asset;
  const stxAmounts = (requirements: readonly { asset: string; amount: string }[]) =>
    requirements.filter((r) => r.asset === STX).map((r) => r.amount);

  function setup() {
    let now = 1_000_000;
    const oracle = new SandboxPriceOracle({ STX: '1' });
    const builder = new PaymentRequirementsBuilder(settings, oracle, () => now);
    return { oracle, builder, advance: (ms: number) => (now += ms) };
  }

  it('is the current quote when the price has not moved (one entry per token)', async () => {
    const { builder } = setup();
    const quoted = (await builder.paymentRequired(resource, '1')).body.accepts;
    expect(await builder.acceptableRequirements(resource, '1')).toEqual(quoted);
  });

  it('keeps a quote sent before a price move acceptable within maxTimeoutSeconds, and refuses it after', async () => {
    const { oracle, builder, advance } = setup();
    await builder.paymentRequired(resource, '1');
    oracle.set('STX', '2');
    advance(299_000);
    // The new STX amount and the old one; the other tokens did not move, so each appears once.
    const acceptable = await builder.acceptableRequirements(resource, '1');
    expect(stxAmounts(acceptable)).toEqual(['500000', '1000000']);
    expect(acceptable).toHaveLength(PAYMENT_TOKEN_IDS.length + 1);
    advance(1_000);
    expect(stxAmounts(await builder.acceptableRequirements(resource, '1'))).toEqual(['500000']);
  });

  it('counts from the last time a quote was sent: a cached 402 served again renews it', async () => {
    const { oracle, builder, advance } = setup();
    await builder.paymentRequired(resource, '1');
    advance(200_000);
    await builder.paymentRequired(resource, '1', 'payment_requirements_mismatch');
    oracle.set('STX', '2');
    advance(200_000);
    expect(stxAmounts(await builder.acceptableRequirements(resource, '1'))).toEqual(['500000', '1000000']);
  });

  it('does not count a snapshot nobody was quoted at, nor another resource or price', async () => {
    const { oracle, builder } = setup();
    await builder.paymentRequired(resource, '1');
    oracle.set('STX', '2');
    await builder.acceptableRequirements(resource, '1');
    oracle.set('STX', '4');
    expect(stxAmounts(await builder.acceptableRequirements(resource, '1'))).toEqual(['250000', '1000000']);
    expect(stxAmounts(await builder.acceptableRequirements(resource, '2'))).toEqual(['500000']);
    expect(stxAmounts(await builder.acceptableRequirements({ url: 'http://x/other', description: 'o' }, '1'))).toEqual([
      '250000',
    ]);
  });

  it('remembers at most 16 quotes per resource and price', async () => {
    const { oracle, builder } = setup();
    for (let price = 1; price <= 20; price += 1) {
      oracle.set('STX', String(price));
      await builder.paymentRequired(resource, '1');
    }
    // The current quote (price 20) plus the 15 before it.
    expect(stxAmounts(await builder.acceptableRequirements(resource, '1'))).toHaveLength(16);
    expect(stxAmounts(await builder.acceptableRequirements(resource, '1'))).not.toContain('250000');
  });
});
