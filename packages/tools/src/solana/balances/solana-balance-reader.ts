import { ServiceError } from '@svc/contracts';
import { type Address, address } from '@solana/kit';
import { TOKEN_PROGRAM_ADDRESS } from '@solana-program/token';
import { TOKEN_2022_PROGRAM_ADDRESS } from '@solana-program/token-2022';
import { type AssetBalance, assetBalance, type BalanceReader } from '../../balances/chain-balances.js';
import type { HandlerContext } from '../../handler.js';
import { type SolanaTokenInfo, WSOL_MINT } from '@svc/providers';
import { solanaChainOf } from '../solana-chain.js';
import { splMintsOf, TOKEN_PROGRAM_NAMES, type TokenProgram } from '../spl-accounts.js';

const LAMPORTS_DECIMALS = 9;

/** Parsed token account (either token program) as jsonParsed RPC answers carry it. */
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
 * Solana balances of `owner`: native SOL first, then every token account with a non-zero balance under either token
 * program (classic SPL Token and Token-2022; each entry names its `tokenProgram`, and a Token-2022 mint with a
 * transfer fee its `transferFeeBps`, read from the mint). WSOL (mint So111…112) is its own entry, never merged into SOL.
 */
export const solanaBalanceReader: BalanceReader = async (context, owner) => {
  const chain = solanaChainOf(context);
  const rpc = chain.rpc();
  const ownerAddress: Address = address(owner);
  const accountsOf = (programId: TokenProgram) =>
    rpc.getTokenAccountsByOwner(ownerAddress, { programId }, { encoding: 'jsonParsed' }).send();
  const [lamports, ...listings] = await Promise.all([
    rpc.getBalance(ownerAddress).send(),
    accountsOf(TOKEN_PROGRAM_ADDRESS),
    accountsOf(TOKEN_2022_PROGRAM_ADDRESS),
  ]);
  const held = new Map<string, { atomic: bigint; decimals: number; program: TokenProgram }>();
  for (const { account } of listings.flatMap((listing) => listing.value)) {
    const { info } = (account.data as { parsed: ParsedTokenAccount }).parsed;
    const atomic = BigInt(info.tokenAmount.amount);
    if (atomic === 0n) continue;
    const previous = held.get(info.mint);
    held.set(info.mint, {
      atomic: (previous?.atomic ?? 0n) + atomic,
      decimals: info.tokenAmount.decimals,
      program: account.owner as TokenProgram,
    });
  }
  const token2022Mints = [...held].flatMap(([mint, { program }]) =>
    program === TOKEN_2022_PROGRAM_ADDRESS ? [address(mint)] : [],
  );
  const [symbols, mints] = await Promise.all([symbolsOf(context, [...held.keys()]), splMintsOf(rpc, token2022Mints)]);
  const tokens: AssetBalance[] = [...held].map(([mint, { atomic, decimals, program }]) => {
    const transferFee = mints.get(address(mint))?.transferFee;
    return {
      ...assetBalance(mint === WSOL_MINT ? 'WSOL' : (symbols.get(mint)?.symbol ?? mint), mint, atomic, decimals),
      tokenProgram: TOKEN_PROGRAM_NAMES[program],
      ...(transferFee && { transferFeeBps: transferFee.transferFeeBasisPoints }),
    };
  });
  return {
    network: chain.network,
    address: owner,
    assets: [assetBalance('SOL', null, lamports.value, LAMPORTS_DECIMALS), ...tokens],
  };
};
