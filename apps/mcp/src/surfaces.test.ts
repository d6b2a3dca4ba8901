import { catalog } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { mcpSurfaces, TRANSACTION_SUFFIX } from './surfaces.js';

describe('MCP surfaces', () => {
  const { readOnly, withTransactions } = mcpSurfaces(catalog);
  const writes = catalog.filter((tool) => tool.effect === 'write');

  it('lists every read tool, read-only, and no write tool by default', () => {
    expect(readOnly.tools.map((t) => t.name)).toEqual(catalog.filter((tool) => tool.effect === 'read').map((tool) => tool.name));
    expect(readOnly.tools.every((t) => t.annotations.readOnlyHint && !t.annotations.destructiveHint)).toBe(true);
    expect(readOnly.tools.some((t) => t.name.endsWith(TRANSACTION_SUFFIX))).toBe(false);
  });

  it('adds each write tool as <name>-transaction with destructiveHint on the opt-in surface', () => {
    expect(writes.length).toBeGreaterThan(0);
    const added = withTransactions.tools.slice(readOnly.tools.length);
    expect(added.map((t) => t.name)).toEqual(writes.map((tool) => `${tool.name}${TRANSACTION_SUFFIX}`));
    expect(added.every((t) => t.annotations.destructiveHint && !t.annotations.readOnlyHint)).toBe(true);
    expect(withTransactions.tools.find((t) => t.name === 'ethNativeSend-transaction')).toBeDefined();
  });

  it('resolves only the names a surface lists to their catalog tools', () => {
    expect(readOnly.catalogNameOf('websearch')).toBe('websearch');
    expect(readOnly.catalogNameOf('ethNativeSend-transaction')).toBeUndefined();
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
