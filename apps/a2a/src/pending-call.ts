import type { Task } from '@a2a-js/sdk';

/** Task metadata key holding the call a task is waiting to run; null once nothing is pending. */
export const PENDING_CALL_KEY = 'svc.pendingCall';

/**
 * The tool call an input-required task holds, in the task itself (so it is stored with it and any instance can
 * continue it): waiting for the caller's approval, or, once approved when it needs one, for a payment. `id` is
 * what the one follow-up acting on it claims (and, for an approval, the approval id the caller sees).
 */
export type PendingCall =
  | {
      readonly stage: 'approval';
      readonly id: string;
      readonly tool: string;
      readonly input: unknown;
      readonly requestedAt: string;
    }
  | { readonly stage: 'payment'; readonly id: string; readonly tool: string; readonly input: unknown };

export function pendingCallOf(task: Task | undefined): PendingCall | undefined {
  const pending = task?.metadata?.[PENDING_CALL_KEY] as PendingCall | null | undefined;
  return pending && typeof pending.tool === 'string' && typeof pending.id === 'string' ? pending : undefined;
}
