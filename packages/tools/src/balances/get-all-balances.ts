import { vaultAddressesOf } from '@svc/chains';
import { ServiceError } from '@svc/contracts';
import { scaleUp } from '@svc/payments';
import { callerOf, type Handler, type HandlerContext } from '../handler.js';
import {
  BALANCE_NETWORKS,
  type BalanceNetwork,
  type BalanceTarget,
  MISMATCH,
  targetsOfAddress,
  targetsOfVault,
} from './address-routing.js';
import { BALANCE_READERS } from './balance-readers.js';
import { type AssetBalance, assetBalance, type ChainBalances } from './chain-balances.js';

/** One network's answer: its balances, or why there are none (a mismatch, an unconfigured or failing chain). */
type NetworkResult =
  | (ChainBalances & { readonly addresses?: readonly string[] })
  | { readonly error: string; readonly code?: string; readonly setting?: unknown };

/** Sums the same asset held at several addresses (a Bitcoin vault's segwit and taproot addresses). */
function combined(parts: readonly ChainBalances[]): ChainBalances & { readonly addresses: readonly string[] } {
  const totals = new Map<string, { asset: AssetBalance; atomic: bigint }>();
  for (const asset of parts.flatMap((part) => part.assets)) {
    const key = asset.address ?? asset.symbol;
    const atomic = scaleUp(asset.balance, asset.decimals) + (totals.get(key)?.atomic ?? 0n);
    totals.set(key, { asset, atomic });
  }
  const assets = [...totals.values()].map(({ asset, atomic }) =>
    assetBalance(asset.symbol, asset.address, atomic, asset.decimals),
  );
  return {
    network: parts[0]!.network,
    address: parts[0]!.address,
    addresses: parts.map((part) => part.address),
    assets,
  };
}

async function readNetwork(
  context: HandlerContext,
  network: BalanceNetwork,
  target: BalanceTarget,
): Promise<NetworkResult> {
  const reader = BALANCE_READERS[network];
  try {
    const parts = await Promise.all(target.addresses.map((address) => reader(context, address)));
    return parts.length === 1 ? parts[0]! : combined(parts);
  } catch (error) {
    // One chain failing (unconfigured, RPC down) must not hide the others: its entry says why, with the error's code.
    if (error instanceof ServiceError)
      return {
        error: error.message,
        code: error.code,
        ...(error.extra?.setting ? { setting: error.extra.setting } : {}),
      };
    return { error: `${network} balances could not be read: ${(error as Error).message}`, code: 'upstream_error' };
  }
}

/**
 * Output: `{ requestedAt, address, networks: { <network>: ChainBalances | {error} }, resolvedFrom: { <network>:
 * 'address' | 'vault' | null } }`, networks in the order ethereum, bsc, polygon, base, altchain, hedera, solana, bitcoin.
 * A network whose format does not match the given address answers `{error: 'address type mismatch'}` and has
 * resolvedFrom null. Networks are read concurrently, so the call takes about as long as the slowest chain.
 */
export const getAllBalances: Handler<'getAllBalances'> = async ({ address }, context) => {
  const requestedAt = new Date().toISOString();
  const targets = address
    ? targetsOfAddress(address)
    : targetsOfVault(await vaultAddressesOf(context.db, context.masterKey, callerOf(context).accountId));
  const results = await Promise.all(
    BALANCE_NETWORKS.map(async (network): Promise<[BalanceNetwork, NetworkResult]> => {
      const target = targets[network];
      return [
        network,
        target === MISMATCH ? { error: 'address type mismatch' } : await readNetwork(context, network, target),
      ];
    }),
  );
  return {
    requestedAt,
    address: address ?? null,
    networks: Object.fromEntries(results),
    resolvedFrom: Object.fromEntries(
      BALANCE_NETWORKS.map((network) => [
        network,
        targets[network] === MISMATCH ? null : targets[network].resolvedFrom,
      ]),
    ),
  };
};
