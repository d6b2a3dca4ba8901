import { ServiceError } from '@svc/contracts';
import { insertMemory, memoriesHeld } from '@svc/store';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';
import { MEMORIES_PER_ACCOUNT } from './limits.js';

const limitReached = () =>
  new ServiceError(
    'limit_reached',
    `This account already holds ${MEMORIES_PER_ACCOUNT} memories; delete or update some first. Nothing was charged.`,
    {
      extra: { limit: MEMORIES_PER_ACCOUNT },
    },
  );

/** Output: `{ memory: { memoryId, category, content, createdAt, updatedAt } }`. */
export const createMemory: Handler<'createMemory'> = withCommitPoint(async ({ category, content }, context) => {
  const { accountId } = callerOf(context);
  if ((await memoriesHeld(context.db, accountId)).count >= MEMORIES_PER_ACCOUNT) throw limitReached();
  await context.commit?.();
  // The insert checks the limit again: a concurrent create may have taken the last place since.
  const memory = await insertMemory(context.db, accountId, { category, content }, MEMORIES_PER_ACCOUNT);
  if (!memory) throw limitReached();
  return { memory };
});
