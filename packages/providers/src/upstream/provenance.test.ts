import { describe, expect, it } from 'vitest';
import { collectProvenance, recordRead, withProvenance } from './provenance.js';

describe('provenance of a tool answer', () => {
  it('adds source and asOf, but a field the answer already has keeps its value', () => {
    const provenance = { source: 'Jupiter', asOf: '2026-11-25T18:00:00.000Z' };
    expect(withProvenance({ prices: [] }, provenance)).toEqual({
      prices: [],
      source: 'Jupiter',
      asOf: '2026-11-25T18:00:00.000Z',
    });
    // The EVM swap tools already name their route's source ('0x', 'lifi:…'): it stays.
    expect(withProvenance({ source: '0x' }, provenance)).toEqual({ source: '0x', asOf: '2026-11-25T18:00:00.000Z' });
  });

  it('keeps concurrent calls apart: each answer sees only its own reads', async () => {
    const call = (source: string, asOf: string) =>
      collectProvenance(async () => {
        await new Promise((resolve) => setTimeout(resolve, 5));
        recordRead(source, asOf);
      });
    const [a, b] = await Promise.all([call('A', '2026-01-01T00:00:00.000Z'), call('B', '2026-01-02T00:00:00.000Z')]);
    expect(a.provenance).toEqual({ source: 'A', asOf: '2026-01-01T00:00:00.000Z' });
    expect(b.provenance).toEqual({ source: 'B', asOf: '2026-01-02T00:00:00.000Z' });
  });

  it('ignores reads made outside any call', () => {
    expect(() => recordRead('nobody listening')).not.toThrow();
  });
});
