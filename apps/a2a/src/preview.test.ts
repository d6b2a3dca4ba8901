import { findTool } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { previewLine, previewOf } from './preview.js';

describe('previewOf', () => {
  it('shows chain, recipient, amount, token and price of a send, and says the network fee is not known yet', () => {
    const preview = previewOf(
      findTool('baseSendERC20Token')!,
      {
        to: '0x00000000000000000000000000000000000000b0',
        amount: '5',
        token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913',
      },
      '0.01',
    );
    expect(preview).toMatchObject({
      tool: 'baseSendERC20Token',
      chain: 'Base',
      to: '0x00000000000000000000000000000000000000b0',
      amounts: { amount: '5' },
      token: { token: '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913' },
      priceUsd: '0.01',
    });
    expect(preview.estimatedFees).toEqual(expect.stringContaining('not derivable'));
    expect(previewLine(preview)).toBe(
      'baseSendERC20Token on Base, amounts {"amount":"5"}, token {"token":"0x833589fcd6edb6e08f4c7c32d4f71b54bda02913"}, to 0x00000000000000000000000000000000000000b0, price $0.01',
    );
  });

  it('takes fee fields from the input when the call states them', () => {
    const preview = previewOf(
      findTool('sendInscription')!,
      { inscriptionId: 'abc', to: 'bc1qexample', feeRate: 12 },
      '0.02',
    );
    expect(preview).toMatchObject({
      chain: 'Bitcoin Ordinals',
      to: 'bc1qexample',
      token: { inscriptionId: 'abc' },
      estimatedFees: { feeRate: 12 },
    });
  });
});
