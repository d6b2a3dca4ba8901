import { ServiceError } from '@svc/contracts';
import { insertMemory } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { MEMORIES_PER_ACCOUNT } from './limits.js';

/** Output: `{ memory: { memoryId, category, content, createdAt, updatedAt } }`. */
export const createMemory: Handler<'createMemory'> = async ({ category, content }, context) => {
  const memory = await insertMemory(context.db, callerOf(context).accountId, { category, content }, MEMORIES_PER_ACCOUNT);
  if (!memory) {
    throw new ServiceError('limit_reached', `This account already holds ${MEMORIES_PER_ACCOUNT} memories; delete or update some first. Nothing was charged.`, {
      extra: { limit: MEMORIES_PER_ACCOUNT },
    });
  }
  return { memory };
};
