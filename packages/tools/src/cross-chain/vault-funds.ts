import { vaultAddressesOf } from '@svc/chains';
import { invalidField } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import { address } from '@solana/kit';
import { resolveToken } from '@svc/providers';
import { callerOf, type HandlerContext } from '../handler.js';
import { sendErc20 } from '../evm/erc20-send.js';
import { evmNetworkOf } from '../evm/evm-networks.js';
import { atomicAmount as evmAtomicAmount, balanceOf } from '../evm/evm-tokens.js';
import { nativeSend } from '../evm/native-send.js';
import { atomicAmount as solanaAtomicAmount } from '../solana/amounts.js';
import { solanaChainOf } from '../solana/solana-chain.js';
import { splMintOf, tokenBalanceOf } from '../solana/spl-accounts.js';
import { transferFromVault } from '../solana/transfer/solana-transfer.js';
import { erc20Address, EVM_CHAIN_OF, type VaultNetwork } from './networks.js';

/** A currency the vault holds on one network, as the chain describes it. */
export interface VaultAsset {
  readonly network: VaultNetwork;
  /** ERC-20 contract or SPL mint; null for the native coin. */
  readonly tokenContract: string | null;
  readonly symbol: string;
  readonly decimals: number;
}

/** The vault's address on `network`: where a payout lands and what a refund returns to. */
export async function vaultAddressOn(context: HandlerContext, network: string): Promise<string | undefined> {
  const addresses = await vaultAddressesOf(context.db, context.masterKey, callerOf(context).accountId);
  if (network === 'sol') return addresses.solana;
  if (network === 'btc') return addresses.bitcoin.segwit;
  if (network === 'hbar') return addresses.hedera.evmAddress;
  return network in EVM_CHAIN_OF ? addresses.evm : undefined;
}

/** The currency `tokenContract` (null: native) on `network` as the chain knows it (symbol, decimals). */
export async function vaultAsset(
  context: HandlerContext,
  network: VaultNetwork,
  tokenContract: string | null,
  field: string,
): Promise<VaultAsset> {
  if (network === 'sol') {
    if (tokenContract === null) return { network, tokenContract, symbol: 'SOL', decimals: 9 };
    const mint = await splMintOf(solanaChainOf(context).rpc(), tokenContract, field);
    return { network, tokenContract, symbol: tokenContract, decimals: mint.decimals };
  }
  const token = await resolveToken(
    await evmNetworkOf(context, EVM_CHAIN_OF[network]),
    tokenContract === null ? undefined : erc20Address(tokenContract, field),
    field,
  );
  return { network, tokenContract, symbol: token.symbol, decimals: token.decimals };
}

/**
 * `amount` (whole units, a number from the tool's body) of `asset` in atomic units, refused when not > 0. Each chain's
 * own limit: an SPL amount is a u64, an EVM one a uint256 (18.45 ETH is already more than a u64 of wei).
 */
export function atomicOf(asset: VaultAsset, amount: number, field: string): bigint {
  if (!(amount > 0)) throw invalidField(field, 'positive', 'must be greater than 0');
  // JSON reads 1e400 as Infinity, which no decimal text stands for.
  if (!Number.isFinite(amount)) throw invalidField(field, 'format', 'is not a finite amount');
  if (asset.network === 'sol') return solanaAtomicAmount(amount, asset.decimals, field);
  const text = amount.toLocaleString('en-US', { useGrouping: false, maximumFractionDigits: 20 });
  return evmAtomicAmount(text, asset.decimals, field);
}

/** The 400 for a swap the vault cannot fund, before anything was created, signed or paid. */
export async function requireVaultHolds(
  context: HandlerContext,
  asset: VaultAsset,
  atomic: bigint,
  field: string,
): Promise<void> {
  const held = await vaultBalance(context, asset);
  if (held < atomic)
    throw invalidField(
      field,
      'insufficient_funds',
      `the vault holds ${formatUnits(held, asset.decimals)} ${asset.symbol} on ${asset.network}, less than ${formatUnits(atomic, asset.decimals)}`,
    );
}

async function vaultBalance(context: HandlerContext, asset: VaultAsset): Promise<bigint> {
  const owner = await vaultAddressOn(context, asset.network);
  if (asset.network === 'sol') {
    const rpc = solanaChainOf(context).rpc();
    if (asset.tokenContract === null) return (await rpc.getBalance(address(owner!)).send()).value;
    const mint = await splMintOf(rpc, asset.tokenContract, 'tokenContract');
    return tokenBalanceOf(rpc, address(owner!), mint.address, mint.program);
  }
  const network = await evmNetworkOf(context, EVM_CHAIN_OF[asset.network]);
  return balanceOf(
    network,
    { address: asset.tokenContract as `0x${string}` | null, symbol: asset.symbol, decimals: asset.decimals },
    owner as `0x${string}`,
  );
}

/**
 * Sends `atomic` of `asset` from the vault to `to` through the chain tools' own send paths (their checks, signing,
 * and the call's commit point just before the broadcast). Answers the transaction hash (Solana: signature).
 */
export async function payFromVault(
  context: HandlerContext,
  asset: VaultAsset,
  atomic: bigint,
  to: string,
): Promise<string> {
  const amount = formatUnits(atomic, asset.decimals);
  if (asset.network === 'sol') {
    const sent = await transferFromVault(
      { toWalletAddress: to, amount, tokenAddress: asset.tokenContract ?? 'SOL' },
      context,
    );
    return sent.signature;
  }
  const chainId = EVM_CHAIN_OF[asset.network];
  const sent =
    asset.tokenContract === null
      ? await nativeSend(chainId)({ to, amount }, context)
      : await sendErc20(chainId)({ to, amount, token: asset.tokenContract }, context);
  return sent.txHash;
}
