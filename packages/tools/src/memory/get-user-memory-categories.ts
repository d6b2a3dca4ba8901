import { memoryCategories } from '@svc/store';
import { callerOf, type Handler } from '../handler.js';

/** Output: `{ categories: [{ category, count, lastUpdatedAt }] }`, most recently updated first. */
export const getUserMemoryCategories: Handler<'getUserMemoryCategories'> = async (_input, context) => ({
  categories: await memoryCategories(context.db, callerOf(context).accountId),
});
