import type { Task } from '@a2a-js/sdk';

/** Task metadata key holding the call a task is waiting to run; null once nothing is pending. */
export const PENDING_CALL_KEY = 'svc.pendingCall';

/**
 * The tool call an input-required task holds, in the task itself (so it is stored with it and any instance can
 * continue it): waiting for the caller's approval, or, once approved when it needs one, for a payment.
 */
export type PendingCall =
  | { readonly stage: 'approval'; readonly tool: string; readonly input: unknown; readonly approvalId: string; readonly requestedAt: string }
  | { readonly stage: 'payment'; readonly tool: string; readonly input: unknown };

export function pendingCallOf(task: Task | undefined): PendingCall | undefined {
  const pending = task?.metadata?.[PENDING_CALL_KEY] as PendingCall | null | undefined;
  return pending && typeof pending.tool === 'string' ? pending : undefined;
}
