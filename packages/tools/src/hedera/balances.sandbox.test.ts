import { HBAR, longZeroAddressOf } from '@svc/chains';
import { HederaSandboxLedger, sandboxHederaNetwork } from '@svc/sandbox';
import { beforeAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { hederaBalances } from './balances.js';

const USDC = '0.0.456858';
let ledger: HederaSandboxLedger;
let context: HandlerContext;
beforeAll(async () => {
  ledger = await HederaSandboxLedger.create();
  context = {
    mode: 'sandbox',
    caller: undefined,
    hedera: async () => sandboxHederaNetwork(ledger, () => {}),
  } as HandlerContext;
}, 20_000);

describe('hederaBalances (the reader getAllBalances uses)', () => {
  it('reads an account by alias, by long-zero address and by id: HBAR first, then its tokens', async () => {
    const alias = `0x${'5a'.repeat(20)}`;
    const { createdAccounts } = await ledger.fund(alias, HBAR, 123_456_789n);
    await ledger.fund(alias, USDC, 2_500_001n);
    const accountId = createdAccounts[0] as string;
    const expected = [
      { symbol: 'HBAR', address: null, decimals: 8, balance: '1.23456789', humanReadableBalance: '1.234568' },
      { symbol: 'USDC', address: USDC, decimals: 6, balance: '2.500001', humanReadableBalance: '2.500001' },
    ];
    for (const address of [alias, longZeroAddressOf(accountId) as string, accountId]) {
      expect(await hederaBalances(context, address)).toEqual({ network: 'hedera:mainnet', address, assets: expected });
    }
  });

  it('answers zero HBAR for an address with no account, not an error', async () => {
    const address = `0x${'77'.repeat(20)}`;
    expect(await hederaBalances(context, address)).toEqual({
      network: 'hedera:mainnet',
      address,
      assets: [{ symbol: 'HBAR', address: null, decimals: 8, balance: '0', humanReadableBalance: '0' }],
    });
  });

  it('answers 503 naming HEDERA_NETWORK where no Hedera network is configured', async () => {
    await expect(hederaBalances({ ...context, hedera: undefined }, `0x${'77'.repeat(20)}`)).rejects.toMatchObject({
      code: 'not_configured',
      status: 503,
      extra: { setting: 'HEDERA_NETWORK' },
    });
  });
});
