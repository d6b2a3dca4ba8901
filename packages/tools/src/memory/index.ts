// Memory tools: an account's categorised notes for its agents (identity-gated; stored in @svc/store).
import { defineFamily } from '../family.js';
import { createMemory } from './create-memory.js';
import { deleteMemory } from './delete-memory.js';
import { getUserMemoriesByCategory } from './get-user-memories-by-category.js';
import { getUserMemoryCategories } from './get-user-memory-categories.js';
import { updateMemory } from './update-memory.js';

export const memoryFamily = defineFamily({
  handlers: { createMemory, getUserMemoryCategories, getUserMemoriesByCategory, updateMemory, deleteMemory },
});
