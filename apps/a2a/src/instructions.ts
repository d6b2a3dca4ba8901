import type { Message, Part } from '@a2a-js/sdk';
import { PAYMENT_STATUS, X402_METADATA } from './protocol.js';

/** What one user message asks for. */
export type Instruction =
  /** Run a tool: a DataPart {"tool": "<name>", "input": {...}}, or the text "/<tool> <json>". */
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

function fromText(text: string): Instruction | undefined {
  const match = SLASH_COMMAND.exec(text.trim());
  if (!match) return undefined;
  const json = match[2]?.trim();
  return { kind: 'call', tool: match[1]!, input: json ? parseJson(json) : {} };
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
