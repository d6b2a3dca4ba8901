import { liveSolanaChain } from '@svc/providers';
import { RECORDED_SOLANA_TOKEN_ACCOUNTS, replayJsonRpc, useMockAgent } from '@svc/providers/testing';
import { describe, expect, it } from 'vitest';
import type { HandlerContext } from '../../handler.js';
import { solanaBalanceReader } from './solana-balance-reader.js';

const RPC = 'https://solana-rpc.example/';
// Owners of the recorded Token-2022 accounts (fixtures in packages/providers/src/solana-chain/fixtures).
const TSLAX_HOLDER = 'Eh5q92xtwYp9mcczwxKsi53PQScoBdY1mmxUVd7Mtixj';
const FEE_MINT_HOLDER = 'QT1tXf1kz2fMyRPmGdDCCTY6aFcxXaXK3CuwvyCprb1';

describe('live Solana balances list Token-2022 accounts next to classic ones (JSON-RPC replayed by MockAgent)', () => {
  const mockAgent = useMockAgent({ assertAllUsed: false });
  // No JUPITER_API_KEY: symbols fall back to the mint address, the balances are still listed.
  const context = () => ({ solana: liveSolanaChain({ SOLANA_RPC_URL: RPC }) }) as unknown as HandlerContext;

  it('reads both token programs and names the program of each token; the mint is read for its transfer fee', async () => {
    const replay = replayJsonRpc(mockAgent(), RPC, RECORDED_SOLANA_TOKEN_ACCOUNTS);
    const balances = await solanaBalanceReader(context(), TSLAX_HOLDER);
    expect(balances.assets).toEqual([
      { symbol: 'SOL', address: null, decimals: 9, balance: '0', humanReadableBalance: '0' },
      {
        symbol: 'XsDoVfqeBukxuZHWhdvWHBhgEHjGNst4MLodqsJHzoB',
        address: 'XsDoVfqeBukxuZHWhdvWHBhgEHjGNst4MLodqsJHzoB',
        decimals: 8,
        balance: '0.00100195',
        humanReadableBalance: '0.001002',
        tokenProgram: 'spl-token-2022',
      },
    ]);
    expect(replay.received.map((request) => request.method).sort()).toEqual([
      'getBalance',
      'getMultipleAccounts',
      'getTokenAccountsByOwner',
      'getTokenAccountsByOwner',
    ]);
  });

  it('leaves out a Token-2022 account holding nothing (its withheld fee is not a balance) and reads no mint', async () => {
    const replay = replayJsonRpc(mockAgent(), RPC, RECORDED_SOLANA_TOKEN_ACCOUNTS);
    const balances = await solanaBalanceReader(context(), FEE_MINT_HOLDER);
    expect(balances.assets).toEqual([
      { symbol: 'SOL', address: null, decimals: 9, balance: '0', humanReadableBalance: '0' },
    ]);
    expect(replay.received.map((request) => request.method)).not.toContain('getMultipleAccounts');
  });
});
