import type { z } from 'zod';
import type { ToolName } from '../catalog.js';

/** The answer schemas of some tools, by tool name: each family's file of this folder holds one such table. */
export type ToolOutputs = Partial<Record<ToolName, z.ZodType>>;
