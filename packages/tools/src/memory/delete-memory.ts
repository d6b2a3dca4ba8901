import { deleteMemory as removeMemory } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { memoryNotFound } from './memory-not-found.js';

/** Output: `{ memoryId, deleted: true }`; 404 when the caller has no memory with that id. */
export const deleteMemory: Handler<'deleteMemory'> = async ({ memoryId }, context) => {
  if (!(await removeMemory(context.db, callerOf(context).accountId, memoryId))) throw memoryNotFound(memoryId);
  return { memoryId, deleted: true };
};
