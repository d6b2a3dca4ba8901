import { EVM_CHAINS, type EvmChain, vaultAddressesOf } from '@svc/chains';
import { invalidField, ServiceError } from '@svc/contracts';
import { formatUnits } from '@svc/payments';
import { recordCall } from '@svc/store';
import { isAddress as isSolanaAddress, address as solanaAddress } from '@solana/kit';
import { getAddress, isAddress as isEvmAddress, zeroAddress } from 'viem';
import type { AssetBalance, BalanceReader } from '../balances/chain-balances.js';
import { evmBalanceReader } from '../evm/balances.js';
import { sendErc20 } from '../evm/erc20-send.js';
import { nativeSend } from '../evm/native-send.js';
import { callerOf, type HandlerContext } from '../handler.js';
import { LAMPORTS_PER_SIGNATURE } from '../solana/amounts.js';
import { solanaBalanceReader } from '../solana/balances/solana-balance-reader.js';
import { solanaChainOf } from '../solana/solana-chain.js';
import { transferFromVault } from '../solana/transfer/solana-transfer.js';

/** Where the owner takes the vault's assets, per chain family; a family without one is left alone. */
export interface SweepDestinations {
  readonly evm?: string | undefined;
  readonly solana?: string | undefined;
}

/** One asset of a sweep: moved (`amount`, `txHash`), or why not (`error`), with the balance it had. */
export type SweptAsset = {
  readonly symbol: string;
  /** Contract or mint; null for the native coin. */
  readonly token: string | null;
  readonly balance: string;
} & (
  | { readonly amount: string; readonly txHash: string }
  | { readonly error: { readonly code: string; readonly message: string } }
);

/** One chain of a sweep: each asset's outcome, or why the chain could not be read (nothing moved on it). */
export type SweptChain = { readonly chain: string; readonly from: string; readonly to: string } & (
  | { readonly network: string; readonly assets: readonly SweptAsset[] }
  | { readonly error: { readonly code: string; readonly message: string } }
);

/**
 * SOL the sweep leaves in the vault: its rent-exempt minimum (0.00089 SOL) and the fees of a few hundred later
 * transactions, as the EVM sweep leaves NATIVE_GAS_RESERVE (the vault is still the account's, and keeps working).
 */
export const SOLANA_SWEEP_RESERVE = 2_000_000n;

const problemOf = (error: unknown) =>
  error instanceof ServiceError
    ? { code: error.code, message: error.message }
    : { code: 'upstream_error', message: error instanceof Error ? error.message : String(error) };

/** Runs one transfer, answering what moved or why not; a failure is reported, never thrown, so the sweep goes on. */
async function attempt(
  asset: AssetBalance,
  send: () => Promise<{ amount: string; txHash: string }>,
): Promise<SweptAsset> {
  const held = { symbol: asset.symbol, token: asset.address, balance: asset.balance };
  try {
    return { ...held, ...(await send()) };
  } catch (error) {
    return { ...held, error: problemOf(error) };
  }
}

/** Reads `from` on one chain, then moves its tokens and, last, its native coin (which pays their gas). */
async function sweepChain(
  context: HandlerContext,
  chain: { key: string; from: string; to: string; read: BalanceReader },
  sendToken: (asset: AssetBalance) => Promise<{ amount: string; txHash: string }>,
  sendNative: (asset: AssetBalance) => Promise<{ amount: string; txHash: string }>,
): Promise<SweptChain> {
  const where = { chain: chain.key, from: chain.from, to: chain.to };
  let held;
  try {
    held = await chain.read(context, chain.from);
  } catch (error) {
    return { ...where, error: problemOf(error) };
  }
  const [native, ...tokens] = held.assets;
  const assets: SweptAsset[] = [];
  for (const token of tokens) assets.push(await attempt(token, () => sendToken(token)));
  if (native && native.balance !== '0') assets.push(await attempt(native, () => sendNative(native)));
  return { ...where, network: held.network, assets };
}

const evmSweep = (context: HandlerContext, chain: EvmChain, from: string, to: string) =>
  sweepChain(
    context,
    { key: chain.key, from, to, read: evmBalanceReader(chain.chainId) },
    (token) => sendErc20(chain.chainId)({ to, amount: 'max', token: token.address! }, context),
    () => nativeSend(chain.chainId)({ to, amount: 'max' }, context),
  );

const solanaSweep = (context: HandlerContext, from: string, to: string) =>
  sweepChain(
    context,
    { key: 'solana', from, to, read: solanaBalanceReader },
    async (token) => {
      const sent = await transferFromVault(
        { toWalletAddress: to, amount: token.balance, tokenAddress: token.address! },
        context,
      );
      return { amount: sent.amount, txHash: sent.signature };
    },
    async () => {
      // Read again: the token transfers above paid their fees (and any recipient token account's rent) in SOL.
      const lamports = (await solanaChainOf(context).rpc().getBalance(solanaAddress(from)).send()).value;
      const movable = lamports - SOLANA_SWEEP_RESERVE - LAMPORTS_PER_SIGNATURE;
      if (movable <= 0n)
        throw invalidField(
          'amount',
          'insufficient_funds',
          `the vault holds ${formatUnits(lamports, 9)} SOL, no more than the ${formatUnits(SOLANA_SWEEP_RESERVE, 9)} SOL the sweep leaves`,
        );
      const sent = await transferFromVault(
        { toWalletAddress: to, amount: formatUnits(movable, 9), tokenAddress: 'SOL' },
        context,
      );
      return { amount: sent.amount, txHash: sent.signature };
    },
  );

/** The destinations as given, checked: each a valid address of its family and not the vault itself (400 otherwise). */
function checkedDestinations(destinations: SweepDestinations, vault: { evm: string; solana: string }) {
  const evm = destinations.evm?.trim();
  const solana = destinations.solana?.trim();
  if (evm === undefined && solana === undefined)
    throw invalidField('destinations', 'required', 'name at least one destination: evm, solana');
  if (evm !== undefined) {
    if (!isEvmAddress(evm))
      throw invalidField(
        'destinations.evm',
        'format',
        'must be a 0x EVM address of 20 bytes (checksummed if mixed-case)',
      );
    if (getAddress(evm) === zeroAddress) throw invalidField('destinations.evm', 'zero_address', 'is the zero address');
    if (getAddress(evm) === getAddress(vault.evm))
      throw invalidField('destinations.evm', 'self', 'is the account vault itself');
  }
  if (solana !== undefined) {
    if (!isSolanaAddress(solana))
      throw invalidField('destinations.solana', 'format', 'must be a base58 Solana address of 32 bytes');
    if (solana === vault.solana) throw invalidField('destinations.solana', 'self', 'is the account vault itself');
  }
  return { evm: evm === undefined ? undefined : getAddress(evm), solana };
}

/**
 * Moves everything the account vault holds on the EVM chains and Solana to the owner's destinations, with the
 * transfer tools' own code (sendErc20 and nativeSend with 'max', the Solana transfer): per chain its tokens first,
 * then the native coin, leaving its gas reserve. Destinations are checked before anything moves. Each asset answers
 * what moved (its transaction) or why not; a chain the deployment does not reach answers why, and nothing on it
 * moves. The sweep runs outside invoke, so no spending policy applies (the owner's own exit); the call ledger records
 * it (tool `accountVaultSweep`).
 */
export async function sweepAccountVault(
  context: HandlerContext,
  destinations: SweepDestinations,
): Promise<{ chains: SweptChain[] }> {
  const { accountId } = callerOf(context);
  const vault = await vaultAddressesOf(context.db, context.masterKey, accountId);
  const to = checkedDestinations(destinations, vault);
  const started = performance.now();
  const evmTo = to.evm;
  const chains = await Promise.all([
    ...(evmTo ? EVM_CHAINS.map((chain) => evmSweep(context, chain, getAddress(vault.evm), evmTo)) : []),
    ...(to.solana ? [solanaSweep(context, vault.solana, to.solana)] : []),
  ]);
  await recordCall(context.db, {
    tool: 'accountVaultSweep',
    accountId,
    outcome: 'swept',
    httpStatus: 200,
    latencyMs: performance.now() - started,
  });
  return { chains };
}
