import { newMasterKeyText } from '@svc/chains';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const LIVE = {
  SVC_MODE: 'live',
  PAY_TO_EVM: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8',
  PAY_TO_SOLANA: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  PAY_TO_STACKS: 'SP2J6ZY48GV1EZ5V2V5RB9MP66SW86PYKKNRV9EJ7',
  PUBLIC_BASE_URL: 'https://svc.example',
  FACILITATOR_URL: 'https://facilitator.example',
  SVC_MASTER_KEY: newMasterKeyText(),
};
const COLLECTION = '0x5FbDB2315678afecb367f032d93F642f64180aa3';
const MINTER_KEY = `0x${'11'.repeat(32)}`;

describe('vault collection settings', () => {
  it('names each live collection by chain, with the minter key', () => {
    const config = loadConfig({
      ...LIVE,
      RPC_URL_BASE: 'https://base.example',
      VAULT_COLLECTION_BASE: COLLECTION,
      VAULT_MINTER_PRIVATE_KEY: MINTER_KEY,
    });
    expect(config.vaultCollections).toEqual({
      collections: { base: COLLECTION },
      minterPrivateKey: MINTER_KEY,
      deployerPrivateKey: undefined,
    });
  });

  it('refuses an address without its EIP-55 checksum, naming the setting', () => {
    const settings = { ...LIVE, RPC_URL_BASE: 'https://base.example', VAULT_MINTER_PRIVATE_KEY: MINTER_KEY };
    expect(() => loadConfig({ ...settings, VAULT_COLLECTION_BASE: COLLECTION.toLowerCase() })).toThrow(
      /VAULT_COLLECTION_BASE: must be an address with its EIP-55 checksum/,
    );
    expect(() => loadConfig({ ...settings, VAULT_COLLECTION_BASE: COLLECTION.replace('afecb', 'aFecb') })).toThrow(
      /VAULT_COLLECTION_BASE: must be an address/,
    );
    expect(() => loadConfig({ ...settings, VAULT_COLLECTION_BASE: '0x1234' })).toThrow(/VAULT_COLLECTION_BASE/);
  });

  it('refuses a collection on a chain without its RPC setting (live mode: the sandbox mints into its own)', () => {
    expect(loadConfig({ VAULT_COLLECTION_POLYGON: COLLECTION }).vaultCollections.collections).toEqual({
      polygon: COLLECTION,
    });
    expect(() =>
      loadConfig({ ...LIVE, VAULT_COLLECTION_POLYGON: COLLECTION, VAULT_MINTER_PRIVATE_KEY: MINTER_KEY }),
    ).toThrow("VAULT_COLLECTION_POLYGON needs RPC_URL_POLYGON: the collection is reached through Polygon's RPC.");
  });

  it('refuses a collection without the minter key', () => {
    expect(() =>
      loadConfig({ ...LIVE, RPC_URL_BASE: 'https://base.example', VAULT_COLLECTION_BASE: COLLECTION }),
    ).toThrow(/^VAULT_COLLECTION_BASE needs VAULT_MINTER_PRIVATE_KEY/);
  });

  it('refuses a malformed key without repeating it', () => {
    const attempt = () => loadConfig({ ...LIVE, VAULT_DEPLOYER_PRIVATE_KEY: '0xnot-a-key-secret' });
    expect(attempt).toThrow(/VAULT_DEPLOYER_PRIVATE_KEY: must be 0x followed by 64 hex digits/);
    expect(attempt).not.toThrow(/not-a-key-secret/);
  });
});
