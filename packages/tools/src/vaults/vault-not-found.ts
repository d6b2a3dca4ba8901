import { ServiceError } from '@svc/contracts';

/** Another account's vault answers exactly like a missing one, so vault ids reveal nothing. */
export const vaultNotFound = (vaultId: string) =>
  new ServiceError('not_found', `No vault "${vaultId}" for this account; nothing was charged.`, { extra: { vaultId } });
