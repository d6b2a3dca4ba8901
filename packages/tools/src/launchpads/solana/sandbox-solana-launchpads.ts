import { invalidField, ServiceError } from '@svc/contracts';
import { recordRead } from '@svc/providers';
import { PUMP_CURVE } from '@svc/chains';
import { LaunchpadError, type LaunchpadToken, padCurve, type SandboxSolana, SVC_CURVE } from '@svc/sandbox';
import { address, getSignatureFromTransaction } from '@solana/kit';
import type { CurveToken, SolanaLaunchpads } from '../../ports/solana-launchpads.js';

/** What answers built from the sandbox launchpads name as their source. */
const SOURCE = 'Sandbox Solana launchpads';
const LAMPORTS_PER_SOL = 1e9;

/** The launchpads' refusals as the tools answer them (4xx; nothing was signed). */
function refusal(error: LaunchpadError): ServiceError {
  switch (error.reason) {
    case 'unknown_token':
      return new ServiceError('not_found', `${error.message}.`);
    case 'wrong_launchpad':
      return invalidField('tokenAddress', 'wrong_launchpad', error.message);
    case 'graduated':
      return new ServiceError(
        'state_conflict',
        `${error.message}: curveTradeQuote answers venue 'jupiter'; buy it with splBuyIntent. Nothing was sent.`,
      );
    case 'insufficient_liquidity':
      return invalidField('amount', 'insufficient_liquidity', error.message);
    case 'insufficient_balance':
      return invalidField('amount', 'insufficient_funds', `${error.message}. Nothing was sent.`);
    case 'slippage':
      return new ServiceError(
        'state_conflict',
        `The price moved past your slippage bound before the trade was signed: ${error.message}. Nothing was sent; quote again.`,
      );
    case 'not_creator':
      return new ServiceError('not_holder', `${error.message}. Nothing was burned.`);
    case 'nothing_to_claim':
      return new ServiceError('state_conflict', `${error.message}. Nothing was sent.`);
    case 'conflict':
      return new ServiceError('state_conflict', `${error.message}. Nothing was sent; call again.`);
  }
}

async function refused<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof LaunchpadError) throw refusal(error);
    throw error;
  }
}

const whole = (atomic: bigint, decimals: number) => Number(atomic) / 10 ** decimals;

/**
 * The sandbox chain's launchpads (packages/sandbox solana/launchpads) as the tools' port. USD figures use the swap
 * venue's SOL price; a graduated token is priced by its venue pool.
 */
export function sandboxSolanaLaunchpads(solana: SandboxSolana): SolanaLaunchpads {
  const { launchpads } = solana;
  const view = async (token: LaunchpadToken, solUsd: number): Promise<CurveToken> => {
    const { params } = token;
    const graduated = token.graduatedAt !== null;
    const priceUsd = graduated ? await solana.tokenPriceUsd(token.mint) : token.priceSol * solUsd;
    const supply = whole(token.supply, params.decimals);
    const share = (owners: readonly string[]) =>
      token.supply === 0n
        ? 0
        : (Number(
            token.holders.filter((holder) => owners.includes(holder.owner)).reduce((sum, h) => sum + h.amount, 0n),
          ) /
            Number(token.supply)) *
          100;
    const poolSol = graduated && token.pool ? whole(await solana.solBalance(token.pool), 9) : 0;
    const curveSol = whole(token.reserves.realSol, 9);
    return {
      launchpad: token.kind,
      mint: token.mint,
      name: token.metadata.name,
      symbol: token.metadata.symbol,
      description: token.metadata.description ?? null,
      imageUri: token.metadata.imageUri ?? null,
      website: token.metadata.website ?? null,
      twitter: token.metadata.twitter ?? null,
      telegram: token.metadata.telegram ?? null,
      creator: token.creator,
      createdAt: token.createdAt,
      lastTradeAt: token.lastTradeAt,
      decimals: params.decimals,
      supply,
      graduated,
      graduatedAt: token.graduatedAt,
      curvePercent: Number(token.curvePercent.toFixed(4)),
      realSol: curveSol,
      targetSol: targetSolOf(token),
      priceSol: priceUsd / solUsd,
      priceUsd,
      marketCapUsd: priceUsd * supply,
      // Both sides of the pool or curve: its SOL and the same value again in tokens.
      liquidityUsd: 2 * (graduated ? poolSol : curveSol) * solUsd,
      volumeUsd: (Number(token.volumeLamports) / LAMPORTS_PER_SOL) * solUsd,
      devHoldPercent: share([token.creator]),
      insiderHoldPercent: share([token.creator, ...token.snipers]),
      holderCount: token.holders.length,
      buyCount: token.buyCount,
      sellCount: token.sellCount,
      sniperWalletCount: token.snipers.length,
      feeSharing: token.feeSharing?.map((share) => ({ address: share.address, percentage: share.bps / 100 })) ?? null,
    };
  };
  const solUsd = () => solana.tokenPriceUsd('SOL');
  return {
    source: SOURCE,
    async tokens(launchpad) {
      recordRead(SOURCE);
      const price = await solUsd();
      return Promise.all((await launchpads.tokens(launchpad)).map((token) => view(token, price)));
    },
    async token(mint) {
      recordRead(SOURCE);
      const token = await launchpads.token(address(mint));
      return token && view(token, await solUsd());
    },
    launchCostLamports: async () => launchpads.launchCostLamports(),
    sponsorQuotaLeft: async (creator) => launchpads.sponsorQuotaLeft(address(creator)),
    quoteBuy: (mint, lamports) => refused(() => launchpads.quoteBuy(address(mint), lamports)),
    quoteSell: (mint, tokens) => refused(() => launchpads.quoteSell(address(mint), tokens)),
    launchTransaction: (request) =>
      refused(() =>
        launchpads.launchTransaction({
          kind: request.launchpad,
          creator: address(request.creator),
          metadata: request.metadata,
          params:
            request.launchpad === 'pump'
              ? PUMP_CURVE
              : request.launchpad === 'svc'
                ? SVC_CURVE
                : padCurve(
                    request.padCurve ?? {
                      solRaised: 85,
                      bondingCurve: 80,
                      poolMigration: 20,
                      tokenSupply: '1000000000',
                    },
                  ),
          devBuyLamports: request.devBuyLamports,
          minDevTokens: request.minDevTokens,
          feeSharing: request.feeSharing ?? null,
          sponsored: request.sponsored,
        }),
      ),
    buyTransaction: (mint, buyer, lamports, minTokens) =>
      refused(() => launchpads.buyTransaction(address(mint), address(buyer), lamports, minTokens)),
    sellTransaction: (mint, seller, tokens, minLamports) =>
      refused(() => launchpads.sellTransaction(address(mint), address(seller), tokens, minLamports)),
    burnTransaction: (mint, owner, tokens) =>
      refused(() => launchpads.burnTransaction(address(mint), address(owner), tokens)),
    creatorFeesOf: (creator) => launchpads.creatorFeesOf(address(creator)),
    claimCreatorFeesTransaction: (creator) => refused(() => launchpads.claimCreatorFeesTransaction(address(creator))),
    claimSharedFeesTransaction: (mint, recipient) =>
      refused(() => launchpads.claimSharedFeesTransaction(address(mint), address(recipient))),
    async send(transaction) {
      // A transaction built on state that moved before it was sent (see SandboxLaunchpads.submit) is a 409.
      const result = await refused(() => launchpads.submit(transaction));
      if (!result.landed || result.err !== null)
        throw new ServiceError(
          'upstream_error',
          `The sandbox Solana chain refused the launchpad transaction: ${JSON.stringify(result.err)} ${result.logs.join(' | ')}`,
        );
      return getSignatureFromTransaction(transaction);
    },
  };
}

/** SOL the curve raises in all: what buying every remaining token would put in, plus what it holds. */
function targetSolOf(token: LaunchpadToken): number {
  const { params } = token;
  const vToken0 = params.virtualToken0;
  const remaining = vToken0 - params.curveSupply;
  // Rounded up: the curve's last buy pays the ceiling too (@svc/chains quoteCurveBuy).
  const vSolEnd = (params.virtualSol0 * vToken0 + remaining - 1n) / remaining;
  return Number(vSolEnd - params.virtualSol0) / LAMPORTS_PER_SOL;
}
