import { inputJsonSchema, type ToolDefinition } from '@svc/contracts';

/** An entry of MCP `tools/list` (protocol 2025-06-18). */
export interface McpTool {
  readonly name: string;
  readonly title: string;
  readonly description: string;
  readonly inputSchema: Record<string, unknown>;
  readonly annotations: { readonly readOnlyHint: boolean; readonly destructiveHint: boolean };
}

export interface McpSurfaces {
  /** The default surface: every read tool. */
  readonly readOnly: readonly McpTool[];
  /** With `x-mcp-transactions: enabled`: the read tools plus each write tool as `<name>-transaction`. */
  readonly withTransactions: readonly McpTool[];
}

export const TRANSACTION_SUFFIX = '-transaction';

function mcpTool(tool: ToolDefinition, name: string): McpTool {
  const { $schema: _dialect, ...inputSchema } = inputJsonSchema(tool);
  const write = tool.effect === 'write';
  return {
    name,
    title: tool.name,
    description: [tool.summary, tool.description].filter(Boolean).join('\n\n'),
    inputSchema,
    annotations: { readOnlyHint: !write, destructiveHint: write },
  };
}

/** Both MCP surfaces, computed once from the catalog. */
export function mcpSurfaces(tools: readonly ToolDefinition[]): McpSurfaces {
  const readOnly = tools.filter((tool) => tool.effect === 'read').map((tool) => mcpTool(tool, tool.name));
  const transactions = tools.filter((tool) => tool.effect === 'write').map((tool) => mcpTool(tool, `${tool.name}${TRANSACTION_SUFFIX}`));
  return { readOnly, withTransactions: [...readOnly, ...transactions] };
}
