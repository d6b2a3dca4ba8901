// Memory tools: an account's categorised notes for its agents (identity-gated; stored in @svc/store).
export { createMemory } from './create-memory.js';
export { deleteMemory } from './delete-memory.js';
export { getUserMemoriesByCategory } from './get-user-memories-by-category.js';
export { getUserMemoryCategories } from './get-user-memory-categories.js';
export { MEMORIES_PER_ACCOUNT } from './limits.js';
export { updateMemory } from './update-memory.js';
