import { LocalMasterKeyRing, newMasterKeyText, parseMasterKey } from '@svc/chains';
import type { Db } from '@svc/store';
import { describe, expect, it } from 'vitest';
import { trackedWalletJobs } from './jobs.js';
import { liveWatchedChainRpcs, sandboxWatchedChainRpcs, WATCHED_EVM_CHAINS } from './watched-chains.js';

const masterKey = new LocalMasterKeyRing(parseMasterKey(newMasterKeyText()));
// Building the jobs never touches the database (only their passes do).
const db = {} as Db;

function jobsOf(mode: 'sandbox' | 'live', rpcs: ReturnType<typeof liveWatchedChainRpcs>) {
  const warnings: string[] = [];
  const jobs = trackedWalletJobs({ db, mode, masterKey, rpcs, log: { warn: (message) => warnings.push(message) } });
  return { names: jobs.map((job) => job.name), warnings };
}

describe('the chains the tracked-wallet watcher reads', () => {
  it('reads each EVM chain at the RPC setting the wallet tools read (the chain registry)', () => {
    expect(WATCHED_EVM_CHAINS.map(({ chain, evm }) => [chain, evm.rpcSetting])).toEqual([
      ['eth', 'RPC_URL_ETHEREUM'],
      ['base', 'RPC_URL_BASE'],
      ['bsc', 'RPC_URL_BSC'],
      ['polygon', 'RPC_URL_POLYGON'],
    ]);
    for (const { chain, evm } of WATCHED_EVM_CHAINS)
      expect(liveWatchedChainRpcs({ [evm.rpcSetting]: `https://${chain}.example` })).toEqual({
        [chain]: `https://${chain}.example`,
      });
    expect(liveWatchedChainRpcs({ SOLANA_RPC_URL: 'https://solana.example' })).toEqual({
      solana: 'https://solana.example',
    });
  });

  it('ignores the watcher-only settings it read before (ETH_RPC_URL …), which are gone', () => {
    const old = {
      ETH_RPC_URL: 'https://eth.example',
      BASE_RPC_URL: 'https://base.example',
      BSC_RPC_URL: 'https://bsc.example',
      POLYGON_RPC_URL: 'https://polygon.example',
    };
    expect(liveWatchedChainRpcs(old)).toEqual({});
  });

  it('in live mode watches the chains whose setting is set and names the others’ settings once', () => {
    const { names, warnings } = jobsOf(
      'live',
      liveWatchedChainRpcs({ RPC_URL_BSC: 'https://bsc.example', BSC_RPC_URL: 'https://old.example' }),
    );
    expect(names).toEqual(['watch-bsc', 'webhook-delivery']);
    expect(warnings).toEqual([
      'Tracked wallets on eth are not watched: set RPC_URL_ETHEREUM.',
      'Tracked wallets on base are not watched: set RPC_URL_BASE.',
      'Tracked wallets on polygon are not watched: set RPC_URL_POLYGON.',
      'Tracked wallets on solana are not watched: set SOLANA_RPC_URL.',
    ]);
  });

  it('in sandbox mode watches all five chains without a warning, and starts no chain to do so', () => {
    const started: number[] = [];
    const rpcs = sandboxWatchedChainRpcs({
      base: { chainId: 8453, rpcUrl: 'http://127.0.0.1:8545' },
      solana: { rpcUrl: 'http://127.0.0.1:8899' },
      evm: (chainId) => {
        started.push(chainId);
        return Promise.resolve({ chain: { rpcUrl: `http://127.0.0.1:${chainId}` } });
      },
    });
    expect(rpcs).toEqual({
      base: 'http://127.0.0.1:8545',
      solana: 'http://127.0.0.1:8899',
      eth: { start: expect.any(Function) },
      bsc: { start: expect.any(Function) },
      polygon: { start: expect.any(Function) },
    });
    const { names, warnings } = jobsOf('sandbox', rpcs);
    expect(names).toEqual([
      'watch-eth',
      'watch-base',
      'watch-bsc',
      'watch-polygon',
      'watch-solana',
      'webhook-delivery',
    ]);
    expect(warnings).toEqual([]);
    expect(started).toEqual([]);
  });
});
