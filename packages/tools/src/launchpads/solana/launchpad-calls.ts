import { invalidField, notConfigured, ServiceError } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import { SOLANA_RPC_SETTING } from '@svc/providers';
import { slippageOf } from '@svc/store';
import { address, type KeyPairSigner, signTransaction, type Transaction } from '@solana/kit';
import { callerOf, type HandlerContext } from '../../handler.js';
import type { CurveToken, SolanaLaunchpad, SolanaLaunchpads } from '../../ports/solana-launchpads.js';
import { atomicAmount } from '../../solana/amounts.js';
import { slippageBpsOf } from '../../solana/swap/execute-swap.js';
import { solanaChainOf } from '../../solana/solana-chain.js';
import { vaultSolanaSigner } from '../../solana/vault-signer.js';

export const SOL_DECIMALS = 9;
/** What a new token account costs (rent of 165 bytes): a buyer's first buy of a token creates one. */
const TOKEN_ACCOUNT_RENT_LAMPORTS = 2_039_280n;
/** Fees of a launchpad transaction: a few signatures at 5,000 lamports. */
const FEE_ALLOWANCE_LAMPORTS = 20_000n;

/** The deployment's Solana launchpads; without a Solana chain they answer 503 naming SOLANA_RPC_URL. */
export function launchpadsOf(context: HandlerContext): SolanaLaunchpads {
  if (!context.solanaLaunchpads) throw notConfigured(SOLANA_RPC_SETTING.setting, SOLANA_RPC_SETTING.provider);
  return context.solanaLaunchpads;
}

/** The caller's vault: its account, signer (opened for this call only) and SOL balance. */
export async function callerVault(context: HandlerContext) {
  const { accountId } = callerOf(context);
  const signer: KeyPairSigner = await vaultSolanaSigner(context, accountId);
  const lamports = (await solanaChainOf(context).rpc().getBalance(signer.address).send()).value;
  return { accountId, signer, lamports };
}

/** The account's pump slippage (percent) and its basis points: the bound every curve buy and sell fills within. */
export async function pumpSlippageOf(context: HandlerContext, accountId: string) {
  const { pumpSlippage } = await slippageOf(context.db, accountId);
  return { percent: pumpSlippage, bps: slippageBpsOf(pumpSlippage) };
}

/**
 * Refuses before signing when the vault cannot pay `lamports` plus fees, and the rent of the token account a buy may
 * create (`createsTokenAccount`; a sale or burn spends from one that exists): 400, nothing moves.
 */
export function requireSol(
  balance: bigint,
  lamports: bigint,
  field: string,
  what: string,
  createsTokenAccount = true,
): void {
  const needed = lamports + FEE_ALLOWANCE_LAMPORTS + (createsTokenAccount ? TOKEN_ACCOUNT_RENT_LAMPORTS : 0n);
  if (balance < needed)
    throw invalidField(
      field,
      'insufficient_funds',
      `${what} needs about ${formatUnits(needed, SOL_DECIMALS)} SOL with fees and rent; the vault holds ${formatUnits(balance, SOL_DECIMALS)} SOL. Nothing was sent.`,
    );
}

/** SOL in lamports from a tool's SOL amount (positive decimal); refused when it has more than 9 decimals. */
export const lamportsOf = (sol: number | string, field: string) => atomicAmount(sol, SOL_DECIMALS, field);

/**
 * The commit point of every launchpad write: the vault signs (every refusal came before), the call's payment
 * settles, then the transaction is sent, after its `setup` transaction when there is one (the vault signs that one
 * only when it is among its signers). Resolves with the transaction's signature once it landed.
 */
export async function signCommitSend(
  context: HandlerContext,
  launchpads: SolanaLaunchpads,
  vault: KeyPairSigner,
  transaction: Transaction,
  setup?: Transaction,
): Promise<string> {
  const signed = await signTransaction([vault.keyPair], transaction);
  const signedSetup =
    setup && (vault.address in setup.signatures ? await signTransaction([vault.keyPair], setup) : setup);
  await context.commit?.();
  if (signedSetup) await launchpads.send(signedSetup);
  return launchpads.send(signed);
}

/** The token of `mint` on `launchpad`: 404 when no launchpad knows it, 400 when another launchpad launched it. */
export async function launchpadToken(
  launchpads: SolanaLaunchpads,
  mint: string,
  launchpad: SolanaLaunchpad,
): Promise<CurveToken> {
  const token = await launchpads.token(address(mint), launchpad);
  if (!token) throw new ServiceError('not_found', `${mint} is not a token of the ${launchpadName[launchpad]}.`);
  if (token.launchpad !== launchpad)
    throw invalidField(
      'tokenAddress',
      'wrong_launchpad',
      `${mint} was launched on the ${launchpadName[token.launchpad]}, not the ${launchpadName[launchpad]}`,
    );
  return token;
}

export const launchpadName: Record<SolanaLaunchpad, string> = {
  pump: 'pump-style bonding-curve launchpad',
  pad: 'LaunchLab-style launchpad',
  svc: "service's launchpad",
};

/** A token amount in human units, in atomic units of `token`; more decimals than it has is refused. */
export const tokenAtomic = (amount: string, token: CurveToken, field = 'amount') =>
  atomicAmount(amount, token.decimals, field);

/** The public view of a token in answers. */
export function tokenView(token: CurveToken) {
  return {
    mint: token.mint,
    name: token.name,
    symbol: token.symbol,
    description: token.description,
    imageUri: token.imageUri,
    website: token.website,
    twitter: token.twitter,
    telegram: token.telegram,
    creator: token.creator,
    createdAt: new Date(token.createdAt * 1000).toISOString(),
    lastTradeAt: token.lastTradeAt === null ? null : new Date(token.lastTradeAt * 1000).toISOString(),
    decimals: token.decimals,
    supply: token.supply,
    graduated: token.graduated,
    graduatedAt: token.graduatedAt === null ? null : new Date(token.graduatedAt * 1000).toISOString(),
    curvePercent: token.curvePercent,
    solRaised: token.realSol,
    solTarget: token.targetSol,
    priceSol: token.priceSol,
    priceUsd: token.priceUsd,
    marketCapUsd: token.marketCapUsd,
    liquidityUsd: token.liquidityUsd,
    volumeUsd: token.volumeUsd,
    devHoldPercent: token.devHoldPercent,
    insiderHoldPercent: token.insiderHoldPercent,
    holderCount: token.holderCount,
    buyCount: token.buyCount,
    sellCount: token.sellCount,
    tradeCount: token.buyCount + token.sellCount,
    sniperWalletCount: token.sniperWalletCount,
  };
}
