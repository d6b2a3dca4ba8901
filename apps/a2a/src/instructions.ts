import type { Message, Part } from '@a2a-js/sdk';
import { findTool } from '@svc/contracts';
import { PAYMENT_STATUS, X402_METADATA } from './protocol.js';

/** What one user message asks for. */
export type Instruction =
  /**
   * Run a tool: a DataPart {"tool": "<name>", "input": {...}}, the same JSON as text, the text "/<tool> <json>", or
   * plain text naming a tool with its arguments as a JSON object in it.
   */
  | { readonly kind: 'call'; readonly tool: string; readonly input: unknown }
  /** Answer a pending approval: a DataPart {"approve": true | false} (optionally with its "approvalId"). */
  | { readonly kind: 'approval'; readonly approve: boolean; readonly approvalId: string | undefined }
  /** x402 A2A extension: a signed payment for the pending call, or the client declining to pay. */
  | { readonly kind: 'payment'; readonly payload: unknown }
  | { readonly kind: 'payment_rejected' }
  | { readonly kind: 'unrecognized' };

const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** "/<tool>" then optional JSON: the human form of a call. Input that is not JSON reaches validation as text. */
const SLASH_COMMAND = /^\/([A-Za-z][\w-]*)(?:\s+([\s\S]*))?$/;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function fromData(data: unknown): Instruction | undefined {
  if (!isObject(data)) return undefined;
  if (typeof data.tool === 'string') return { kind: 'call', tool: data.tool, input: data.input ?? {} };
  if (typeof data.approve === 'boolean')
    return {
      kind: 'approval',
      approve: data.approve,
      approvalId: typeof data.approvalId === 'string' ? data.approvalId : undefined,
    };
  return undefined;
}

/** Words that could be a tool's name, in the order the text gives them. */
const WORDS = /[A-Za-z][A-Za-z0-9]*/g;

/**
 * Plain text: the first word that is a catalog tool's name picks the tool, and the JSON object in the text (from its
 * first "{" to its last "}") is its input; none means no arguments. Input that is not JSON reaches validation as text.
 */
function fromPlainText(text: string): Instruction | undefined {
  const start = text.indexOf('{');
  const end = text.lastIndexOf('}');
  const json = start < 0 ? undefined : text.slice(start, end > start ? end + 1 : undefined);
  const outside = start < 0 ? text : text.slice(0, start) + (end > start ? text.slice(end + 1) : '');
  const tool = outside.match(WORDS)?.find((word) => findTool(word) !== undefined);
  if (!tool) return undefined;
  return { kind: 'call', tool, input: json === undefined ? {} : parseJson(json) };
}

function fromText(text: string): Instruction | undefined {
  const trimmed = text.trim();
  const match = SLASH_COMMAND.exec(trimmed);
  if (match) {
    const json = match[2]?.trim();
    return { kind: 'call', tool: match[1]!, input: json ? parseJson(json) : {} };
  }
  // The DataPart's JSON sent as text.
  if (trimmed.startsWith('{')) {
    const data = fromData(parseJson(trimmed));
    if (data) return data;
  }
  return fromPlainText(trimmed);
}

function fromPart(part: Part): Instruction | undefined {
  switch (part.content?.$case) {
    case 'data':
      return fromData(part.content.value);
    case 'text':
      return fromText(part.content.value);
    default:
      return undefined;
  }
}

/** The instruction a message carries: payment metadata first (it rides on any message), then its first usable part. */
export function instructionOf(message: Message): Instruction {
  const status = message.metadata?.[X402_METADATA.status];
  if (status === PAYMENT_STATUS.submitted)
    return { kind: 'payment', payload: message.metadata?.[X402_METADATA.payload] };
  if (status === PAYMENT_STATUS.rejected) return { kind: 'payment_rejected' };
  for (const part of message.parts) {
    const instruction = fromPart(part);
    if (instruction) return instruction;
  }
  return { kind: 'unrecognized' };
}
