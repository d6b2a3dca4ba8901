import { ServiceError } from '@svc/contracts';
import {
  appendTransactionMessageInstructions,
  type Blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  generateKeyPairSigner,
  getBase64Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayerSigner,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit';
import { getTransferSolInstruction } from '@solana-program/system';
import { describe, expect, it } from 'vitest';
import { useMockAgent } from '../testing.js';
import noRoute from './fixtures/no-route.json' with { type: 'json' };
import priceV3 from './fixtures/price-v3.json' with { type: 'json' };
import quoteSolUsdc from './fixtures/quote-sol-usdc.json' with { type: 'json' };
import searchBonk from './fixtures/search-bonk.json' with { type: 'json' };
import { jupiterMarket } from './jupiter-market.js';
import { SwapUnavailable, WSOL_MINT } from './solana-market.js';

const ORIGIN = 'https://api.jup.ag';
const KEY = 'test-jupiter-key';
const USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v';
const JUP = 'JUPyiwrYJFskUPiHa7hkeR8VUtAeFoSYbKedZNsDvCN';
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('Jupiter market against recorded API responses', () => {
  const mockAgent = useMockAgent();
  const market = () => jupiterMarket({ apiKey: KEY });
  const get = (path: string, query: Record<string, string>) =>
    mockAgent()
      .get(ORIGIN)
      .intercept({ method: 'GET', path, query, headers: { 'x-api-key': KEY, accept: 'application/json' } });

  it('quotes with Swap API v1 (native SOL as the WSOL mint) and maps the route', async () => {
    get('/swap/v1/quote', {
      inputMint: WSOL_MINT,
      outputMint: USDC,
      amount: '100000000',
      slippageBps: '50',
      swapMode: 'ExactIn',
    }).reply(200, quoteSolUsdc, { headers: JSON_HEADERS });
    const quote = await market().quote({
      inputAsset: 'SOL',
      outputAsset: USDC,
      amount: 100_000_000n,
      swapMode: 'ExactIn',
      slippageBps: 50,
    });
    expect(quote).toMatchObject({
      inputAsset: 'SOL',
      outputAsset: USDC,
      inAmount: 100_000_000n,
      outAmount: 16_198_753n,
    });
    expect(quote.route).toEqual([
      {
        venue: 'Meteora DLMM',
        poolAddress: '5BKxfWMbmYBAEWvyPZS9esPducUba9GqyMjtLCfbaqyF',
        inputAsset: 'SOL',
        outputAsset: USDC,
        inAmount: 100_000_000n,
        outAmount: 16_198_753n,
      },
    ]);
  });

  it('builds the swap transaction from the quote with wrapAndUnwrapSol for native SOL', async () => {
    get('/swap/v1/quote', {
      inputMint: WSOL_MINT,
      outputMint: USDC,
      amount: '100000000',
      slippageBps: '50',
      swapMode: 'ExactIn',
    }).reply(200, quoteSolUsdc, { headers: JSON_HEADERS });
    const user = (await generateKeyPairSigner()).address;
    const message = pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayerSigner(createNoopSigner(user), m),
      (m) =>
        setTransactionMessageLifetimeUsingBlockhash(
          { blockhash: '4vJ9JU1bJJE96FWSJKvHsmmFADCg4gpZQff4P3bkLKi' as Blockhash, lastValidBlockHeight: 279_632_475n },
          m,
        ),
      (m) =>
        appendTransactionMessageInstructions(
          [getTransferSolInstruction({ source: createNoopSigner(user), destination: user, amount: 1n })],
          m,
        ),
    );
    const wire = getBase64Decoder().decode(getTransactionEncoder().encode(compileTransaction(message)));
    let sent: unknown;
    mockAgent()
      .get(ORIGIN)
      .intercept({
        method: 'POST',
        path: '/swap/v1/swap',
        headers: { 'x-api-key': KEY, 'content-type': 'application/json' },
        body: (body) => ((sent = JSON.parse(body)), true),
      })
      .reply(
        200,
        { swapTransaction: wire, lastValidBlockHeight: 279632475, prioritizationFeeLamports: 9999 },
        { headers: JSON_HEADERS },
      );
    const jupiter = market();
    const quote = await jupiter.quote({
      inputAsset: 'SOL',
      outputAsset: USDC,
      amount: 100_000_000n,
      swapMode: 'ExactIn',
      slippageBps: 50,
    });
    const transaction = await jupiter.swapTransaction(quote, user, 16_117_760n, 50);
    expect(sent).toEqual({
      quoteResponse: quoteSolUsdc,
      userPublicKey: user,
      wrapAndUnwrapSol: true,
      dynamicComputeUnitLimit: true,
    });
    expect(Object.keys(transaction.signatures)).toEqual([user]);
    expect(transaction.signatures[user]).toBeNull();
  });

  it('reports no route as SwapUnavailable and other failures as upstream errors', async () => {
    get('/swap/v1/quote', {
      inputMint: USDC,
      outputMint: JUP,
      amount: '5',
      slippageBps: '100',
      swapMode: 'ExactOut',
    }).reply(400, noRoute, { headers: JSON_HEADERS });
    await expect(
      market().quote({ inputAsset: USDC, outputAsset: JUP, amount: 5n, swapMode: 'ExactOut', slippageBps: 100 }),
    ).rejects.toMatchObject({ reason: 'no_route' });
    // A 5xx is retried (a GET), so it fails the call only when it outlasts the retries.
    get('/price/v3', { ids: JUP }).reply(500, 'oops').times(3);
    const failed = await market()
      .pricesUsd([JUP])
      .catch((error: unknown) => error);
    expect(failed).toBeInstanceOf(ServiceError);
    expect(failed).toMatchObject({ code: 'upstream_error', extra: { provider: 'Jupiter', upstreamStatus: 500 } });
    expect(failed).not.toBeInstanceOf(SwapUnavailable);
  });

  it('prices with Price API v3 (confidence from liquidity) and leaves unpriced mints out', async () => {
    const unpriced = (await generateKeyPairSigner()).address;
    get('/price/v3', { ids: `${WSOL_MINT},${JUP},${unpriced}` }).reply(200, priceV3, { headers: JSON_HEADERS });
    const prices = await market().pricesUsd(['SOL', JUP, unpriced]);
    expect(prices.get('SOL')).toEqual({ priceUsd: 147.4789340738336, confidence: 'high' });
    expect(prices.get(JUP)).toEqual({ priceUsd: 0.4056018512541055, confidence: 'high' });
    expect(prices.has(unpriced)).toBe(false);
  });

  it('searches tokens with Tokens API v2, exact symbol first', async () => {
    get('/tokens/v2/search', { query: 'bonk' }).reply(200, searchBonk, { headers: JSON_HEADERS });
    expect(await market().findTokens('bonk')).toEqual([
      { asset: 'DezXAZ8z7PnrnRJjz3wXBoRgixCa6xjnB7YaB1pPB263', symbol: 'Bonk', name: 'Bonk', decimals: 5 },
      { asset: '6D7NaB2xsLd7cauWu1wKk6KBsJohJmP2qZH9GEfVi5Ui', symbol: 'BONKINU', name: 'Bonk Inu', decimals: 9 },
    ]);
  });
});
