import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { claimA2aPendingCall, listA2aTasks, loadA2aTask, saveA2aTask } from './a2a-tasks.js';
import type { Db } from './db.js';
import { accountsOf, testBackends } from './testing.js';

describe.each(testBackends())('A2A tasks on $name', (backend) => {
  let db: Db;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    db = await backend.open();
    [alice, bob] = await accountsOf(
      db,
      '0x00000000000000000000000000000000000000a2',
      '0x00000000000000000000000000000000000000b2',
    );
  });
  afterAll(() => db.close());

  const record = (taskId: string, statusAt: string, state = 'TASK_STATE_COMPLETED', contextId = 'ctx-1') => ({
    taskId,
    contextId,
    state,
    statusAt,
    task: { id: taskId, state },
  });

  it('stores, replaces and loads an account’s task', async () => {
    expect(await saveA2aTask(db, alice, record('t-1', '2026-01-01T00:00:00.000Z', 'TASK_STATE_INPUT_REQUIRED'))).toBe(
      true,
    );
    expect(await saveA2aTask(db, alice, record('t-1', '2026-01-01T00:00:01.000Z'))).toBe(true);
    expect(await loadA2aTask(db, alice, 't-1')).toEqual(record('t-1', '2026-01-01T00:00:01.000Z'));
  });

  it('keeps a newer status when a stale copy of the task is saved', async () => {
    await saveA2aTask(db, alice, record('t-race', '2026-01-05T00:00:02.000Z'));
    expect(
      await saveA2aTask(db, alice, record('t-race', '2026-01-05T00:00:01.000Z', 'TASK_STATE_INPUT_REQUIRED')),
    ).toBe(false);
    expect((await loadA2aTask(db, alice, 't-race'))?.state).toBe('TASK_STATE_COMPLETED');
  });

  it('lets a pending call be claimed once, and only by the task’s account', async () => {
    await saveA2aTask(db, alice, record('t-claim', '2026-01-06T00:00:00.000Z', 'TASK_STATE_INPUT_REQUIRED'));
    expect(await claimA2aPendingCall(db, bob, 't-claim', 'approval-1')).toBe(false);
    const claims = await Promise.all([
      claimA2aPendingCall(db, alice, 't-claim', 'approval-1'),
      claimA2aPendingCall(db, alice, 't-claim', 'approval-1'),
    ]);
    expect(claims.sort()).toEqual([false, true]);
    expect(await claimA2aPendingCall(db, alice, 't-claim', 'payment-2')).toBe(true);
  });

  it('never lets another account load or overwrite a task', async () => {
    await saveA2aTask(db, alice, record('t-private', '2026-01-02T00:00:00.000Z'));
    expect(await loadA2aTask(db, bob, 't-private')).toBeUndefined();
    expect(await saveA2aTask(db, bob, record('t-private', '2026-01-03T00:00:00.000Z', 'TASK_STATE_CANCELED'))).toBe(
      false,
    );
    expect((await loadA2aTask(db, alice, 't-private'))?.state).toBe('TASK_STATE_COMPLETED');
    expect((await listA2aTasks(db, bob, { limit: 10 })).total).toBe(0);
  });

  it('lists most recent first, filters, and pages with a cursor', async () => {
    for (const [i, state] of ['TASK_STATE_COMPLETED', 'TASK_STATE_FAILED', 'TASK_STATE_COMPLETED'].entries()) {
      await saveA2aTask(db, alice, record(`p-${i}`, `2026-02-0${i + 1}T00:00:00.000Z`, state, 'ctx-page'));
    }
    const filter = { contextId: 'ctx-page', limit: 2 };
    const first = await listA2aTasks(db, alice, filter);
    expect(first.records.map((r) => r.taskId)).toEqual(['p-2', 'p-1']);
    expect(first.total).toBe(3);
    const last = first.records.at(-1)!;
    const second = await listA2aTasks(db, alice, {
      ...filter,
      after: { statusAt: last.statusAt, taskId: last.taskId },
    });
    expect(second.records.map((r) => r.taskId)).toEqual(['p-0']);
    expect(
      (await listA2aTasks(db, alice, { ...filter, state: 'TASK_STATE_FAILED' })).records.map((r) => r.taskId),
    ).toEqual(['p-1']);
    expect((await listA2aTasks(db, alice, { ...filter, statusAfter: '2026-02-01T12:00:00.000Z' })).total).toBe(2);
  });
});
