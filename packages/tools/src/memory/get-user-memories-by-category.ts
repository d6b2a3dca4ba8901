import { memoriesInCategory } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';

/** Output: `{ category, memories: [{ memoryId, category, content, createdAt, updatedAt }] }`, newest first; empty for an unknown category. */
export const getUserMemoriesByCategory: Handler<'getUserMemoriesByCategory'> = async ({ category }, context) => ({
  category,
  memories: await memoriesInCategory(context.db, callerOf(context).accountId, category),
});
