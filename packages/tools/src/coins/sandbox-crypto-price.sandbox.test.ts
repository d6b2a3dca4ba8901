import { HBAR } from '@svc/chains';
import { HederaSandboxLedger, sandboxHederaNetwork } from '@svc/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { callTool, sandboxMarketContext } from '../testing/sandbox-market-history.js';

const USDC = '0.0.456858';
let ledger: HederaSandboxLedger;
let context: HandlerContext;
beforeAll(async () => {
  ledger = await HederaSandboxLedger.create();
  context = sandboxMarketContext([], { hedera: async () => sandboxHederaNetwork(ledger, () => {}) });
}, 20_000);

describe('getCryptoPrice hbar on the sandbox Hedera ledger', () => {
  it("is the spot price of the venue's HBAR/USDC pool, from its reserves", async () => {
    const pool = ledger.pools().find((p) => p.assets.includes(HBAR) && p.assets.includes(USDC))!;
    const [hbar, usdc] = pool.assets[0] === HBAR ? pool.reserves : [pool.reserves[1], pool.reserves[0]];
    const result = await callTool('getCryptoPrice', { coinId: 'hbar' }, context);
    expect(result).toMatchObject({
      coinId: 'hbar',
      coingeckoId: 'hedera-hashgraph',
      priceUsd: Number(usdc) / 1e6 / (Number(hbar) / 1e8),
      change24hPercent: null,
    });
    // Seeded at 4,000,000 HBAR against 1,000,000 USDC.
    expect(result.priceUsd).toBe(0.25);
    expect(result.note).toMatch(/HBAR\/USDC pool of the sandbox Hedera swap venue/);
  });
});
