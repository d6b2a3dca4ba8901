import { readFileSync } from 'node:fs';
import { ServiceError } from '@svc/contracts';
import { encodeFunctionData, erc20Abi, type Address } from 'viem';
import { describe, expect, it } from 'vitest';
import type { RouterCurrency, RouterQuote } from '../ports/cross-chain.js';
import { checkQuotedTransactions } from './router-tools.js';

/** Relay's recorded quote (ETH on Ethereum to Base; providers' relay/fixtures/README.md). */
const recorded = JSON.parse(
  readFileSync(new URL('../../../providers/src/relay/fixtures/quote-bridge-eth.json', import.meta.url), 'utf8'),
) as {
  steps: { id: string; items: { data: { to: string; data: string; value: string; chainId: number } }[] }[];
  details: { currencyIn: { amount: string } };
};
const RECEIVER = '0xa5f565650890fba1824ee0f21ebbbf660a179934';
const USDC = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48';
const amount = BigInt(recorded.details.currencyIn.amount);
const eth: RouterCurrency = {
  ticker: 'ETH',
  name: 'Ether',
  network: 'eth',
  chainId: 1,
  address: '0x0000000000000000000000000000000000000000',
  decimals: 18,
  tokenContract: null,
};
const usdc: RouterCurrency = {
  ...eth,
  ticker: 'USDC',
  name: 'USD Coin',
  address: USDC,
  decimals: 6,
  tokenContract: USDC,
};

type Transaction = RouterQuote['steps'][number]['transactions'][number];
/** The recorded quote as the port gives it, its deposit altered by `alter`, and `before` transactions first. */
const quoteWith = (alter: Partial<Transaction> = {}, before: Transaction[] = []): RouterQuote => ({
  requestId: '0xabc',
  steps: recorded.steps.map((step) => ({
    id: step.id,
    action: step.id,
    description: '',
    transactions: [
      ...before,
      ...step.items.map(({ data: { to, data, value, chainId } }) => ({ to, data, value, chainId, ...alter })),
    ],
  })),
  depositTargets: [RECEIVER],
  fromAmount: '0.001001599368867232',
  toAmount: '0.001',
  minimumToAmount: null,
  fees: [],
  estimatedSeconds: 12,
});
const approval = (spender: string, approved: bigint): Transaction => ({
  to: USDC,
  data: encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [spender as Address, approved] }),
  value: '0',
  chainId: 1,
});
const refused = (run: () => void, why: RegExp) => {
  expect(run).toThrow(ServiceError);
  expect(run).toThrow(why);
  try {
    run();
  } catch (error) {
    expect((error as ServiceError).code).toBe('upstream_error');
  }
};

describe('checkQuotedTransactions', () => {
  it("takes Relay's recorded deposit: the quoted amount to its receiver", () => {
    expect(() => checkQuotedTransactions(quoteWith(), eth, amount)).not.toThrow();
  });

  it('refuses more native value than the amount swapped', () => {
    refused(() => checkQuotedTransactions(quoteWith({ value: String(amount + 1n) }), eth, amount), /native value/);
  });

  it('refuses a transaction to an address the provider does not name, or on another chain', () => {
    refused(
      () => checkQuotedTransactions(quoteWith({ to: '0x00000000000000000000000000000000000bad00' }), eth, amount),
      /not a deposit target/,
    );
    refused(() => checkQuotedTransactions(quoteWith({ chainId: 8453 }), eth, amount), /chain 8453/);
  });

  it('from an ERC-20: no native value, and an approval of at most the amount to a deposit target', () => {
    const atomic = 1_000_000n;
    expect(() =>
      checkQuotedTransactions(quoteWith({ value: '0' }, [approval(RECEIVER, atomic)]), usdc, atomic),
    ).not.toThrow();
    refused(() => checkQuotedTransactions(quoteWith({}, [approval(RECEIVER, atomic)]), usdc, atomic), /native value/);
    refused(
      () => checkQuotedTransactions(quoteWith({ value: '0' }, [approval(RECEIVER, atomic + 1n)]), usdc, atomic),
      /more than/,
    );
    refused(
      () =>
        checkQuotedTransactions(
          quoteWith({ value: '0' }, [approval('0x00000000000000000000000000000000000bad00', atomic)]),
          usdc,
          atomic,
        ),
      /not a deposit target/,
    );
    refused(
      () =>
        checkQuotedTransactions(
          quoteWith({ value: '0' }, [{ ...approval(RECEIVER, atomic), data: '0x' }]),
          usdc,
          atomic,
        ),
      /other than an approval/,
    );
  });
});
