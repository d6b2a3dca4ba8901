import { catalog } from '@svc/contracts';
import { describe, expect, it } from 'vitest';
import { mcpSurfaces, TRANSACTION_SUFFIX } from './surfaces.js';

describe('MCP surfaces', () => {
  const { readOnly, withTransactions } = mcpSurfaces(catalog);
  const writes = catalog.filter((tool) => tool.effect === 'write');

  it('lists every read tool, read-only, and no write tool by default', () => {
    expect(readOnly.map((t) => t.name)).toEqual(catalog.filter((tool) => tool.effect === 'read').map((tool) => tool.name));
    expect(readOnly.every((t) => t.annotations.readOnlyHint && !t.annotations.destructiveHint)).toBe(true);
    expect(readOnly.some((t) => t.name.endsWith(TRANSACTION_SUFFIX))).toBe(false);
  });

  it('adds each write tool as <name>-transaction with destructiveHint on the opt-in surface', () => {
    expect(writes.length).toBeGreaterThan(0);
    const added = withTransactions.slice(readOnly.length);
    expect(added.map((t) => t.name)).toEqual(writes.map((tool) => `${tool.name}${TRANSACTION_SUFFIX}`));
    expect(added.every((t) => t.annotations.destructiveHint && !t.annotations.readOnlyHint)).toBe(true);
    expect(withTransactions.find((t) => t.name === 'ethNativeSend-transaction')).toBeDefined();
  });

  it('publishes object input schemas without the $schema dialect key', () => {
    for (const tool of withTransactions) {
      expect(tool.inputSchema.type).toBe('object');
      expect(tool.inputSchema).not.toHaveProperty('$schema');
    }
  });
});
