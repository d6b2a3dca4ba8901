/**
 * Memories one account may hold. The spec bounds each memory (category 1-128, content 1-16384 characters) but
 * not their number; this bounds an account's storage at about 16 MB. createMemory past it answers 409
 * `limit_reached` (and, being a read-effect tool that failed, is not charged).
 */
export const MEMORIES_PER_ACCOUNT = 1000;
