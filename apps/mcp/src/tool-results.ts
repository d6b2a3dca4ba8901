/** A `tools/call` result (MCP 2025-06-18): content blocks, optional structured content, isError for tool failures. */
export interface CallToolResult {
  readonly content: readonly { readonly type: 'text'; readonly text: string }[];
  readonly structuredContent?: Readonly<Record<string, unknown>>;
  readonly isError?: boolean;
  readonly _meta?: Readonly<Record<string, unknown>>;
}

/**
 * A result whose structured content is also given as JSON text: MCP asks servers that return structuredContent to
 * repeat it in a text block for clients that only read `content`.
 */
export function structuredResult(
  structuredContent: Readonly<Record<string, unknown>>,
  options: { isError?: boolean; meta?: Readonly<Record<string, unknown>>; text?: string } = {},
): CallToolResult {
  return {
    content: [{ type: 'text', text: options.text ?? JSON.stringify(structuredContent) }],
    structuredContent,
    ...(options.isError ? { isError: true } : {}),
    ...(options.meta ? { _meta: options.meta } : {}),
  };
}
