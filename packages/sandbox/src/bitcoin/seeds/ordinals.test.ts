import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BitcoinLedgerError, BitcoinSandboxLedger } from '../ledger.js';
import { OrdIndex } from '../ord-index/ord-index.js';
import { SandboxBitcoin } from '../sandbox-bitcoin.js';
import { SEED_HOLDERS, seedOrdinals } from './ordinals.js';

describe('the seeded ordinals content', () => {
  it('makes two collections whose children carry traits, and BRC-20 balances by the rules', () => {
    const index = new SandboxBitcoin().ordinals;
    const collections = index.collections();
    expect(collections.map((collection) => [collection.slug, collection.name, collection.items.length])).toEqual([
      ['bitcoin-frogs', 'Bitcoin Frogs', 10],
      ['taproot-wizards', 'Taproot Wizards', 8],
    ]);
    expect(collections[1]).toMatchObject({
      description: 'magic internet jpegs',
      discordLink: 'https://discord.com/invite/taprootwizards',
    });
    const frog = index.inscription(collections[0]!.items[0]!)!;
    expect(frog).toMatchObject({ parent: collections[0]!.parent, contentType: 'image/svg+xml' });
    expect(frog.metadata).toMatchObject({ name: 'Bitcoin Frog #1', Background: 'Blue' });
    // Frog #1: Background Blue (frogs 1 and 6 of 10), Body Gold (1, 4, 7, 10), Eyes Sleepy (1, 3, 5, 7, 9).
    expect(index.traits(frog.id)).toEqual([
      { name: 'Background', value: 'Blue', rarity: 20 },
      { name: 'Body', value: 'Gold', rarity: 40 },
      { name: 'Eyes', value: 'Sleepy', rarity: 50 },
    ]);
    expect(index.traits(collections[0]!.parent)).toEqual([]);

    expect(index.brc20Tokens().map((token) => [token.tick, token.minted, token.max, token.decimals])).toEqual([
      ['ordi', '2250.5', '21000000', 18],
      ['sats', '150000000.12345678', '2100000000000000', 8],
      ['rats', '1000', '1000', 0],
    ]);
    expect(index.brc20BalancesOf(SEED_HOLDERS.alice)).toEqual([
      { tick: 'ordi', balance: '1000', available: '700', transferable: '300' },
      { tick: 'sats', balance: '100000000', available: '100000000', transferable: '0' },
      { tick: 'rats', balance: '400', available: '400', transferable: '0' },
    ]);
    expect(index.brc20BalancesOf(SEED_HOLDERS.carol).map((held) => [held.tick, held.balance])).toEqual([
      ['ordi', '250.5'],
      ['rats', '200'],
    ]);
  });

  it('is the same on every new chain and written once into a ledger file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'svc-ordinals-seed-'));
    const first = new SandboxBitcoin({ file: join(dir, 'bitcoin.json') });
    const height = first.ledger.height;
    expect(height).toBeGreaterThan(30);
    // The ordinals seed runs first on a new chain, at fixed block times: its blocks are the same every time (the
    // other seeds after it are mined now).
    const bare = new BitcoinSandboxLedger();
    seedOrdinals(bare);
    expect(first.ledger.transactionsAfter(bare.height - 1)[0]!.blockHash).toBe(bare.tipHash);
    expect(new SandboxBitcoin().ledger.transactionsAfter(bare.height - 1)[0]!.blockHash).toBe(bare.tipHash);
    const reopened = new SandboxBitcoin({ file: join(dir, 'bitcoin.json') });
    expect(reopened.ledger.height).toBe(height);
    // Replayed from the file, the reveals' envelopes give the same collections and balances.
    expect(reopened.ordinals.collections()).toEqual(first.ordinals.collections());
    expect(reopened.ordinals.brc20Tokens()).toEqual(first.ordinals.brc20Tokens());
    seedOrdinals(reopened.ledger);
    expect(reopened.ledger.height).toBe(height);
  });

  it('lets the ledger refuse a child whose parent was never revealed', () => {
    const ledger = new BitcoinSandboxLedger();
    const inscription = { contentType: 'text/plain', body: Buffer.from('orphan'), parent: `${'ab'.repeat(32)}i0` };
    expect(() => ledger.credit(SEED_HOLDERS.bob, 10_000n, { inscription })).toThrow(
      expect.objectContaining({ code: 'unknown_parent' }) as BitcoinLedgerError,
    );
    expect(ledger.height).toBe(0);
  });

  it('suffixes a slug already taken and needs a named parent with children for a collection', () => {
    const ledger = new BitcoinSandboxLedger();
    const reveal = (metadata: Record<string, string> | undefined, parent?: string) => {
      const inscription = { contentType: 'text/plain', body: Buffer.from('x'), metadata, parent };
      return `${ledger.credit(SEED_HOLDERS.bob, 10_000n, { inscription })}i0`;
    };
    const first = reveal({ name: 'Rare Pepes!' });
    const second = reveal({ name: 'rare pepes' });
    const unnamed = reveal(undefined);
    const childless = reveal({ name: 'Empty' });
    for (const parent of [first, second, unnamed]) reveal({ name: 'item', Mood: 'Feels' }, parent);
    expect(childless).toBeDefined();
    expect(new OrdIndex(ledger).collections().map((collection) => collection.slug)).toEqual([
      'rare-pepes',
      'rare-pepes-2',
    ]);
  });
});
