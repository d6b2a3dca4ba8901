import { z } from 'zod';
import type { ToolOutputs } from './tool-outputs.js';

/** A Solana token of a migration; name and symbol come from its metadata, null where the source has none. */
const token = z.object({ mint: z.string(), name: z.string().nullable(), symbol: z.string().nullable() });
/** A decimal string of whole tokens. */
const wholeTokens = z.string().regex(/^\d+$/);

/** The token-migration family's answers (Migrate.fun, sandbox or live). */
export const MIGRATION_OUTPUTS: ToolOutputs = {
  migrationListProjects: z.object({
    projects: z.array(z.object({ projectId: z.string(), name: z.string() })),
    page: z.number().int(),
    limit: z.number().int(),
    total: z.number().int(),
    totalPages: z.number().int(),
    hasMore: z.boolean(),
  }),
  migrationGetProjectDetails: z.object({
    summary: z.string(),
    project: z.object({
      projectId: z.string(),
      name: z.string(),
      oldToken: token,
      newToken: token,
      // Null where the source does not serve the terms (the live metadata route has names and mints only).
      migration: z
        .object({
          startsAt: z.string(),
          endsAt: z.string(),
          status: z.enum(['upcoming', 'active', 'ended']),
          exchangeRate: z.string(),
          oldTokenSupply: wholeTokens,
          oldTokensMigrated: wholeTokens,
        })
        .nullable(),
      website: z.string().nullable(),
    }),
  }),
};
