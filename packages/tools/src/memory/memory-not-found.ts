import { ServiceError } from '@svc/contracts';

/** Another account's memory answers exactly like a missing one, so ids reveal nothing. */
export const memoryNotFound = (memoryId: string) =>
  new ServiceError('not_found', `No memory "${memoryId}" for this account; nothing was charged.`, {
    extra: { memoryId },
  });
