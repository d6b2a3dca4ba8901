import { TaskState } from '@a2a-js/sdk';
import { usdToCredit } from '@svc/payments';
import { addCredit } from '@svc/store';
import { beforeAll, describe, expect, it } from 'vitest';
import { a2aClient, asTask, dataOf, textOf, userMessage } from './a2a-harness.js';
import { backendsFor, useSandboxGateway } from './harness.js';
import { newAccessKey } from './mcp-harness.js';

const RESULT = { contractId: '0.0.1234', evmAddress: '0x00000000000000000000000000000000000004d2', sandbox: true };

describe.each(backendsFor(import.meta.url))('A2A plain-text requests through the A2A SDK client ($name)', (backend) => {
  const gateway = useSandboxGateway(backend);
  let key: string;
  beforeAll(async () => {
    const made = await newAccessKey(gateway.db);
    key = made.key;
    await addCredit(gateway.db, { accountId: made.accountId, amount: usdToCredit('1'), kind: 'grant' });
  });
  const send = async (text: string) =>
    (await a2aClient(gateway.url, { 'x-api-key': key })).sendMessage(userMessage([{ text }]));

  it('runs the tool a sentence names, with the JSON object in it as the arguments', async () => {
    const task = asTask(
      await send('Please run hederaContractIdToEvmAddress with {"contractId": "0.0.1234"}, thank you.'),
    );
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(dataOf(task.artifacts[0]?.parts)).toEqual([RESULT]);
  });

  it('runs the DataPart form sent as JSON text', async () => {
    const task = asTask(await send('{"tool": "hederaContractIdToEvmAddress", "input": {"contractId": "0.0.1234"}}'));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(dataOf(task.artifacts[0]?.parts)).toEqual([RESULT]);
  });

  it('fails a named tool whose JSON arguments are invalid with the field issues, charging nothing', async () => {
    const task = asTask(await send('hederaContractIdToEvmAddress {"contractId": 42}'));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(dataOf(task.status?.message?.parts)).toEqual([
      expect.objectContaining({ code: 'invalid_input', issues: [expect.objectContaining({ field: 'contractId' })] }),
    ]);
  });

  it('answers text that names no tool with an input-required task naming the accepted forms; a call on it runs', async () => {
    const client = await a2aClient(gateway.url, { 'x-api-key': key });
    const asked = asTask(await client.sendMessage(userMessage([{ text: 'hello, what can you do?' }])));
    expect(asked.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    const text = textOf(asked.status?.message?.parts);
    expect(text).toContain('{"tool": "<name>", "input": {...}}');
    expect(text).toContain('a sentence naming the tool');

    const done = asTask(
      await client.sendMessage(
        userMessage([{ text: 'then hederaContractIdToEvmAddress {"contractId": "0.0.1234"}' }], { taskId: asked.id }),
      ),
    );
    expect(done.id).toBe(asked.id);
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(dataOf(done.artifacts[0]?.parts)).toEqual([RESULT]);
    // Completed: the task takes no further call.
    await expect(
      client.sendMessage(
        userMessage([{ text: 'hederaContractIdToEvmAddress {"contractId": "0.0.1"}' }], { taskId: asked.id }),
      ),
    ).rejects.toThrow(/terminal state/);
  });
});
