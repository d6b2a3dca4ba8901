import { ServiceError } from '@svc/contracts';
import { type Address, address } from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { type AssetBalance, assetBalance, type BalanceReader } from '../../balances/chain-balances.js';
import type { HandlerContext } from '../../handler.js';
import { type SolanaTokenInfo, WSOL_MINT } from '@svc/providers';
import { solanaChainOf } from '../solana-chain.js';

const LAMPORTS_DECIMALS = 9;

/** Parsed SPL token account as jsonParsed RPC answers carry it. */
interface ParsedTokenAccount {
  readonly info: {
    readonly mint: string;
    readonly tokenAmount: { readonly amount: string; readonly decimals: number };
  };
}

/**
 * Token symbols for the balance list. A deployment without a market (live without JUPITER_API_KEY) still lists
 * balances: an unknown mint is shown by its mint address as symbol.
 */
async function symbolsOf(
  context: HandlerContext,
  mints: readonly string[],
): Promise<ReadonlyMap<string, SolanaTokenInfo>> {
  try {
    return await solanaChainOf(context).market().tokensByMint(mints);
  } catch (error) {
    if (error instanceof ServiceError && error.code === 'not_configured') return new Map();
    throw error;
  }
}

/**
 * Solana balances of `owner`: native SOL first, then every SPL token account (classic Token program) with a
 * non-zero balance. WSOL (mint So111…112) is its own entry, never merged into SOL.
 */
export const solanaBalanceReader: BalanceReader = async (context, owner) => {
  const chain = solanaChainOf(context);
  const rpc = chain.rpc();
  const ownerAddress: Address = address(owner);
  const [lamports, accounts] = await Promise.all([
    rpc.getBalance(ownerAddress).send(),
    rpc.getTokenAccountsByOwner(ownerAddress, { programId: TOKEN_PROGRAM_ADDRESS }, { encoding: 'jsonParsed' }).send(),
  ]);
  const held = new Map<string, { atomic: bigint; decimals: number }>();
  for (const { account } of accounts.value) {
    const { info } = (account.data as { parsed: ParsedTokenAccount }).parsed;
    const atomic = BigInt(info.tokenAmount.amount);
    if (atomic === 0n) continue;
    const previous = held.get(info.mint);
    held.set(info.mint, { atomic: (previous?.atomic ?? 0n) + atomic, decimals: info.tokenAmount.decimals });
  }
  const symbols = await symbolsOf(context, [...held.keys()]);
  const tokens: AssetBalance[] = [...held].map(([mint, { atomic, decimals }]) =>
    assetBalance(mint === WSOL_MINT ? 'WSOL' : (symbols.get(mint)?.symbol ?? mint), mint, atomic, decimals),
  );
  return {
    network: chain.network,
    address: owner,
    assets: [assetBalance('SOL', null, lamports.value, LAMPORTS_DECIMALS), ...tokens],
  };
};
