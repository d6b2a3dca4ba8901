import { invalidField } from '@svc/contracts';
import { HBAR, longZeroAddressOf, SWAP_GAS, swapCallData } from '@svc/chains';
import { formatUnits } from '@svc/payments';
import { slippageOf } from '@svc/store';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';
import { unitsOf } from './amounts.js';
import { executeAsVault } from './execute.js';
import { hederaOf } from './network-of.js';
import { exactInput, routeIds, routeOf } from './route.js';
import { SWAP_VENUE } from './swap-quote.js';
import { swapAssetOf } from './tokens.js';
import { holdingOf, vaultHederaAccount } from './vault-account.js';

/** How long a signed swap stays valid on the router. */
const DEADLINE_SECONDS = 300n;

/**
 * Swaps an exact input from the vault on the venue's router (a ContractExecuteTransaction signed by the vault key;
 * a token input first gets an allowance for the router, AccountAllowanceApproveTransaction, as SaucerSwap needs):
 * quoted at the current reserves, with amountOutMin = quote × (1 − the account's swapSlippage %), so the router
 * reverts (409, nothing moved) rather than fill worse. HBAR goes in as the call's payable amount and comes out as
 * HBAR. fromTokenId 0.0.0 means HBAR; useNative true says the same for WHBAR's id and is refused with another token.
 */
export const hederaTokensSwap: Handler<'hederaTokensSwap'> = withCommitPoint(async (input, context) => {
  const network = await hederaOf(context);
  const whbar = network.swapRouter.whbarTokenId;
  const fromId = input.useNative && input.fromTokenId === whbar ? '0.0.0' : input.fromTokenId;
  const [from, to] = await Promise.all([
    swapAssetOf(network, 'fromTokenId', fromId),
    swapAssetOf(network, 'toTokenId', input.toTokenId),
  ]);
  if (input.useNative && from.asset !== HBAR)
    throw invalidField(
      'useNative',
      'mismatch',
      `useNative is for swaps from HBAR; ${input.fromTokenId} is ${from.symbol}`,
    );
  const amountIn = unitsOf('amount', input.amount, from.decimals);
  const route = await routeOf(network, from.asset, to.asset);
  const vault = await vaultHederaAccount(context, network);
  const held = holdingOf(vault.account, from.asset, HBAR);
  if (held < amountIn)
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the vault's account ${vault.account.accountId} holds ${formatUnits(held, from.decimals)} ${from.symbol}; swapping ${input.amount} needs more`,
    );

  const quoted = exactInput(route, amountIn);
  const { swapSlippage } = await slippageOf(context.db, callerOf(context).accountId);
  const keepBps = 10_000n - BigInt(Math.round(swapSlippage * 100));
  const amountOutMin = (quoted * keepBps) / 10_000n;
  const path = route.assets.map((asset) => longZeroAddressOf(asset === HBAR ? whbar : asset) as `0x${string}`);
  const recipient = vault.account.evmAddress as `0x${string}`;
  const deadline = BigInt(Math.floor(Date.now() / 1000)) + DEADLINE_SECONDS;
  const data = swapCallData({
    hbarIn: from.asset === HBAR,
    hbarOut: to.asset === HBAR,
    amountIn,
    amountOutMin,
    path,
    to: recipient,
    deadline,
  });
  const sdk = await network.sdk();
  // A token input is pulled by the router under an HTS allowance, granted here for exactly this swap's input.
  const approval =
    from.asset === HBAR
      ? undefined
      : await executeAsVault(
          network,
          vault,
          new sdk.AccountAllowanceApproveTransaction().approveTokenAllowance(
            from.asset,
            vault.account.accountId,
            network.swapRouter.routerId,
            amountIn,
          ),
          context.commit,
        );
  const tx = new sdk.ContractExecuteTransaction()
    .setContractId(network.swapRouter.routerId)
    .setGas(SWAP_GAS)
    .setFunctionParameters(data);
  if (from.asset === HBAR) tx.setPayableAmount(sdk.Hbar.fromTinybars(amountIn.toString()));
  const executed = await executeAsVault(network, vault, tx, context.commit);

  // The fill, where the network reports it at once: what reached the vault (HBAR out nets the fee back in).
  const received = executed.transfers
    ?.filter((t) => t.account === vault.account.accountId && t.asset === to.asset)
    .reduce((sum, t) => sum + t.amount, to.asset === HBAR ? (executed.feeTinybars ?? 0n) : 0n);
  return {
    network: network.caip2,
    venue: SWAP_VENUE.name,
    transactionId: executed.transactionId,
    approvalTransactionId: approval?.transactionId ?? null,
    status: executed.status,
    consensusTimestamp: executed.consensusTimestamp,
    fromTokenId: input.fromTokenId,
    toTokenId: input.toTokenId,
    route: routeIds(route),
    amountIn: formatUnits(amountIn, from.decimals),
    amountInUnits: amountIn.toString(),
    quotedAmountOut: formatUnits(quoted, to.decimals),
    quotedAmountOutUnits: quoted.toString(),
    slippagePercent: swapSlippage,
    amountOutMin: formatUnits(amountOutMin, to.decimals),
    amountOutMinUnits: amountOutMin.toString(),
    amountOut: received === undefined ? null : formatUnits(received, to.decimals),
    amountOutUnits: received?.toString() ?? null,
    feeTinybars:
      executed.feeTinybars === null ? null : (executed.feeTinybars + (approval?.feeTinybars ?? 0n)).toString(),
  };
});
