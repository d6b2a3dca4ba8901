import { entityIdOfLongZero, HBAR, HBAR_DECIMALS, longZeroAddressOf } from '@svc/chains';
import { invalidField, notConfigured, ServiceError } from '@svc/contracts';
import { HEDERA_NETWORK_SETTING } from '@svc/providers';
import { formatUnits } from '@svc/payments';
import { slippageOf } from '@svc/store';
import { callerOf, type Handler, type HandlerContext, withCommitPoint } from '../../handler.js';
import { unitsOf } from '../../hedera/amounts.js';
import { executeAsVault } from '../../hedera/execute.js';
import { hederaOf } from '../../hedera/network-of.js';
import { holdingOf, type VaultHederaAccount, vaultHederaAccount } from '../../hedera/vault-account.js';
import type { MemeContractCall, MemejobVenue } from '../../ports/launchpad-venues.js';

/**
 * The Hedera launchpad of this deployment: the sandbox ledger's, or memejob on HEDERA_NETWORK (the live venue built in
 * live mode). Without either, 503 naming HEDERA_NETWORK.
 */
export function memejobVenueOf(context: HandlerContext): MemejobVenue {
  const venue = context.launchpadVenues?.memejob;
  if (venue) return venue;
  throw notConfigured(HEDERA_NETWORK_SETTING, 'Live Hedera (the memejob launchpad)');
}

/** tokenId as the launchpad's 0.0.x id, from either spelling the schema takes (0.0.x or its long-zero EVM address). */
function tokenIdOf(tokenId: string): string {
  const id = /^0x/i.test(tokenId) ? entityIdOfLongZero(tokenId) : tokenId;
  if (!id)
    throw invalidField('tokenId', 'format', `${tokenId} is neither a 0.0.x token id nor its long-zero EVM address`);
  return id;
}

/** The launchpad token still on its curve, or the 400 saying why it cannot trade there. */
async function curveOf(venue: MemejobVenue, tokenId: string) {
  const curve = await venue.curve(tokenIdOf(tokenId));
  if (!curve) throw invalidField('tokenId', 'not_launchpad_token', `${tokenId} is not a token of the Hedera launchpad`);
  if (!curve.trading)
    throw invalidField('tokenId', 'promoted', `${tokenId} was promoted off its curve: trade it with hederaTokensSwap`);
  return curve;
}

/** The least a trade may fill for: the quote less the account's pump slippage (percent). */
async function floorOf(context: HandlerContext, quote: bigint) {
  const { pumpSlippage } = await slippageOf(context.db, callerOf(context).accountId);
  const keepBps = BigInt(Math.max(0, 10_000 - Math.round(pumpSlippage * 100)));
  return { slippagePercent: pumpSlippage, minimum: (quote * keepBps) / 10_000n };
}

/**
 * The 409 of a trade the launchpad would refuse as it stands, asked before anything is sent or charged. Only a refusal
 * naming one of the contract's errors counts: a revert without one is more likely the simulation's own limit than the
 * launchpad's answer, and the trade goes on (it cannot fill worse than its bound either way).
 */
async function refuseWhatWouldFail(venue: MemejobVenue, vault: VaultHederaAccount, call: MemeContractCall) {
  const refusal = await venue.simulate?.(vault.account.evmAddress as `0x${string}`, call);
  if (refusal?.refused)
    throw new ServiceError(
      'state_conflict',
      `The launchpad would refuse this buy (${refusal.refused}): nothing was sent or charged.`,
      { extra: { refused: refusal.refused } },
    );
}

/** A buy's plan, checked before payment: the curve, the HBAR offered, and what it buys now. */
export async function planMemeBuy(context: HandlerContext, input: { tokenId: string; amount: string }) {
  const venue = memejobVenueOf(context);
  const curve = await curveOf(venue, input.tokenId);
  const tinybars = unitsOf('amount', input.amount, HBAR_DECIMALS);
  const quote = await curve.quoteBuy(tinybars);
  if (quote.units === 0n || quote.tinybars === 0n)
    throw invalidField('amount', 'too_small', 'buys no token at the current curve price');
  return { venue, curve, tinybars, quote };
}

/**
 * Buys a launchpad token with HBAR from the vault: a ContractExecuteTransaction to the launchpad. The sandbox
 * launchpad spends the whole offer and reverts below the quote less the account's pumpSlippage; memejob buys exactly
 * the quoted amount for exactly the quoted HBAR (never more than offered) or reverts, and is asked first whether it
 * would. On the vault's first buy of a token it first associates the token (TokenAssociateTransaction), which a
 * launchpad token needs before the account can receive it; memejob's buy is then quoted again, within the same floor.
 */
export const hederaLaunchBuyToken: Handler<'hederaLaunchBuyToken'> = withCommitPoint(async (input, context) => {
  const { venue, curve, tinybars, quote } = await planMemeBuy(context, input);
  const network = await hederaOf(context);
  const vault = await vaultHederaAccount(context, network);
  const held = holdingOf(vault.account, HBAR, HBAR);
  if (held < tinybars)
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the vault's account ${vault.account.accountId} holds ${formatUnits(held, HBAR_DECIMALS)} HBAR; buying with ${input.amount} needs more (and the fees)`,
    );
  const { minimum: floor, slippagePercent } = await floorOf(context, quote.units);
  const token = longZeroAddressOf(curve.tokenId)!;
  const sdk = await network.sdk();
  const associated = await venue.isAssociated(vault.account.accountId, curve.tokenId);
  if (associated) await refuseWhatWouldFail(venue, vault, venue.buyCall(token, quote, floor));
  const association = associated
    ? undefined
    : await executeAsVault(
        network,
        vault,
        new sdk.TokenAssociateTransaction().setAccountId(vault.account.accountId).setTokenIds([curve.tokenId]),
        context.commit,
      );
  const buying = association && !venue.takesMinimumOut ? await curve.quoteBuy(tinybars) : quote;
  if (buying.units === 0n || buying.units < floor)
    throw new ServiceError(
      'state_conflict',
      `${input.amount} HBAR now buys ${formatUnits(buying.units, curve.decimals)} ${curve.symbol}, below the minimum of ${formatUnits(floor, curve.decimals)} (${slippagePercent}% under the quote): nothing was bought; the token stays associated.`,
    );
  // A launchpad without a minimum fills exactly what it was quoted, or reverts.
  const minimum = venue.takesMinimumOut ? floor : buying.units;
  const call = venue.buyCall(token, buying, minimum);
  const tx = new sdk.ContractExecuteTransaction()
    .setContractId(venue.contractId)
    .setGas(venue.gas)
    .setFunctionParameters(call.data)
    .setPayableAmount(sdk.Hbar.fromTinybars(call.payableTinybars.toString()));
  const executed = await executeAsVault(network, vault, tx, context.commit);
  const received = executed.transfers
    ?.filter((t) => t.account === vault.account.accountId && t.asset === curve.tokenId)
    .reduce((sum, t) => sum + t.amount, 0n);
  const spent = executed.transfers
    ?.filter((t) => t.account === vault.account.accountId && t.asset === HBAR)
    .reduce((sum, t) => sum - t.amount, -(executed.feeTinybars ?? 0n));
  return {
    network: network.caip2,
    launchpad: venue.contractId,
    tokenId: curve.tokenId,
    symbol: curve.symbol,
    transactionId: executed.transactionId,
    associationTransactionId: association?.transactionId ?? null,
    status: executed.status,
    hbarSpent: spent === undefined ? null : formatUnits(spent, HBAR_DECIMALS),
    quotedAmount: formatUnits(buying.units, curve.decimals),
    minAmount: formatUnits(minimum, curve.decimals),
    amountReceived: received === undefined ? null : formatUnits(received, curve.decimals),
    amountReceivedUnits: received?.toString() ?? null,
    slippagePercent,
    feeTinybars:
      executed.feeTinybars === null ? null : (executed.feeTinybars + (association?.feeTinybars ?? 0n)).toString(),
  };
});

/** A sale's plan, checked before payment: the units sold (at most what the vault holds) and the quoted HBAR. */
export async function planMemeSell(context: HandlerContext, input: { tokenId: string; amount: string }) {
  const venue = memejobVenueOf(context);
  const curve = await curveOf(venue, input.tokenId);
  const units = unitsOf('amount', input.amount, curve.decimals);
  const network = await hederaOf(context);
  const vault = await vaultHederaAccount(context, network);
  const held = holdingOf(vault.account, curve.tokenId, HBAR);
  if (held < units)
    throw invalidField(
      'amount',
      'insufficient_funds',
      `the vault's account ${vault.account.accountId} holds ${formatUnits(held, curve.decimals)} ${curve.symbol}; selling ${input.amount} needs more`,
    );
  const quoted = await curve.quoteSell(units);
  if (quoted === 0n) throw invalidField('amount', 'too_small', 'the curve pays nothing for this amount');
  return { venue, curve, units, network, vault, quoted };
}

/**
 * Sells launchpad tokens from the vault back to the curve for HBAR, refused below the quote less pumpSlippage: by the
 * contract where it takes a minimum (the sandbox launchpad). memejob's sellJob takes none and pulls the tokens through
 * an HTS allowance, which the tool grants for exactly the amount (the commit point: a standing allowance is not
 * trusted, as the mirror node that would report it runs seconds behind); then it quotes again and sends the sale only
 * while that quote is at or above the minimum (a trade landing in the seconds before the sale reaches consensus can
 * still move its fill).
 */
export const hederaLaunchSellToken: Handler<'hederaLaunchSellToken'> = withCommitPoint(async (input, context) => {
  const { venue, curve, units, network, vault, quoted } = await planMemeSell(context, input);
  const { minimum, slippagePercent } = await floorOf(context, quoted);
  const sdk = await network.sdk();
  if (venue.saleNeedsAllowance)
    await executeAsVault(
      network,
      vault,
      new sdk.AccountAllowanceApproveTransaction().approveTokenAllowance(
        curve.tokenId,
        vault.account.accountId,
        venue.contractId,
        units,
      ),
      context.commit,
    );
  if (!venue.takesMinimumOut) {
    const requoted = await curve.quoteSell(units);
    if (requoted < minimum)
      throw new ServiceError(
        'state_conflict',
        `The curve now pays ${formatUnits(requoted, HBAR_DECIMALS)} HBAR for ${input.amount} ${curve.symbol}, below the minimum of ${formatUnits(minimum, HBAR_DECIMALS)} (${slippagePercent}% under the quote): nothing was sold.`,
        {
          extra: { quotedHbar: formatUnits(quoted, HBAR_DECIMALS), requotedHbar: formatUnits(requoted, HBAR_DECIMALS) },
        },
      );
  }
  const call = venue.sellCall(longZeroAddressOf(curve.tokenId)!, units, minimum);
  const tx = new sdk.ContractExecuteTransaction()
    .setContractId(venue.contractId)
    .setGas(venue.gas)
    .setFunctionParameters(call.data);
  const executed = await executeAsVault(network, vault, tx, context.commit);
  const received = executed.transfers
    ?.filter((t) => t.account === vault.account.accountId && t.asset === HBAR)
    .reduce((sum, t) => sum + t.amount, executed.feeTinybars ?? 0n);
  return {
    network: network.caip2,
    launchpad: venue.contractId,
    tokenId: curve.tokenId,
    symbol: curve.symbol,
    transactionId: executed.transactionId,
    status: executed.status,
    amountSold: formatUnits(units, curve.decimals),
    quotedHbar: formatUnits(quoted, HBAR_DECIMALS),
    minHbar: formatUnits(minimum, HBAR_DECIMALS),
    hbarReceived: received === undefined ? null : formatUnits(received, HBAR_DECIMALS),
    slippagePercent,
    feeTinybars: executed.feeTinybars?.toString() ?? null,
  };
});
