import { describe, expect, it } from 'vitest';
import { familyHelpers } from './family.testutil.js';
import { VAULT_DEPOSIT_CHAIN, VAULT_MINT_CHAIN, vaultTools } from './vaults.js';

const { tool, ok, parsed, issuePaths, agree } = familyHelpers(vaultTools);

const VAULT = '9260569240430531';
const CONTRACT = '0x345eF9d7E75aEEb979053AA41BB6330683353B7b';

const FLAGS: Record<string, [identity: boolean, effect: 'read' | 'write']> = {
  svcListMyVaults: [true, 'read'],
  svcGetVaultDetails: [true, 'read'],
  svcCreateVault: [true, 'write'],
  svcMintVault: [true, 'write'],
  svcRevealKeys: [true, 'write'],
  svcRefreshBalance: [true, 'read'],
  svcDeleteVault: [true, 'write'],
  svcListCollections: [false, 'read'],
  svcGetCollectionAssets: [false, 'read'],
  svcResolveAsset: [false, 'read'],
  svcGetDepositAddress: [true, 'read'],
  svcQuickVault: [true, 'write'],
};

describe('vaultTools', () => {
  it('defines the twelve vault tools with identity on account tools, open collection reads, writes for create/mint/reveal/delete/quick', () => {
    expect(vaultTools.map((t) => t.name)).toEqual(Object.keys(FLAGS));
    for (const t of vaultTools) {
      expect([t.identity, t.effect], t.name).toEqual(FLAGS[t.name]);
      expect(t.group, t.name).toBe('Vaults');
      expect(t.price, t.name).toBe('vaults');
      expect(t.description, t.name).toMatch(/Designed/);
    }
  });

  it('chain enums: deposits on all eight service chains, mints on the five EVM chains', () => {
    expect(VAULT_DEPOSIT_CHAIN.options).toEqual([
      'ethereum',
      'bsc',
      'polygon',
      'base',
      'altchain',
      'solana',
      'bitcoin',
      'hedera',
    ]);
    expect(VAULT_MINT_CHAIN.options).toEqual(['ethereum', 'bsc', 'polygon', 'base', 'altchain']);
  });

  it('vaultId is a decimal token id on every tool that takes one', () => {
    for (const name of ['svcGetVaultDetails', 'svcRefreshBalance', 'svcDeleteVault']) {
      expect(ok(name, { vaultId: VAULT }), name).toBe(true);
      expect(ok(name, { vaultId: '9'.repeat(78) }), name).toBe(true);
      expect(ok(name, { vaultId: '9'.repeat(79) }), name).toBe(false);
      expect(ok(name, { vaultId: '' }), name).toBe(false);
      expect(ok(name, { vaultId: 'vault-1' }), name).toBe(false);
      expect(ok(name, { vaultId: 42 }), name).toBe(false);
      expect(ok(name, {}), name).toBe(false);
      expect(ok(name, { vaultId: VAULT, extra: 1 }), name).toBe(false);
    }
  });

  it('svcListMyVaults: optional status filter, page >= 1 default 1, limit 1-100 default 20', () => {
    expect(parsed('svcListMyVaults', {})).toEqual({ page: 1, limit: 20 });
    for (const status of ['unminted', 'minted', 'revealed'])
      expect(ok('svcListMyVaults', { status }), status).toBe(true);
    expect(ok('svcListMyVaults', { status: 'deleted' })).toBe(false);
    expect(ok('svcListMyVaults', { page: 0 })).toBe(false);
    expect(ok('svcListMyVaults', { page: 1.5 })).toBe(false);
    expect(ok('svcListMyVaults', { limit: 1 })).toBe(true);
    expect(ok('svcListMyVaults', { limit: 100 })).toBe(true);
    expect(ok('svcListMyVaults', { limit: 0 })).toBe(false);
    expect(ok('svcListMyVaults', { limit: 101 })).toBe(false);
  });

  it('svcCreateVault and svcQuickVault: optional name 1-100 and description up to 1000', () => {
    for (const [name, base] of [
      ['svcCreateVault', {}],
      ['svcQuickVault', { chain: 'bitcoin' }],
    ] as const) {
      expect(ok(name, base), name).toBe(true);
      expect(ok(name, { ...base, name: 'x'.repeat(100), description: 'y'.repeat(1000) }), name).toBe(true);
      expect(ok(name, { ...base, name: 'x'.repeat(101) }), name).toBe(false);
      expect(ok(name, { ...base, name: '' }), name).toBe(false);
      expect(ok(name, { ...base, description: 'y'.repeat(1001) }), name).toBe(false);
      expect(ok(name, { ...base, description: '' }), name).toBe(true);
    }
    expect(ok('svcCreateVault', { chain: 'bitcoin' })).toBe(false);
    expect(ok('svcCreateVault', { chains: ['base', 'solana'] })).toBe(true);
    expect(ok('svcCreateVault', { chains: [] })).toBe(false);
    expect(ok('svcCreateVault', { chains: ['arbitrum'] })).toBe(false);
    expect(ok('svcQuickVault', { chain: 'base', chains: ['base'] })).toBe(false);
  });

  it('svcQuickVault and svcGetDepositAddress: chain required, one of the eight deposit chains', () => {
    for (const chain of VAULT_DEPOSIT_CHAIN.options) {
      expect(ok('svcQuickVault', { chain }), chain).toBe(true);
      expect(ok('svcGetDepositAddress', { vaultId: VAULT, chain }), chain).toBe(true);
    }
    expect(ok('svcQuickVault', {})).toBe(false);
    expect(ok('svcQuickVault', { chain: 'arbitrum' })).toBe(false);
    expect(ok('svcGetDepositAddress', { vaultId: VAULT })).toBe(false);
    expect(ok('svcGetDepositAddress', { chain: 'solana' })).toBe(false);
    expect(ok('svcGetDepositAddress', { vaultId: VAULT, chain: 'sol' })).toBe(false);
  });

  it('svcMintVault: vaultId and an EVM mint chain required, optional EVM recipient', () => {
    expect(ok('svcMintVault', { vaultId: VAULT, chain: 'base' })).toBe(true);
    expect(ok('svcMintVault', { vaultId: VAULT, chain: 'altchain' })).toBe(true);
    expect(ok('svcMintVault', { vaultId: VAULT, chain: 'base', recipient: CONTRACT })).toBe(true);
    expect(
      ok('svcMintVault', { vaultId: VAULT, chain: 'base', recipient: 'bc1qcr8te4kr609gcawutmrza0j4xv80jy8z306fyu' }),
    ).toBe(false);
    expect(ok('svcMintVault', { vaultId: VAULT })).toBe(false);
    expect(ok('svcMintVault', { vaultId: VAULT, chain: 'solana' })).toBe(false);
    expect(ok('svcMintVault', { vaultId: VAULT, chain: 'bitcoin' })).toBe(false);
  });

  it('svcRevealKeys: confirm must repeat vaultId (zod; JSON Schema only requires the string)', () => {
    agree('svcRevealKeys', { vaultId: VAULT, confirm: VAULT }, true);
    agree('svcRevealKeys', { vaultId: VAULT }, false);
    agree('svcRevealKeys', { vaultId: VAULT, confirm: true }, false);
    expect(ok('svcRevealKeys', { vaultId: VAULT, confirm: '1' })).toBe(false);
    expect(issuePaths('svcRevealKeys', { vaultId: VAULT, confirm: 'yes' })).toEqual(['confirm']);
    expect(tool('svcRevealKeys').description).toMatch(/explicit approval/);
  });

  it('svcListCollections: optional mint chain, paging', () => {
    expect(parsed('svcListCollections', {})).toEqual({ page: 1, limit: 20 });
    expect(ok('svcListCollections', { chain: 'polygon' })).toBe(true);
    expect(ok('svcListCollections', { chain: 'solana' })).toBe(false);
    expect(ok('svcListCollections', { limit: 101 })).toBe(false);
    expect(ok('svcListCollections', { page: 0 })).toBe(false);
  });

  it('svcGetCollectionAssets rule: a contract-address collection needs chain (zod and JSON Schema)', () => {
    expect(parsed('svcGetCollectionAssets', { collection: 'rare-pepe' })).toEqual({
      collection: 'rare-pepe',
      page: 1,
      limit: 20,
    });
    const cases: Array<[unknown, boolean]> = [
      [{ collection: 'rare-pepe' }, true],
      [{ collection: 'rare-pepe', chain: 'ethereum' }, true],
      [{ collection: CONTRACT }, false],
      [{ collection: CONTRACT, chain: 'ethereum' }, true],
      [{ collection: '' }, false],
      [{ collection: 'rare-pepe', limit: 101 }, false],
    ];
    for (const [input, expected] of cases) agree('svcGetCollectionAssets', input, expected);
    expect(issuePaths('svcGetCollectionAssets', { collection: CONTRACT })).toEqual(['chain']);
  });

  it('svcResolveAsset rules: tokenId only with a contract address; a contract address needs chain (zod and JSON Schema)', () => {
    const cases: Array<[unknown, boolean]> = [
      [{ asset: VAULT }, true],
      [{ asset: 'rare-pepe' }, true],
      [{ asset: CONTRACT, chain: 'ethereum' }, true],
      [{ asset: CONTRACT, chain: 'ethereum', tokenId: '12' }, true],
      [{ asset: CONTRACT }, false],
      [{ asset: CONTRACT, tokenId: '12' }, false],
      [{ asset: VAULT, tokenId: '12' }, false],
      [{ asset: CONTRACT, chain: 'ethereum', tokenId: 'abc' }, false],
      [{ asset: CONTRACT, chain: 'solana' }, false],
      [{ asset: '' }, false],
      [{}, false],
    ];
    for (const [input, expected] of cases) agree('svcResolveAsset', input, expected);
    expect(issuePaths('svcResolveAsset', { asset: VAULT, tokenId: '12' })).toEqual(['tokenId']);
    expect(issuePaths('svcResolveAsset', { asset: CONTRACT })).toEqual(['chain']);
  });
});
