import { type Dispatcher, getGlobalDispatcher, MockAgent, setGlobalDispatcher } from 'undici';
import { afterEach, beforeEach } from 'vitest';
import { configureUpstream } from './upstream/registry.js';

/**
 * For tests of live adapters against recorded responses: a fresh undici MockAgent as the global dispatcher for each
 * test, with real network connections refused. After each test the previous dispatcher is back and, unless
 * `assertAllUsed` is false, every interceptor must have been used. Each test also starts with fresh upstream clients,
 * so no cached answer or breaker state leaks from one test into the next. Returns the current test's agent.
 */
export function useMockAgent({ assertAllUsed = true }: { assertAllUsed?: boolean } = {}): () => MockAgent {
  let previous: Dispatcher;
  let agent: MockAgent;
  beforeEach(() => {
    previous = getGlobalDispatcher();
    agent = new MockAgent();
    agent.disableNetConnect();
    setGlobalDispatcher(agent);
    configureUpstream({});
  });
  afterEach(async () => {
    if (assertAllUsed) agent.assertNoPendingInterceptors();
    setGlobalDispatcher(previous);
    await agent.close();
  });
  return () => agent;
}
