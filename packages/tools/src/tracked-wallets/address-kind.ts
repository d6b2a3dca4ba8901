import { EVMADDR, ServiceError } from '@svc/contracts';
import type { TrackedAddressKind } from '@svc/store';

/** The address family of a tracked address: the catalog schema already admits only EVM or Solana addresses. */
export function addressKindOf(address: string): TrackedAddressKind {
  return EVMADDR.safeParse(address).success ? 'evm' : 'solana';
}

/**
 * An EVM address can only be watched on EVM chains and a Solana address only on solana: a mismatch is a 400
 * naming the chains that cannot apply, rather than a wallet that silently never sees activity.
 */
export function assertChainsFit(kind: TrackedAddressKind, chains: readonly string[]): void {
  const misfits = chains.filter((chain) => (chain === 'solana') !== (kind === 'solana'));
  if (misfits.length === 0) return;
  const message =
    kind === 'evm'
      ? `An EVM address cannot be tracked on ${misfits.join(', ')}: choose among eth, base, bsc, polygon.`
      : `A Solana address can only be tracked on solana, not on ${misfits.join(', ')}.`;
  throw new ServiceError('invalid_input', `addTrackedWallet: chains: ${message}`, {
    issues: [{ field: 'chains', rule: 'custom', message: `chains: ${message}` }],
    extra: { tool: 'addTrackedWallet' },
  });
}
