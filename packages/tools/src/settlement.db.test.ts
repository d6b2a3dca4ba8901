import { catalog, ServiceError } from '@svc/contracts';
import { vaultAddressesOf } from '@svc/chains';
import { accountsOf, testBackends } from '@svc/store/testing';
import { type Db, memoriesHeld } from '@svc/store';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changingNothing } from './changes-nothing.js';
import type { ToolName } from '@svc/contracts';
import { type Handler, hasCommitPoint } from './handler.js';
import { handlers } from './families.js';
import { testMasterKey } from './testing/caller-contexts.js';

describe('every tool states when its payment settles', () => {
  it('declares a settlement, and how it changes things unless it changes nothing', () => {
    for (const tool of catalog) {
      expect(['after-success', 'commit-point', 'before-run'], tool.name).toContain(tool.settlement);
      if (tool.settlement === 'after-success') expect(tool.change, tool.name).toBeUndefined();
      else
        expect(tool.change, tool.name).toMatchObject({
          destructive: expect.any(Boolean),
          idempotent: expect.any(Boolean),
        });
    }
  });

  it('never settles a wallet-modifying tool after it ran', () => {
    const unpaidWrites = catalog.filter((tool) => tool.effect === 'write' && tool.settlement === 'after-success');
    expect(unpaidWrites.map((tool) => tool.name)).toEqual([]);
  });

  it('gives every commit-point tool a handler with a commit point, and no other tool one', () => {
    const implemented = catalog.flatMap((tool) => {
      const handler = handlers[tool.name as ToolName] as Handler<ToolName> | undefined;
      return handler ? [{ name: tool.name, settlement: tool.settlement, commitPoint: hasCommitPoint(handler) }] : [];
    });
    expect(implemented.length).toBeGreaterThan(90);
    const mismatched = implemented.filter(
      ({ settlement, commitPoint }) => commitPoint !== (settlement === 'commit-point'),
    );
    expect(mismatched).toEqual([]);
  });

  it('catalogues the tools that write to the account as changing something', () => {
    const changers = [
      'createMemory',
      'updateMemory',
      'deleteMemory',
      'addTrackedWallet',
      'removeTrackedWallet',
      'setSlippageSettings',
      'svcRefreshBalance',
    ];
    for (const name of changers)
      expect(catalog.find((tool) => tool.name === name)?.settlement, name).toBe('commit-point');
  });
});

describe.each(testBackends())('an after-success handler cannot change the database ($name)', (backend) => {
  let db: Db;
  let accountId: string;
  beforeAll(async () => {
    db = await backend.open();
    [accountId] = await accountsOf(db, '0x00000000000000000000000000000000000000c1');
  });
  afterAll(() => db.close());

  it('passes reads, refuses every write (also inside a CTE) before it reaches the database', async () => {
    const guarded = changingNothing(db, 'getUserMemoryCategories');
    expect(await memoriesHeld(guarded, accountId)).toEqual({ count: 0, includes: false });
    const writes = [
      ["INSERT INTO memories (memory_id, account_id, category, content) VALUES ('mem_x', $1, 'c', 'x')", [accountId]],
      ['WITH gone AS (DELETE FROM memories WHERE account_id = $1 RETURNING 1) SELECT count(*) FROM gone', [accountId]],
      ['update memories set content = $2 where account_id = $1', [accountId, 'y']],
    ] as const;
    for (const [sql, params] of writes) {
      await expect(guarded.query(sql, params)).rejects.toMatchObject({
        code: 'internal',
        message: expect.stringContaining('getUserMemoryCategories'),
      });
    }
    await expect(guarded.exec('TRUNCATE memories')).rejects.toBeInstanceOf(ServiceError);
    expect(await memoriesHeld(db, accountId)).toEqual({ count: 0, includes: false });
  });

  it("lets it provision the account's own vault on first need", async () => {
    const addresses = await vaultAddressesOf(changingNothing(db, 'wallet'), testMasterKey(), accountId);
    expect(addresses.evm).toMatch(/^0x[0-9a-fA-F]{40}$/);
  });
});
