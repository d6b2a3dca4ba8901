import { memoriesHeld, deleteMemory as removeMemory } from '@svc/store';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';
import { memoryNotFound } from './memory-not-found.js';

/** Output: `{ memoryId, deleted: true }`; 404 (not charged) when the caller has no memory with that id. */
export const deleteMemory: Handler<'deleteMemory'> = withCommitPoint(async ({ memoryId }, context) => {
  const { accountId } = callerOf(context);
  if (!(await memoriesHeld(context.db, accountId, memoryId)).includes) throw memoryNotFound(memoryId);
  await context.commit?.();
  if (!(await removeMemory(context.db, accountId, memoryId))) throw memoryNotFound(memoryId);
  return { memoryId, deleted: true };
});
