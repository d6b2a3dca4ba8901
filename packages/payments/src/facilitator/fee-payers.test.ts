import type { FacilitatorClient } from '@x402/core/server';
import { describe, expect, it } from 'vitest';
import { NETWORKS } from '../tokens.js';
import { feePayersOf } from './fee-payers.js';

const facilitatorSupporting = (kinds: unknown[]) =>
  ({ getSupported: async () => ({ kinds, extensions: [], signers: {} }) }) as unknown as FacilitatorClient;

describe('feePayersOf', () => {
  it("reads the Solana fee payer from the facilitator's exact kind for Solana mainnet", async () => {
    const facilitator = facilitatorSupporting([
      { x402Version: 2, scheme: 'exact', network: NETWORKS.base },
      {
        x402Version: 2,
        scheme: 'exact',
        network: 'solana:EtWTRABZaYq6iMfeYKouRu166VU2xqa1',
        extra: { feePayer: 'Devnet111' },
      },
      { x402Version: 2, scheme: 'exact', network: NETWORKS.solana, extra: { feePayer: 'FeePayer111' } },
    ]);
    expect(await feePayersOf(facilitator)).toEqual({ solana: 'FeePayer111' });
  });

  it('has none when the facilitator does not settle Solana mainnet', async () => {
    expect(
      await feePayersOf(facilitatorSupporting([{ x402Version: 2, scheme: 'exact', network: NETWORKS.base }])),
    ).toEqual({});
  });
});
