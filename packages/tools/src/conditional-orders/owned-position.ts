import { ServiceError } from '@svc/contracts';
import { type OrderNetwork, positionsOf, type Queryable, type StoredPosition } from '@svc/store';

/** Another account's position answers exactly like a missing one, so ids reveal nothing. */
const positionNotFound = (positionId: string) =>
  new ServiceError('not_found', `No conditional position "${positionId}" for this account.`, { extra: { positionId } });

/**
 * The caller's position, searched on every network (ids are unique across networks: the cross-chain lookup). A
 * `network` the caller named that is not the position's is a 400 naming the field, so nothing acts on a guess.
 */
export async function ownedPosition(
  db: Queryable,
  accountId: string,
  positionId: string,
  network?: OrderNetwork,
): Promise<StoredPosition> {
  const [position] = await positionsOf(db, accountId, { positionId });
  if (!position) throw positionNotFound(positionId);
  if (network && network !== position.network) {
    const message = `position ${positionId} is on ${position.network}, not ${network}; omit network to have it detected`;
    throw new ServiceError('invalid_input', message, { issues: [{ field: 'network', rule: 'custom', message }] });
  }
  return position;
}

/** Who acted, in the history: the calling account. */
export const accountActor = (accountId: string) => `account:${accountId}`;
