import { updateMemory as replaceMemory } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';
import { memoryNotFound } from './memory-not-found.js';

/** Replaces content and category. Output: `{ memory }`; 404 when the caller has no memory with that id. */
export const updateMemory: Handler<'updateMemory'> = async ({ memoryId, category, content }, context) => {
  const memory = await replaceMemory(context.db, callerOf(context).accountId, memoryId, { category, content });
  if (!memory) throw memoryNotFound(memoryId);
  return { memory };
};
