import { changesNothing, inputJsonSchema, type ToolDefinition } from '@svc/contracts';

/** MCP tool annotations (protocol 2025-06-18), each derived from the catalog (see `annotationsOf`). */
export interface McpAnnotations {
  readonly readOnlyHint: boolean;
  readonly destructiveHint: boolean;
  readonly idempotentHint: boolean;
}

/** An entry of MCP `tools/list` (protocol 2025-06-18). */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly annotations: McpAnnotations;
}

/** One set of tools a session can see and call. */
export interface McpSurface {
  readonly tools: readonly McpTool[];
  /** The catalog tool behind an MCP tool name on this surface; undefined for a name this surface does not list. */
  catalogNameOf(mcpName: string): string | undefined;
}

export interface McpSurfaces {
  /** The default surface: every tool that moves no funds (reads, and the account's memories, wallets, settings). */
  readonly standard: McpSurface;
  /** With `x-mcp-transactions: enabled`: the standard tools plus each write tool as `<name>-transaction`. */
  readonly withTransactions: McpSurface;
  /** A read-only session (OAuth): only the tools that change nothing. */
  readonly readOnly: McpSurface;
}

export const TRANSACTION_SUFFIX = '-transaction';

/**
 * The truth about a tool, from its catalog entry: read-only when it changes nothing (settlement `after-success`, or a
 * paid upstream read that settles first);
 * otherwise destructive and idempotent as its `change` says (funds moved, records deleted or overwritten).
 */
export function annotationsOf(tool: ToolDefinition): McpAnnotations {
  if (tool.settlement === 'after-success' || changesNothing(tool))
    return { readOnlyHint: true, destructiveHint: false, idempotentHint: true };
  return { readOnlyHint: false, destructiveHint: tool.change.destructive, idempotentHint: tool.change.idempotent };
}

interface Entry {
  readonly mcp: McpTool;
  readonly catalogName: string;
}

function entry(tool: ToolDefinition, name: string): Entry {
  const { $schema: _dialect, ...inputSchema } = inputJsonSchema(tool);
  return {
    catalogName: tool.name,
    mcp: {
      name,
      title: tool.name,
      description: [tool.summary, tool.description].filter(Boolean).join('\n\n'),
      inputSchema,
      annotations: annotationsOf(tool),
    },
  };
}

function surface(entries: readonly Entry[]): McpSurface {
  const byName = new Map(entries.map((e) => [e.mcp.name, e.catalogName]));
  return { tools: entries.map((e) => e.mcp), catalogNameOf: (mcpName) => byName.get(mcpName) };
}

/** The MCP surfaces, computed once from the catalog. */
export function mcpSurfaces(tools: readonly ToolDefinition[]): McpSurfaces {
  const standard = tools.filter((tool) => tool.effect === 'read').map((tool) => entry(tool, tool.name));
  const transactions = tools
    .filter((tool) => tool.effect === 'write')
    .map((tool) => entry(tool, `${tool.name}${TRANSACTION_SUFFIX}`));
  const changingNothing = standard.filter((e) => e.mcp.annotations.readOnlyHint);
  return {
    standard: surface(standard),
    withTransactions: surface([...standard, ...transactions]),
    readOnly: surface(changingNothing),
  };
}
