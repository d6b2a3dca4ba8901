import { memoriesHeld, updateMemory as replaceMemory } from '@svc/store';
import { callerOf, type Handler, withCommitPoint } from '../handler.js';
import { memoryNotFound } from './memory-not-found.js';

/** Replaces content and category. Output: `{ memory }`; 404 (not charged) when the caller has no memory with that id. */
export const updateMemory: Handler<'updateMemory'> = withCommitPoint(
  async ({ memoryId, category, content }, context) => {
    const { accountId } = callerOf(context);
    if (!(await memoriesHeld(context.db, accountId, memoryId)).includes) throw memoryNotFound(memoryId);
    await context.commit?.();
    const memory = await replaceMemory(context.db, accountId, memoryId, { category, content });
    if (!memory) throw memoryNotFound(memoryId);
    return { memory };
  },
);
