import { describe, expect, it } from 'vitest';
import { answeredJsonMessages, checkedAnswer, expectPublishedOutput } from './published-output.js';

const memory = { memoryId: 'm1', category: 'trading', content: 'x', createdAt: 'now', updatedAt: 'now' };

describe("the check of a tool's 200 against its published response schema", () => {
  it('accepts an answer that matches, extra fields included, and ignores other statuses and names without a published schema', () => {
    expectPublishedOutput('createMemory', 200, JSON.stringify({ memory: { ...memory, extra: 1 } }));
    expectPublishedOutput('createMemory', 402, '{}');
    expectPublishedOutput('noSuchTool', 200, '{"anything":true}');
  });

  it('refuses a 200 whose body the schema refuses, naming the field', async () => {
    expect(() => expectPublishedOutput('deleteMemory', 200, '{"memoryId":"m1"}')).toThrow(/deleted/);
    expect(() =>
      expectPublishedOutput('createMemory', 200, JSON.stringify({ memory: { ...memory, content: 7 } })),
    ).toThrow(/content/);
    await expect(checkedAnswer('deleteMemory', new Response('{"memoryId":"m1"}'))).rejects.toThrow(/deleted/);
    const fine = await checkedAnswer('deleteMemory', new Response('{"memoryId":"m1","deleted":true}'));
    expect(await fine.json()).toEqual({ memoryId: 'm1', deleted: true });
  });

  it('reads the JSON messages of an MCP or A2A answer: a body, a batch, or the data lines of an event stream', () => {
    expect(answeredJsonMessages('{"id":1}', 'application/json')).toEqual([{ id: 1 }]);
    expect(answeredJsonMessages('[{"id":1},{"id":2}]', 'application/json')).toEqual([{ id: 1 }, { id: 2 }]);
    expect(answeredJsonMessages('', 'application/json')).toEqual([]);
    const stream = 'event: message\nid: 7\ndata: {"id":1}\n\n: keep-alive\ndata: {"id":2}\n\n';
    expect(answeredJsonMessages(stream, 'text/event-stream')).toEqual([{ id: 1 }, { id: 2 }]);
  });
});
