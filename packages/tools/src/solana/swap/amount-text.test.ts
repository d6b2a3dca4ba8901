import { describe, expect, it } from 'vitest';
import { parseAmountText } from './amount-text.js';

describe('splBuyIntent amount_text', () => {
  it('reads a bare number, with k/m suffixes, as the quantity to receive', () => {
    expect(parseAmountText('250')).toEqual({ kind: 'receive', quantity: '250' });
    expect(parseAmountText(' 1.5k ')).toEqual({ kind: 'receive', quantity: '1500' });
    expect(parseAmountText('2M')).toEqual({ kind: 'receive', quantity: '2000000' });
    expect(parseAmountText('0.0005k')).toEqual({ kind: 'receive', quantity: '0.5' });
    expect(parseAmountText('.5')).toEqual({ kind: 'receive', quantity: '.5' });
  });

  it("reads '$N' and 'N usd' as dollars to spend, 'N sol' and 'N SYMBOL' as a quantity of spend_token", () => {
    expect(parseAmountText('$15')).toEqual({ kind: 'spendUsd', usd: '15' });
    expect(parseAmountText('$ 2.5')).toEqual({ kind: 'spendUsd', usd: '2.5' });
    expect(parseAmountText('7 USD')).toEqual({ kind: 'spendUsd', usd: '7' });
    expect(parseAmountText('0.1 sol')).toEqual({ kind: 'spend', quantity: '0.1', symbol: 'sol' });
    expect(parseAmountText('100 USDC')).toEqual({ kind: 'spend', quantity: '100', symbol: 'USDC' });
  });

  it('refuses anything else with a 400 on amount_text', () => {
    for (const text of ['lots', '1.5x', '$', '-3', '1 2 3', 'sol 1']) {
      expect(() => parseAmountText(text)).toThrow(
        expect.objectContaining({
          code: 'invalid_input',
          issues: [expect.objectContaining({ field: 'amount_text', rule: 'format' })],
        }),
      );
    }
  });
});
