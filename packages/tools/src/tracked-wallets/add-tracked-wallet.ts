import { ServiceError, TRACKED_WALLET_CHAINS } from '@svc/contracts';
import { trackedWalletsHeld, trackWallet } from '@svc/store';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';
import { addressKindOf, assertChainsFit } from './address-kind.js';
import { TRACKED_WALLETS_PER_ACCOUNT } from './limits.js';

const limitReached = () =>
  new ServiceError(
    'limit_reached',
    `This account already tracks ${TRACKED_WALLETS_PER_ACCOUNT} wallets; remove some first. Nothing was charged.`,
    {
      extra: { limit: TRACKED_WALLETS_PER_ACCOUNT },
    },
  );

/**
 * Output: `{ wallet: { address, label, chains, createdAt, updatedAt }, created }`. chains defaults to all five in
 * the catalog; for an EVM address "all" means the four EVM chains and for a Solana address solana, because an
 * address belongs to one family. Re-adding a tracked address replaces its chains and, when given, its label.
 */
export const addTrackedWallet: Handler<'addTrackedWallet'> = withCommitPoint(
  async ({ address, label, chains }, context) => {
    const { accountId } = callerOf(context);
    const kind = addressKindOf(address);
    const allChains = chains.length === TRACKED_WALLET_CHAINS.length;
    const selected = allChains ? chains.filter((chain) => (chain === 'solana') === (kind === 'solana')) : chains;
    assertChainsFit(kind, selected);
    const held = await trackedWalletsHeld(context.db, accountId, kind, address);
    if (!held.includes && held.count >= TRACKED_WALLETS_PER_ACCOUNT) throw limitReached();
    await context.commit?.();
    // The insert checks the limit again: a concurrent add may have taken the last place since.
    const tracked = await trackWallet(
      context.db,
      accountId,
      { kind, address, label, chains: selected },
      TRACKED_WALLETS_PER_ACCOUNT,
    );
    if (!tracked) throw limitReached();
    return tracked;
  },
);
