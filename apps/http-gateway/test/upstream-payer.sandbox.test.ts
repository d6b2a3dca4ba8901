import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalFacilitator, NETWORKS } from '@svc/payments';
import {
  BIRDEYE_X402,
  BirdeyeClient,
  NANSEN_X402,
  NansenClient,
  UpstreamPayer,
  type UpstreamPayerSettings,
} from '@svc/providers';
import {
  anvilDevAccount,
  type SandboxEvmChain,
  type SandboxSolana,
  startSandboxEvmChain,
  startSandboxSolana,
} from '@svc/sandbox';
import { type Db, upstreamSpendLedger, upstreamSpendOn } from '@svc/store';
import { openTestDatabase } from '@svc/store/testing';
import {
  decodePaymentSignatureHeader,
  encodePaymentRequiredHeader,
  encodePaymentResponseHeader,
} from '@x402/core/http';
import { type FacilitatorClient, x402ResourceServer } from '@x402/core/server';
import type { Network, PaymentPayload, SchemeNetworkServer } from '@x402/core/types';
import { ExactEvmScheme } from '@x402/evm/exact/server';
import { ExactSvmScheme } from '@x402/svm/exact/server';
import { createKeyPairSignerFromPrivateKeyBytes, generateKeyPairSigner, getAddressEncoder } from '@solana/kit';
import { erc20Abi, type Hex } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

const PAYEE = '0x90F79bf6EB2c4f870365E785982E1f101E93b906';
// Nansen's documented holdings row shape (packages/providers/src/nansen/fixtures/smart-money-holdings.json).
const HOLDINGS = {
  data: [{ chain: 'ethereum', token_address: '0x6982508145454ce325ddbe47a25d4ec3d2311933', token_symbol: 'PEPE' }],
  pagination: { page: 1, per_page: 1, is_last_page: false },
};

interface StandInTerms {
  readonly facilitator: FacilitatorClient;
  readonly network: Network;
  readonly scheme: SchemeNetworkServer;
  readonly payTo: string;
  /** What the provider answers once paid. */
  readonly body: unknown;
}

/**
 * A stand-in for a provider's x402 endpoint on loopback, built like a provider would build it: @x402/core's resource
 * server with the official `exact` scheme, verifying and settling through the local facilitator on a sandbox chain
 * (real signatures, real transfers). It records what it was sent.
 */
class StandIn {
  price = '$0.02';
  unpaid = 0;
  readonly payments: PaymentPayload[] = [];
  readonly paths: string[] = [];
  #server: Server | undefined;
  readonly #resources: x402ResourceServer;

  constructor(private readonly terms: StandInTerms) {
    this.#resources = new x402ResourceServer(terms.facilitator).register(terms.network, terms.scheme);
  }

  get url(): string {
    return `http://127.0.0.1:${(this.#server!.address() as AddressInfo).port}`;
  }

  async start(): Promise<void> {
    await this.#resources.initialize();
    this.#server = createServer((req, res) => {
      this.#answer(req, res).catch((error: unknown) => res.writeHead(500).end(String(error)));
    });
    // Longer than the tests' pauses, so the client never reuses a connection the server is closing (ECONNRESET).
    this.#server.keepAliveTimeout = 60_000;
    await new Promise<void>((resolve) => this.#server!.listen(0, '127.0.0.1', resolve));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => (this.#server ? this.#server.close(() => resolve()) : resolve()));
  }

  async #answer(req: IncomingMessage, res: ServerResponse): Promise<void> {
    for await (const _ of req); // the body: the provider's request, which the stand-in does not read
    this.paths.push(req.url ?? '');
    const accepts = await this.#resources.buildPaymentRequirements({
      scheme: 'exact',
      network: this.terms.network,
      payTo: this.terms.payTo,
      price: this.price,
    });
    const resource = { url: `${this.url}${req.url}`, mimeType: 'application/json' };
    const required = async (error?: string) =>
      encodePaymentRequiredHeader(await this.#resources.createPaymentRequiredResponse(accepts, resource, error));
    const signature = req.headers['payment-signature'];
    if (typeof signature !== 'string') {
      this.unpaid++;
      res.writeHead(402, { 'PAYMENT-REQUIRED': await required(), 'content-type': 'application/json' }).end('{}');
      return;
    }
    const payment = decodePaymentSignatureHeader(signature);
    this.payments.push(payment);
    const terms = this.#resources.findMatchingRequirements(accepts, payment);
    const verified = terms && (await this.#resources.verifyPayment(payment, terms));
    if (!terms || !verified?.isValid) {
      res.writeHead(402, { 'PAYMENT-REQUIRED': await required(verified?.invalidReason ?? 'no matching terms') }).end();
      return;
    }
    const settled = await this.#resources.settlePayment(payment, terms);
    res
      .writeHead(settled.success ? 200 : 402, {
        'PAYMENT-RESPONSE': encodePaymentResponseHeader(settled),
        'content-type': 'application/json',
      })
      .end(settled.success ? JSON.stringify(this.terms.body) : '{}');
  }
}

describe('paying Nansen per call in Base USDC, under a daily budget', () => {
  let chain: SandboxEvmChain;
  let standIn: StandIn;
  let db: Db;
  const payerKey = generatePrivateKey();
  const payer = privateKeyToAccount(payerKey);
  const today = () => new Date().toISOString().slice(0, 10);

  beforeAll(async () => {
    chain = await startSandboxEvmChain({ chainId: 8453 });
    await chain.mintUsdc(payer.address, 1_000_000n);
    standIn = new StandIn({
      facilitator: createLocalFacilitator({
        evm: [{ network: NETWORKS.base, rpcUrl: chain.rpcUrl, settlers: [anvilDevAccount(5)] }],
      }),
      network: NETWORKS.base,
      scheme: new ExactEvmScheme(),
      payTo: PAYEE,
      body: HOLDINGS,
    });
    await standIn.start();
  });
  afterAll(async () => {
    await standIn?.stop();
    await chain?.stop();
  });
  beforeEach(async () => {
    db = await openTestDatabase();
    standIn.price = '$0.02';
  });

  const usdcOf = (address: Hex) =>
    chain.publicClient.readContract({ address: chain.usdc, abi: erc20Abi, functionName: 'balanceOf', args: [address] });
  const nansenPaidBy = (settings: Partial<UpstreamPayerSettings> = {}) => {
    const upstreamPayer = new UpstreamPayer(
      { evmPrivateKey: payerKey, dailyBudgetUsd: '0.05', maxPerCallUsd: '0.10', ...settings },
      upstreamSpendLedger(db),
    );
    return new NansenClient(
      { kind: 'x402', fetch: upstreamPayer.fetchFor('Nansen', NANSEN_X402.families) },
      `${standIn.url}/api/v1`,
    );
  };
  /** A refusal of ours carries no secret: neither payer key appears in its message or details. */
  const noSecretIn = (error: unknown) => {
    const said = JSON.stringify({ message: (error as Error).message, extra: (error as { extra?: unknown }).extra });
    expect(said).not.toContain(payerKey.slice(2));
  };

  it('pays each call with a settled payment, counts it in the database, and refuses once the budget is spent', async () => {
    const client = nansenPaidBy();
    const [payeeBefore, payerBefore] = await Promise.all([usdcOf(PAYEE), usdcOf(payer.address)]);

    expect((await client.smartMoneyHoldings('ethereum', 1)).rows).toEqual(HOLDINGS.data);
    expect((await client.smartMoneyHoldings('ethereum', 1)).rows).toEqual(HOLDINGS.data);
    expect(standIn.payments).toHaveLength(2);
    expect(standIn.paths).toContain('/api/v1/smart-money/holdings');
    expect(standIn.payments.map((payment) => payment.accepted.amount)).toEqual(['20000', '20000']);
    expect(await usdcOf(PAYEE)).toBe(payeeBefore + 40_000n);
    expect(await usdcOf(payer.address)).toBe(payerBefore - 40_000n);
    expect(await upstreamSpendOn(db, today())).toEqual({ microUsd: 40_000n, payments: 2 });

    // $0.04 spent of $0.05: a third $0.02 call would pass the budget.
    const unpaidBefore = standIn.unpaid;
    const refused = await client.smartMoneyHoldings('ethereum', 1).catch((error: unknown) => error);
    expect(refused).toMatchObject({
      code: 'upstream_budget_exhausted',
      status: 503,
      extra: { dailyBudgetUsd: '0.05', spentUsd: '0.04', askedUsd: '0.02' },
    });
    expect((refused as Error).message).toMatch(/resets at \d{4}-\d\d-\d\dT00:00:00\.000Z/);
    noSecretIn(refused);
    expect(standIn.unpaid).toBe(unpaidBefore + 1);
    expect(standIn.payments).toHaveLength(2);
    expect(await usdcOf(PAYEE)).toBe(payeeBefore + 40_000n);
    expect(await upstreamSpendOn(db, today())).toEqual({ microUsd: 40_000n, payments: 2 });
  });

  it('refuses a price above the per-call cap: the provider is sent no payment', async () => {
    standIn.price = '$0.25';
    const sent = standIn.payments.length;
    const payeeBefore = await usdcOf(PAYEE);
    const refused = await nansenPaidBy({ dailyBudgetUsd: '5' })
      .smartMoneyHoldings('ethereum', 1)
      .catch((error: unknown) => error);
    expect(refused).toMatchObject({ code: 'upstream_error', status: 502, extra: { askedUsd: '0.25' } });
    noSecretIn(refused);
    expect(standIn.payments).toHaveLength(sent);
    expect(await usdcOf(PAYEE)).toBe(payeeBefore);
    expect(await upstreamSpendOn(db, today())).toEqual({ microUsd: 0n, payments: 0 });
  });

  it('releases the reservation of a payment the provider refused (an unfunded payer)', async () => {
    const unfunded = generatePrivateKey();
    const upstreamPayer = new UpstreamPayer(
      { evmPrivateKey: unfunded, dailyBudgetUsd: '0.05', maxPerCallUsd: '0.10' },
      upstreamSpendLedger(db),
    );
    const client = new NansenClient(
      { kind: 'x402', fetch: upstreamPayer.fetchFor('Nansen', NANSEN_X402.families) },
      `${standIn.url}/api/v1`,
    );
    const sent = standIn.payments.length;
    await expect(client.smartMoneyHoldings('ethereum', 1)).rejects.toMatchObject({
      code: 'upstream_error',
      extra: { upstreamStatus: 402 },
    });
    expect(standIn.payments).toHaveLength(sent + 1);
    expect(await upstreamSpendOn(db, today())).toEqual({ microUsd: 0n, payments: 0 });
  });
});

describe('paying Birdeye per call in Solana USDC', () => {
  let solana: SandboxSolana;
  let standIn: StandIn;
  let db: Db;
  let payer: { address: string; secretKey: string };
  const payee = (async () => (await generateKeyPairSigner()).address)();
  const MINT = 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263';

  beforeAll(async () => {
    solana = await startSandboxSolana();
    const feePayer = await generateKeyPairSigner();
    await solana.airdrop(feePayer.address, 10_000_000_000n);
    await solana.mintUsdc(await payee, 0n);
    // The payer's secret as an operator sets it: the 64 bytes of seed and public key, as solana-keygen writes them.
    const seed = crypto.getRandomValues(new Uint8Array(32));
    const signer = await createKeyPairSignerFromPrivateKeyBytes(seed);
    const secret = [...seed, ...getAddressEncoder().encode(signer.address)];
    payer = { address: signer.address, secretKey: JSON.stringify(secret) };
    await solana.mintUsdc(signer.address, 1_000_000n);
    standIn = new StandIn({
      facilitator: createLocalFacilitator({ svm: [{ network: NETWORKS.solana, rpcUrl: solana.rpcUrl, feePayer }] }),
      network: NETWORKS.solana,
      scheme: new ExactSvmScheme(),
      payTo: await payee,
      body: { success: true, data: { address: MINT, price: 0.000021, volume_24h_usd: 1_250_000 } },
    });
    await standIn.start();
    db = await openTestDatabase();
  });
  afterAll(async () => {
    await standIn?.stop();
    await solana?.stop();
  });

  it('calls /x402/... and pays with a settled SPL transfer, counted against the day', async () => {
    const upstreamPayer = new UpstreamPayer(
      { svmPrivateKey: payer.secretKey, solanaRpcUrl: solana.rpcUrl, dailyBudgetUsd: '1', maxPerCallUsd: '0.10' },
      upstreamSpendLedger(db),
    );
    const client = new BirdeyeClient(
      { kind: 'x402', fetch: upstreamPayer.fetchFor('Birdeye', BIRDEYE_X402.families) },
      standIn.url,
    );
    const before = await Promise.all([solana.tokenBalance(await payee), solana.tokenBalance(payer.address)]);
    expect(await client.tradeData('solana', MINT)).toMatchObject({ address: MINT, priceUsd: 0.000021 });
    expect(standIn.paths[0]).toBe(`/x402/defi/v3/token/trade-data/single?address=${MINT}`);
    expect(standIn.payments).toHaveLength(1);
    expect(await solana.tokenBalance(await payee)).toBe(before[0] + 20_000n);
    expect(await solana.tokenBalance(payer.address)).toBe(before[1] - 20_000n);
    expect(await upstreamSpendOn(db, new Date().toISOString().slice(0, 10))).toEqual({
      microUsd: 20_000n,
      payments: 1,
    });
  });
});
