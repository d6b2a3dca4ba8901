import { PUMP_CURVE, quoteCurveBuy } from '@svc/chains';
import { ServiceError } from '@svc/contracts';
import {
  bondingCurveAddress,
  creatorVaultAddress,
  liveSolanaChain,
  PUMP_PROGRAM_ADDRESS,
  pumpGlobalAddress,
  type SolanaChain,
} from '@svc/providers';
import { encodePumpAccount } from '@svc/providers/testing';
import {
  type Address,
  generateKeyPairSigner,
  getBase64Decoder,
  getCompiledTransactionMessageDecoder,
} from '@solana/kit';
import { describe, expect, it } from 'vitest';
import { liveSolanaLaunchpads } from './live-solana-launchpads.js';

const RENT = 890_880n;
const fresh = { realSol: 0n, realToken: PUMP_CURVE.curveSupply };

/** A Solana chain whose RPC answers from `accounts` (data) and `balances` (lamports), with SOL at $150. */
function chainWith(accounts: Map<Address, Uint8Array>, balances = new Map<Address, bigint>()): SolanaChain {
  const answer = <T>(value: T) => ({ send: async () => value });
  const rpc = {
    getAccountInfo: (account: Address) => {
      const data = accounts.get(account);
      return answer({ value: data ? { data: [getBase64Decoder().decode(data), 'base64'] } : null });
    },
    getBalance: (account: Address) => answer({ value: balances.get(account) ?? 0n }),
    getMinimumBalanceForRentExemption: () => answer(RENT),
    getLatestBlockhash: () =>
      answer({ value: { blockhash: '4uQeVj5tqViQh7yWWGStvkEG1Zmhx6uasJtWCJziofM', lastValidBlockHeight: 1n } }),
  };
  return {
    network: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    landsOnSend: false,
    rpc: () => rpc as unknown as ReturnType<SolanaChain['rpc']>,
    market: () =>
      ({
        pricesUsd: async () => new Map([['SOL', { priceUsd: 150, confidence: 'high' }]]),
        tokensByMint: async () => new Map(),
      }) as unknown as ReturnType<SolanaChain['market']>,
  };
}

async function pumpAccounts(curve: { complete?: boolean; creator: Address }) {
  const mint = (await generateKeyPairSigner()).address;
  const accounts = new Map<Address, Uint8Array>([
    [
      await bondingCurveAddress(mint),
      encodePumpAccount('BondingCurve', {
        virtual_token_reserves: PUMP_CURVE.virtualToken0,
        virtual_quote_reserves: PUMP_CURVE.virtualSol0,
        real_token_reserves: PUMP_CURVE.curveSupply,
        real_quote_reserves: 0n,
        token_total_supply: PUMP_CURVE.totalSupply,
        complete: curve.complete ?? false,
        creator: curve.creator,
      }),
    ],
    [await pumpGlobalAddress(), encodePumpAccount('Global', { fee_basis_points: 95n, creator_fee_basis_points: 5n })],
  ]);
  return { mint, accounts };
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'resolved',
    (error: unknown) => (error instanceof ServiceError ? error.code : String(error)),
  );

describe('live Solana launchpads (pump.fun program over SOLANA_RPC_URL)', () => {
  it("quotes with the curve's on-chain reserves and the Global account's fees", async () => {
    const creator = (await generateKeyPairSigner()).address;
    const { mint, accounts } = await pumpAccounts({ creator });
    const launchpads = liveSolanaLaunchpads(chainWith(accounts));
    expect(await launchpads.quoteBuy(mint, 1_000_000_000n)).toEqual(quoteCurveBuy(PUMP_CURVE, fresh, 1_000_000_000n));
    const token = await launchpads.token(mint);
    expect(token).toMatchObject({ launchpad: 'pump', creator, graduated: false, curvePercent: 0, decimals: 6 });
    expect(token!.priceUsd).toBeCloseTo((30 / 1_073_000_000) * 150, 12);
    expect(await launchpads.token((await generateKeyPairSigner()).address)).toBeUndefined();
  });

  it('a graduated curve refuses trades (409: trade it with splBuyIntent); a mint without a curve is 404', async () => {
    const { mint, accounts } = await pumpAccounts({ complete: true, creator: (await generateKeyPairSigner()).address });
    const launchpads = liveSolanaLaunchpads(chainWith(accounts));
    expect((await launchpads.token(mint))?.graduated).toBe(true);
    expect(await codeOf(launchpads.quoteBuy(mint, 1n))).toBe('state_conflict');
    expect(await codeOf(launchpads.quoteSell((await generateKeyPairSigner()).address, 1n))).toBe('not_found');
  });

  it('claims creator fees with collect_creator_fee_v2; nothing to claim is a 409', async () => {
    const creator = (await generateKeyPairSigner()).address;
    const vault = await creatorVaultAddress(creator);
    const launchpads = liveSolanaLaunchpads(chainWith(new Map(), new Map([[vault, RENT + 500_000_000n]])));
    const { transaction, lamports } = await launchpads.claimCreatorFeesTransaction(creator);
    expect(lamports).toBe(500_000_000n);
    const message = getCompiledTransactionMessageDecoder().decode(transaction.messageBytes);
    expect(message.staticAccounts[0]).toBe(creator);
    expect(message.staticAccounts).toContain(PUMP_PROGRAM_ADDRESS);
    const empty = liveSolanaLaunchpads(chainWith(new Map(), new Map([[vault, RENT]])));
    expect(await codeOf(empty.claimCreatorFeesTransaction(creator))).toBe('state_conflict');
  });

  it('answers 503 naming SOLANA_RPC_URL without it, and 501 for what live mode does not build yet', async () => {
    const unconfigured = liveSolanaLaunchpads(liveSolanaChain({}));
    const mint = (await generateKeyPairSigner()).address;
    await expect(unconfigured.quoteBuy(mint, 1n)).rejects.toMatchObject({
      code: 'not_configured',
      message: expect.stringContaining('SOLANA_RPC_URL'),
    });
    const launchpads = liveSolanaLaunchpads(chainWith(new Map()));
    expect(await codeOf(launchpads.tokens('pump'))).toBe('not_implemented');
    expect(await codeOf(launchpads.buyTransaction(mint, mint, 1n, 1n))).toBe('not_implemented');
    expect(
      await codeOf(
        launchpads.launchTransaction({
          launchpad: 'pump',
          creator: mint,
          metadata: { name: 'a', symbol: 'A' },
          devBuyLamports: 0n,
        }),
      ),
    ).toBe('not_implemented');
  });
});
