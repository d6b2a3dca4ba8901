import { type Message, type Part, Role } from '@a2a-js/sdk';
import { randomUUID } from 'node:crypto';

export const textPart = (text: string): Part => ({
  content: { $case: 'text', value: text },
  mediaType: 'text/plain',
  filename: '',
  metadata: {},
});

export const dataPart = (data: unknown): Part => ({
  content: { $case: 'data', value: data },
  mediaType: 'application/json',
  filename: '',
  metadata: {},
});

/** A message from this agent, in a task (taskId set) or standing alone. */
export function agentMessage(
  where: { readonly contextId: string; readonly taskId?: string },
  parts: Part[],
  metadata: Record<string, unknown> = {},
): Message {
  return {
    messageId: randomUUID(),
    contextId: where.contextId,
    taskId: where.taskId ?? '',
    role: Role.ROLE_AGENT,
    parts,
    metadata,
    extensions: [],
    referenceTaskIds: [],
  };
}
