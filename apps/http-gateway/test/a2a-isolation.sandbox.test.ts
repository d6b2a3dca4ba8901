import { CancelTaskRequest, GetTaskRequest, ListTasksRequest, TaskState } from '@a2a-js/sdk';
import type { Client } from '@a2a-js/sdk/client';
import { examplesOf, findTool } from '@svc/contracts';
import { beforeAll, describe, expect, it } from 'vitest';
import { a2aClient, asTask, dataOf, legacyA2aClient, textOf, userMessage, WITH_X402 } from './a2a-harness.js';
import { backendsFor, useSandboxGateway, withoutHandler } from './harness.js';
import { newAccessKey } from './mcp-harness.js';
import { signedInClient } from './oauth-harness.js';

/** A write tool of the catalog: it waits for approval like any other. */
const WRITE_TOOL = 'ethNativeSend';
/**
 * A catalog write tool whose handler this file's gateway leaves out (every catalog tool has one, so the 501 path needs
 * it), called with its catalog example.
 */
const UNIMPLEMENTED_WRITE_TOOL = 'nftmktTransferNFT';
const UNIMPLEMENTED_WRITE_INPUT = examplesOf(findTool(UNIMPLEMENTED_WRITE_TOOL)!)[0];
const sendNative = () =>
  userMessage([
    { data: { tool: WRITE_TOOL, input: { to: '0x00000000000000000000000000000000000000b0', amount: '0.001' } } },
  ]);

const rpc = (url: string, headers: Record<string, string>, body: unknown) =>
  fetch(`${url}/api/a2a`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

describe.each(backendsFor(import.meta.url))(
  'A2A on the gateway: credentials, task isolation between accounts ($name)',
  (backend) => {
    const gateway = useSandboxGateway(backend, {}, { handlers: withoutHandler(UNIMPLEMENTED_WRITE_TOOL) });
    let aliceKey: string;
    let bobKey: string;
    let alice: Client;
    let bob: Client;
    beforeAll(async () => {
      ({ key: aliceKey } = await newAccessKey(gateway.db));
      ({ key: bobKey } = await newAccessKey(gateway.db));
      alice = await a2aClient(gateway.url, { 'x-api-key': aliceKey, ...WITH_X402 });
      bob = await a2aClient(gateway.url, { 'x-api-key': bobKey });
    });

    it('answers 401 without a credential and 400 with both, before reading the request', async () => {
      const message = { jsonrpc: '2.0', id: 1, method: 'message/send', params: {} };
      const none = await rpc(gateway.url, {}, message);
      expect(none.status).toBe(401);
      expect(none.headers.get('www-authenticate')).toMatch(/^Bearer/);
      expect(await none.json()).toMatchObject({
        jsonrpc: '2.0',
        id: null,
        error: { data: { code: 'credentials_required' } },
      });
      const both = await rpc(gateway.url, { 'x-api-key': aliceKey, authorization: 'Bearer x' }, message);
      expect(both.status).toBe(400);
      expect(await both.json()).toMatchObject({ error: { data: { code: 'credentials_conflict' } } });
    });

    it('takes access tokens of the OAuth server as read-only sessions: write tools are rejected, not offered for approval', async () => {
      const { tokens } = await signedInClient(gateway.app, aliceKey);
      const oauth = await a2aClient(gateway.url, { authorization: `Bearer ${tokens.access_token}` });
      const task = asTask(await oauth.sendMessage(sendNative()));
      expect(task.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
      expect(textOf(task.status?.message?.parts)).toMatch(/read-only/);
      // The same account's tasks, whichever credential it uses.
      expect((await oauth.getTask(GetTaskRequest.fromJSON({ id: task.id }))).id).toBe(task.id);
    });

    it('answers a body that is not JSON with -32700 and HTTP 400', async () => {
      const res = await fetch(`${gateway.url}/api/a2a`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-api-key': aliceKey },
        body: '{"jsonrpc":',
      });
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ jsonrpc: '2.0', id: null, error: { code: -32700 } });
    });

    it('answers CORS preflights without credentials, and lets any origin read answers and their 401 challenge', async () => {
      const preflight = await fetch(`${gateway.url}/api/a2a`, {
        method: 'OPTIONS',
        headers: { origin: 'https://agent.example', 'access-control-request-method': 'POST' },
      });
      expect(preflight.status).toBe(204);
      expect(preflight.headers.get('access-control-allow-headers')).toContain('a2a-version');
      expect(preflight.headers.get('access-control-allow-headers')).toContain('x-api-key');
      const unauthenticated = await rpc(
        gateway.url,
        { origin: 'https://agent.example' },
        { jsonrpc: '2.0', id: 1, method: 'tasks/get', params: { id: 'x' } },
      );
      expect(unauthenticated.headers.get('access-control-allow-origin')).toBe('*');
      expect(unauthenticated.headers.get('access-control-expose-headers')).toContain('www-authenticate');
    });

    it('refuses a protocol version it does not speak', async () => {
      const res = await rpc(
        gateway.url,
        { 'x-api-key': aliceKey, 'a2a-version': '2.0' },
        { jsonrpc: '2.0', id: 7, method: 'GetTask', params: { id: 'x' } },
      );
      expect(await res.json()).toMatchObject({ id: 7, error: { code: -32009 } });
    });

    it('never lets one account get, list, cancel, continue or subscribe to another account’s task: it does not exist for them', async () => {
      const task = asTask(await alice.sendMessage(sendNative()));
      expect(task.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);

      await expect(bob.getTask(GetTaskRequest.fromJSON({ id: task.id }))).rejects.toThrow(/not found/i);
      await expect(bob.cancelTask(CancelTaskRequest.fromJSON({ id: task.id }))).rejects.toThrow(/not found/i);
      await expect(bob.sendMessage(userMessage([{ data: { approve: true } }], { taskId: task.id }))).rejects.toThrow(
        /not found/i,
      );
      expect((await bob.listTasks(ListTasksRequest.fromJSON({}))).tasks).toEqual([]);
      const legacyBob = legacyA2aClient(gateway.url, { 'x-api-key': bobKey });
      await expect(legacyBob.getTask(GetTaskRequest.fromJSON({ id: task.id }))).rejects.toThrow(/not found/i);
      await expect(legacyBob.cancelTask(CancelTaskRequest.fromJSON({ id: task.id }))).rejects.toThrow(/not found/i);
      // Subscribing answers exactly as for a task id nobody holds (this endpoint offers no streaming at all).
      const subscribe = (id: string) =>
        rpc(
          gateway.url,
          { 'x-api-key': bobKey, 'a2a-version': '1.0' },
          { jsonrpc: '2.0', id: 1, method: 'SubscribeToTask', params: { id } },
        ).then((r) => r.json());
      expect(await subscribe(task.id)).toEqual(await subscribe('00000000-0000-0000-0000-000000000000'));

      const own = await alice.getTask(GetTaskRequest.fromJSON({ id: task.id }));
      expect(own.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
      expect((await alice.listTasks(ListTasksRequest.fromJSON({}))).tasks.map((t) => t.id)).toContain(task.id);
    });

    it('speaks both wire formats as docs/transports/a2a.md shows them: A2A 1.0 SendMessage, then A2A 0.3 message/send on the same task', async () => {
      const headers = { 'x-api-key': aliceKey };
      const started = await rpc(
        gateway.url,
        { ...headers, 'A2A-Version': '1.0' },
        {
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: {
            message: {
              messageId: 'readme-1',
              role: 'ROLE_USER',
              parts: [
                {
                  data: {
                    tool: WRITE_TOOL,
                    input: { to: '0x00000000000000000000000000000000000000b0', amount: '0.002' },
                  },
                },
              ],
            },
          },
        },
      ).then((r) => r.json() as Promise<{ result: { task: { id: string; status: { state: string } } } }>);
      expect(started.result.task.status.state).toBe('TASK_STATE_INPUT_REQUIRED');
      const rejected = await rpc(gateway.url, headers, {
        jsonrpc: '2.0',
        id: 2,
        method: 'message/send',
        params: {
          message: {
            kind: 'message',
            messageId: 'readme-2',
            role: 'user',
            taskId: started.result.task.id,
            parts: [{ kind: 'data', data: { approve: false } }],
          },
        },
      }).then((r) => r.json() as Promise<{ result: unknown }>);
      expect(rejected.result).toMatchObject({
        kind: 'task',
        id: started.result.task.id,
        status: { state: 'canceled' },
      });
    });

    it('takes a catalog write tool without a handler through approval to invoke, which refuses it as not implemented', async () => {
      const task = asTask(
        await alice.sendMessage(
          userMessage([
            {
              data: {
                tool: UNIMPLEMENTED_WRITE_TOOL,
                input: UNIMPLEMENTED_WRITE_INPUT,
              },
            },
          ]),
        ),
      );
      const [{ approvalId }] = dataOf(task.status?.message?.parts) as [{ approvalId: string }];
      const failed = asTask(
        await alice.sendMessage(userMessage([{ data: { approve: true, approvalId } }], { taskId: task.id })),
      );
      expect(failed.status?.state).toBe(TaskState.TASK_STATE_FAILED);
      expect(dataOf(failed.status?.message?.parts)).toEqual([
        expect.objectContaining({ code: 'not_implemented', status: 501, tool: UNIMPLEMENTED_WRITE_TOOL }),
      ]);
    });
  },
);
