import { catalog } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { mcpSurfaces, TRANSACTION_SUFFIX } from './surfaces.js';

describe('MCP surfaces', () => {
  const { standard, withTransactions, readOnly } = mcpSurfaces(catalog);
  const writes = catalog.filter((tool) => tool.effect === 'write');
  const annotationsOf = (name: string) => withTransactions.tools.find((t) => t.name === name)?.annotations;

  it('lists every tool that moves no funds by default, and no write tool', () => {
    expect(standard.tools.map((t) => t.name)).toEqual(
      catalog.filter((tool) => tool.effect === 'read').map((tool) => tool.name),
    );
    expect(standard.tools.some((t) => t.name.endsWith(TRANSACTION_SUFFIX))).toBe(false);
  });

  it('annotates read-only exactly the tools that change nothing', () => {
    for (const tool of withTransactions.tools) {
      const catalogTool = catalog.find((entry) => entry.name === withTransactions.catalogNameOf(tool.name))!;
      // A paid upstream read (market data, web search) settles first yet changes nothing: read-only too.
      const changesNothing = catalogTool.settlement === 'after-success' || catalogTool.change.readsOnly === true;
      expect(tool.annotations.readOnlyHint, tool.name).toBe(changesNothing);
      if (tool.annotations.readOnlyHint) expect(tool.annotations.destructiveHint, tool.name).toBe(false);
    }
    for (const name of [
      'createMemory',
      'updateMemory',
      'deleteMemory',
      'addTrackedWallet',
      'removeTrackedWallet',
      'setSlippageSettings',
    ]) {
      expect(annotationsOf(name)?.readOnlyHint, name).toBe(false);
    }
    expect(annotationsOf('getUserMemoriesByCategory')).toEqual({
      readOnlyHint: true,
      destructiveHint: false,
      idempotentHint: true,
    });
  });

  it('marks deletions, overwrites and wallet changes destructive, and idempotent where repeating changes nothing more', () => {
    expect(annotationsOf('createMemory')).toEqual({
      readOnlyHint: false,
      destructiveHint: false,
      idempotentHint: false,
    });
    expect(annotationsOf('deleteMemory')).toEqual({ readOnlyHint: false, destructiveHint: true, idempotentHint: true });
    expect(annotationsOf('removeTrackedWallet')).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(annotationsOf('setSlippageSettings')).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: true,
    });
    expect(annotationsOf('ethNativeSend-transaction')).toEqual({
      readOnlyHint: false,
      destructiveHint: true,
      idempotentHint: false,
    });
  });

  it('adds each write tool as <name>-transaction, destructive, on the opt-in surface', () => {
    expect(writes.length).toBeGreaterThan(0);
    const added = withTransactions.tools.slice(standard.tools.length);
    expect(added.map((t) => t.name)).toEqual(writes.map((tool) => `${tool.name}${TRANSACTION_SUFFIX}`));
    expect(added.every((t) => t.annotations.destructiveHint && !t.annotations.readOnlyHint)).toBe(true);
  });

  it('gives a read-only session only the tools that change nothing', () => {
    expect(readOnly.tools.map((t) => t.name)).toEqual(
      catalog
        .filter((tool) => (tool.settlement === 'after-success' || tool.change.readsOnly) && tool.effect === 'read')
        .map((tool) => tool.name),
    );
    expect(readOnly.catalogNameOf('websearch')).toBe('websearch');
    expect(readOnly.catalogNameOf('deleteMemory')).toBeUndefined();
    expect(readOnly.catalogNameOf('getUserMemoriesByCategory')).toBe('getUserMemoriesByCategory');
  });

  it('resolves only the names a surface lists to their catalog tools', () => {
    expect(standard.catalogNameOf('websearch')).toBe('websearch');
    expect(standard.catalogNameOf('ethNativeSend-transaction')).toBeUndefined();
    expect(withTransactions.catalogNameOf('ethNativeSend-transaction')).toBe('ethNativeSend');
    // A write tool is only ever callable under its -transaction name, and a read tool never under one.
    expect(withTransactions.catalogNameOf('ethNativeSend')).toBeUndefined();
    expect(withTransactions.catalogNameOf('websearch-transaction')).toBeUndefined();
  });

  it('publishes object input schemas without the $schema dialect key', () => {
    for (const tool of withTransactions.tools) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema).not.toHaveProperty('$schema');
    }
  });
});
