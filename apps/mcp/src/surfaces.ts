import { inputJsonSchema, type ToolDefinition } from '@svc/contracts';

/** An entry of MCP `tools/list` (protocol 2025-06-18). */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly annotations: { readonly readOnlyHint: boolean; readonly destructiveHint: boolean };
}

/** One set of tools a session can see and call. */
export interface McpSurface {
  readonly tools: readonly McpTool[];
  /** The catalog tool behind an MCP tool name on this surface; undefined for a name this surface does not list. */
  catalogNameOf(mcpName: string): string | undefined;
}

export interface McpSurfaces {
  /** The default surface: every read tool. */
  readonly readOnly: McpSurface;
  /** With `x-mcp-transactions: enabled`: the read tools plus each write tool as `<name>-transaction`. */
  readonly withTransactions: McpSurface;
}

export const TRANSACTION_SUFFIX = '-transaction';

interface Entry {
  readonly mcp: McpTool;
  readonly catalogName: string;
}

function entry(tool: ToolDefinition, name: string): Entry {
  const { $schema: _dialect, ...inputSchema } = inputJsonSchema(tool);
  const write = tool.effect === 'write';
  return {
    catalogName: tool.name,
    mcp: {
      name,
      title: tool.name,
      description: [tool.summary, tool.description].filter(Boolean).join('\n\n'),
      inputSchema,
      annotations: { readOnlyHint: !write, destructiveHint: write },
    },
  };
}

function surface(entries: readonly Entry[]): McpSurface {
  const byName = new Map(entries.map((e) => [e.mcp.name, e.catalogName]));
  return { tools: entries.map((e) => e.mcp), catalogNameOf: (mcpName) => byName.get(mcpName) };
}

/** Both MCP surfaces, computed once from the catalog. */
export function mcpSurfaces(tools: readonly ToolDefinition[]): McpSurfaces {
  const reads = tools.filter((tool) => tool.effect === 'read').map((tool) => entry(tool, tool.name));
  const transactions = tools.filter((tool) => tool.effect === 'write').map((tool) => entry(tool, `${tool.name}${TRANSACTION_SUFFIX}`));
  return { readOnly: surface(reads), withTransactions: surface([...reads, ...transactions]) };
}
