import { type Dispatcher, getGlobalDispatcher, MockAgent, setGlobalDispatcher } from 'undici';
import { afterEach, beforeEach } from 'vitest';

/**
 * For tests of live adapters against recorded responses: a fresh undici MockAgent as the global dispatcher for each
 * test, with real network connections refused. After each test the previous dispatcher is back and, unless
 * `assertAllUsed` is false, every interceptor must have been used. Returns the current test's agent.
 */
export function useMockAgent({ assertAllUsed = true }: { assertAllUsed?: boolean } = {}): () => MockAgent {
  let previous: Dispatcher;
  let agent: MockAgent;
  beforeEach(() => {
    previous = getGlobalDispatcher();
    agent = new MockAgent();
    agent.disableNetConnect();
    setGlobalDispatcher(agent);
  });
  afterEach(async () => {
    if (assertAllUsed) agent.assertNoPendingInterceptors();
    setGlobalDispatcher(previous);
    await agent.close();
  });
  return () => agent;
}
