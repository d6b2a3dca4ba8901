import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from './db.js';
import { accountForWallet } from './identity.js';
import { deleteMemory, insertMemory, memoriesInCategory, memoryCategories, updateMemory } from './memories.js';
import { accountsOf, testBackends } from './testing.js';

describe.each(testBackends())('memories on $name', (backend) => {
  let db: Db;
  let alice: string;
  let bob: string;
  beforeAll(async () => {
    db = await backend.open();
    [alice, bob] = await accountsOf(
      db,
      '0x00000000000000000000000000000000000000a1',
      '0x00000000000000000000000000000000000000b0',
    );
  });
  afterAll(() => db.close());

  it('creates, lists by category, updates and deletes an account’s memories', async () => {
    const first = await insertMemory(db, alice, { category: 'prefs', content: 'likes SOL' }, 10);
    const second = await insertMemory(db, alice, { category: 'prefs', content: 'slippage 0.5%' }, 10);
    await insertMemory(db, alice, { category: 'notes', content: 'n1' }, 10);
    expect(first?.memoryId).toMatch(/^mem_[0-9a-f]{24}$/);

    expect((await memoryCategories(db, alice)).map(({ category, count }) => [category, count]).sort()).toEqual([
      ['notes', 1],
      ['prefs', 2],
    ]);
    expect((await memoriesInCategory(db, alice, 'prefs')).map((m) => m.content).sort()).toEqual([
      'likes SOL',
      'slippage 0.5%',
    ]);

    const updated = await updateMemory(db, alice, first!.memoryId, { category: 'notes', content: 'moved' });
    expect(updated).toMatchObject({
      memoryId: first!.memoryId,
      category: 'notes',
      content: 'moved',
      createdAt: first!.createdAt,
    });
    expect((await memoriesInCategory(db, alice, 'notes')).map((m) => m.content)).toContain('moved');

    expect(await deleteMemory(db, alice, second!.memoryId)).toBe(true);
    expect(await deleteMemory(db, alice, second!.memoryId)).toBe(false);
    expect(await memoriesInCategory(db, alice, 'prefs')).toEqual([]);
  });

  it('never lets one account read, change or delete another’s memory', async () => {
    const secret = await insertMemory(db, alice, { category: 'secret', content: 'seed hint' }, 10);
    expect(await memoriesInCategory(db, bob, 'secret')).toEqual([]);
    expect(await memoryCategories(db, bob)).toEqual([]);
    expect(
      await updateMemory(db, bob, secret!.memoryId, { category: 'secret', content: 'overwritten' }),
    ).toBeUndefined();
    expect(await deleteMemory(db, bob, secret!.memoryId)).toBe(false);
    expect((await memoriesInCategory(db, alice, 'secret'))[0]?.content).toBe('seed hint');
  });

  it('refuses a memory past the per-account limit', async () => {
    const { accountId } = await accountForWallet(db, 'eip155:8453', '0x00000000000000000000000000000000000000c0');
    expect(await insertMemory(db, accountId, { category: 'c', content: '1' }, 2)).toBeDefined();
    expect(await insertMemory(db, accountId, { category: 'c', content: '2' }, 2)).toBeDefined();
    expect(await insertMemory(db, accountId, { category: 'c', content: '3' }, 2)).toBeUndefined();
  });
});
