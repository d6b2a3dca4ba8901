import { DefaultExecutionEventBus, type ExecutionEventBus, type ExecutionEventBusManager } from '@a2a-js/sdk/server';

/**
 * A fresh event bus for every request, never shared. The SDK's default shares one bus per task id, so two messages
 * on one task at once would receive (and end) each other's events; and a bus kept alive for a waiting task would
 * be process memory another instance cannot see. A task between requests lives only in the store: CancelTask,
 * finding no bus, writes the canceled state there.
 */
export class PerRequestEventBuses implements ExecutionEventBusManager {
  createOrGetByTaskId(): ExecutionEventBus {
    return new DefaultExecutionEventBus();
  }

  getByTaskId(): undefined {
    return undefined;
  }

  cleanupByTaskId(): void {}
}
