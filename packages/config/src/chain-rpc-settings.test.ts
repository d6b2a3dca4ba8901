import { EVM_CHAINS } from '@svc/chains';
import { describe, expect, it } from 'vitest';
import { loadConfig, settingsSchema } from './config.js';
import { renderConfigurationReference } from './config-reference.js';

describe('one RPC setting per chain', () => {
  it('reads Base’s RPC for sign-in proofs and settlement reconciliation from RPC_URL_BASE, as the wallet tools do', () => {
    expect(loadConfig({ RPC_URL_BASE: 'https://base.example' })).toMatchObject({
      baseRpcUrl: 'https://base.example',
      evmSettings: expect.objectContaining({ RPC_URL_BASE: 'https://base.example' }),
    });
  });

  it('stops a deployment that still sets a renamed RPC setting, naming the new one', () => {
    expect(() => loadConfig({ BASE_RPC_URL: 'https://base.example' })).toThrow(/BASE_RPC_URL is now RPC_URL_BASE/);
    expect(() => loadConfig({ ETH_RPC_URL: 'x', POLYGON_RPC_URL: 'y' })).toThrow(
      /ETH_RPC_URL is now RPC_URL_ETHEREUM, POLYGON_RPC_URL is now RPC_URL_POLYGON/,
    );
  });

  it('has no second setting for a chain (the watcher-only ETH_RPC_URL, BASE_RPC_URL … are gone)', () => {
    for (const removed of ['ETH_RPC_URL', 'BASE_RPC_URL', 'BSC_RPC_URL', 'POLYGON_RPC_URL'])
      expect(Object.keys(settingsSchema.shape)).not.toContain(removed);
  });

  it('shows each chain’s one setting in the configuration reference with what reads it', () => {
    const reference = renderConfigurationReference();
    const rows = reference.slice(reference.indexOf('## Chain RPC settings')).split('\n');
    const rowOf = (setting: string) => rows.filter((line) => line.includes(`| \`${setting}\``));
    const watchedAs: Record<string, string> = {
      RPC_URL_ETHEREUM: 'eth',
      RPC_URL_BSC: 'bsc',
      RPC_URL_POLYGON: 'polygon',
      RPC_URL_BASE: 'base',
    };
    for (const { rpcSetting } of EVM_CHAINS) {
      const row = rowOf(rpcSetting);
      expect(row).toHaveLength(1);
      expect(row[0]).toContain('the EVM tools');
      if (watchedAs[rpcSetting]) expect(row[0]).toContain(`tracked-wallet watcher on \`${watchedAs[rpcSetting]}\``);
    }
    expect(rowOf('SOLANA_RPC_URL')).toEqual([expect.stringContaining('tracked-wallet watcher on `solana`')]);
  });
});
