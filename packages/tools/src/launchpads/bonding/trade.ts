import { invalidField } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import { slippageOf } from '@svc/store';
import { type Address, encodeFunctionData, erc20Abi, zeroAddress } from 'viem';
import { callerOf, type Handler, type HandlerContext, withCommitPoint } from '../../handler.js';
import { atomicAmount, balanceOf } from '../../evm/evm-tokens.js';
import { signAndSend, vaultEvmSigner } from '../../evm/vault-signer.js';
import { NATIVE_GAS_RESERVE } from '../../evm/native-send.js';
import { BSC_CHAIN_ID, requiredTokenAddress, tokenOnCurve } from './bonding-venue.js';
import { FOUR_MEME_ABI } from './four-meme-abi.js';

const BNB = { address: null, symbol: 'BNB', decimals: 18 } as const;
const TOKEN_DECIMALS = 18;

/** The least a trade may fill for: the estimate less the account's pump slippage (percent). */
async function floorOf(context: HandlerContext, estimate: bigint) {
  const { pumpSlippage } = await slippageOf(context.db, callerOf(context).accountId);
  const keepBps = 10_000n - BigInt(Math.round(pumpSlippage * 100));
  return { slippagePercent: pumpSlippage, minimum: (estimate * (keepBps > 0n ? keepBps : 0n)) / 10_000n };
}

/** The buy a bnbAmount makes on the token's curve (TokenManagerHelper3.tryBuy), checked before anything is paid. */
export async function planBondingBuy(
  context: HandlerContext,
  input: { tokenAddress?: string | undefined; bnbAmount: string },
) {
  const token = requiredTokenAddress(input.tokenAddress);
  const funds = atomicAmount(input.bnbAmount, BNB.decimals, 'bnbAmount');
  const { venue, network } = await tokenOnCurve(context, token);
  const [, , estimatedAmount, estimatedCost, estimatedFee, amountMsgValue, , amountFunds] =
    await network.publicClient.readContract({
      address: venue.helper,
      abi: FOUR_MEME_ABI,
      functionName: 'tryBuy',
      args: [token, 0n, funds],
    });
  if (estimatedAmount === 0n) throw invalidField('bnbAmount', 'too_small', 'buys no token at the current curve price');
  return {
    token,
    venue,
    network,
    estimatedAmount,
    estimatedCost,
    estimatedFee,
    msgValue: amountMsgValue,
    buyFunds: amountFunds,
  };
}

/**
 * The buy transaction of a plan, for at least `minimum` tokens: the helper's tryBuy names both amounts of the call,
 * amountFunds for buyTokenAMAP's `funds` and amountMsgValue for the value sent, and they need not be equal.
 */
export function bondingBuyCall(plan: Awaited<ReturnType<typeof planBondingBuy>>, minimum: bigint) {
  const data = encodeFunctionData({
    abi: FOUR_MEME_ABI,
    functionName: 'buyTokenAMAP',
    args: [plan.token, plan.buyFunds, minimum],
  });
  return { to: plan.venue.manager, data, value: plan.msgValue };
}

/**
 * Buys a curve token with BNB from the vault (TokenManager2.buyTokenAMAP): estimated with tryBuy, refused below the
 * estimate less the account's pumpSlippage (the contract reverts rather than fill worse). A buy that reaches the raise
 * target fills up to it, graduates the token and refunds the rest; the answer reports what was spent and received as
 * the chain measured it.
 */
export const bscBuyBondingToken: Handler<'bscBuyBondingToken'> = withCommitPoint(async (input, context) => {
  const plan = await planBondingBuy(context, input);
  const { token, venue, network, estimatedAmount } = plan;
  const signer = await vaultEvmSigner(context, callerOf(context).accountId);
  const held = await balanceOf(network, BNB, signer.address);
  const reserve = NATIVE_GAS_RESERVE[BSC_CHAIN_ID] ?? 0n;
  if (held < plan.msgValue + reserve)
    throw invalidField(
      'bnbAmount',
      'insufficient_funds',
      `needs ${formatUnits(plan.msgValue + reserve, 18)} BNB (amount + gas reserve), the vault holds ${formatUnits(held, 18)} BNB`,
    );
  const { minimum, slippagePercent } = await floorOf(context, estimatedAmount);
  const tokenInfo = { address: token, symbol: '', decimals: TOKEN_DECIMALS };
  const [tokensBefore, bnbBefore] = await Promise.all([
    balanceOf(network, tokenInfo, signer.address),
    balanceOf(network, BNB, signer.address),
  ]);
  const sent = await signAndSend(network, signer, bondingBuyCall(plan, minimum), context.commit);
  const [tokensAfter, bnbAfter] = await Promise.all([
    balanceOf(network, tokenInfo, signer.address),
    balanceOf(network, BNB, signer.address),
  ]);
  return {
    chainId: BSC_CHAIN_ID,
    txHash: sent.hash,
    tokenAddress: token,
    tokenManager: venue.manager,
    bnbSpent: formatUnits(bnbBefore - bnbAfter - sent.feeWei, 18),
    tokensReceived: formatUnits(tokensAfter - tokensBefore, TOKEN_DECIMALS),
    estimatedTokens: formatUnits(estimatedAmount, TOKEN_DECIMALS),
    minTokens: formatUnits(minimum, TOKEN_DECIMALS),
    slippagePercent,
    feeWei: sent.feeWei.toString(),
  };
});

/** The sale a tokenAmount makes (TokenManagerHelper3.trySell), checked against the vault's balance before payment. */
export async function planBondingSell(
  context: HandlerContext,
  input: { tokenAddress?: string | undefined; tokenAmount: string },
) {
  const token = requiredTokenAddress(input.tokenAddress);
  const { venue, network } = await tokenOnCurve(context, token);
  const signer = await vaultEvmSigner(context, callerOf(context).accountId);
  const held = await balanceOf(network, { address: token, symbol: '', decimals: TOKEN_DECIMALS }, signer.address);
  const amount = input.tokenAmount === 'max' ? held : atomicAmount(input.tokenAmount, TOKEN_DECIMALS, 'tokenAmount');
  if (amount === 0n || amount > held)
    throw invalidField(
      'tokenAmount',
      'insufficient_funds',
      `the vault holds ${formatUnits(held, TOKEN_DECIMALS)} of ${token}; selling ${input.tokenAmount} needs more`,
    );
  const [, , funds, fee] = await network.publicClient.readContract({
    address: venue.helper,
    abi: FOUR_MEME_ABI,
    functionName: 'trySell',
    args: [token, amount],
  });
  return { token, venue, network, signer, amount, funds, fee };
}

/**
 * Sells curve tokens from the vault back to the curve (TokenManager2.sellToken with minFunds): estimated with
 * trySell, refused below the estimate less the account's pumpSlippage. The manager is approved for exactly the amount
 * first when its allowance is short. A sale of more than the vault holds is a 400 that moves nothing.
 */
export const bscSellBondingToken: Handler<'bscSellBondingToken'> = withCommitPoint(async (input, context) => {
  const { token, venue, network, signer, amount, funds } = await planBondingSell(context, input);
  const { minimum, slippagePercent } = await floorOf(context, funds);
  const allowance = await network.publicClient.readContract({
    address: token,
    abi: erc20Abi,
    functionName: 'allowance',
    args: [signer.address, venue.manager],
  });
  const approve = encodeFunctionData({ abi: erc20Abi, functionName: 'approve', args: [venue.manager, amount] });
  const approval =
    allowance < amount ? await signAndSend(network, signer, { to: token, data: approve }, context.commit) : null;
  const bnbBefore = await balanceOf(network, BNB, signer.address);
  const data = encodeFunctionData({
    abi: FOUR_MEME_ABI,
    functionName: 'sellToken',
    args: [0n, token, amount, minimum, 0n, zeroAddress as Address],
  });
  const sent = await signAndSend(network, signer, { to: venue.manager, data }, context.commit);
  const bnbAfter = await balanceOf(network, BNB, signer.address);
  return {
    chainId: BSC_CHAIN_ID,
    txHash: sent.hash,
    approvalTxHash: approval?.hash ?? null,
    tokenAddress: token,
    tokenManager: venue.manager,
    tokensSold: formatUnits(amount, TOKEN_DECIMALS),
    bnbReceived: formatUnits(bnbAfter + sent.feeWei - bnbBefore, 18),
    estimatedBnb: formatUnits(funds, 18),
    minBnb: formatUnits(minimum, 18),
    slippagePercent,
    // Gas of the sale and of its approval, when one was sent.
    feeWei: (sent.feeWei + (approval?.feeWei ?? 0n)).toString(),
  };
});
