import { describe, expect, it } from 'vitest';
import { liveSolanaChain } from './solana-chain.js';

describe('the live Solana chain', () => {
  it('answers 503 naming the setting when live Solana is not configured', () => {
    const unconfigured = liveSolanaChain({});
    expect(() => unconfigured.rpc()).toThrow(
      expect.objectContaining({ code: 'not_configured', extra: { setting: 'SOLANA_RPC_URL' } }),
    );
    expect(() => unconfigured.market()).toThrow(
      expect.objectContaining({ code: 'not_configured', extra: { setting: 'JUPITER_API_KEY' } }),
    );
    expect(
      liveSolanaChain({
        SOLANA_RPC_URL: 'https://api.mainnet-beta.solana.com',
        JUPITER_API_KEY: 'test-jupiter-key',
      }).market(),
    ).toBeDefined();
  });
});
