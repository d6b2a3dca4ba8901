import { ServiceError } from '@svc/contracts';
import { sandboxProviders } from '@svc/providers';
import { accountForWallet, type Db, recordActivity } from '@svc/store';
import { testBackends } from '@svc/store/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HandlerContext } from '../handler.js';
import { trackedWalletsFamily } from './index.js';
import { TRACKED_WALLETS_PER_ACCOUNT } from './limits.js';
import { testMasterKey } from '../testing/caller-contexts.js';

const { addTrackedWallet, getTrackedWallets, removeTrackedWallet } = trackedWalletsFamily.handlers;

const EVM = '0x52908400098527886E0F7030069857D2E4169EE7';
const SOL = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM';
const ALL = ['eth', 'base', 'bsc', 'polygon', 'solana'] as const;

async function rejection(call: Promise<unknown>): Promise<ServiceError> {
  const error = await call.then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ServiceError);
  return error as ServiceError;
}

describe.each(testBackends())('tracked-wallet tools on $name', (backend) => {
  let db: Db;
  const masterKey = testMasterKey();
  const as = async (wallet: string): Promise<HandlerContext> => ({
    mode: 'sandbox',
    db,
    masterKey,
    providers: sandboxProviders(),
    caller: { accountId: (await accountForWallet(db, 'eip155:8453', wallet)).accountId },
  });
  let alice: HandlerContext;
  let bob: HandlerContext;
  beforeAll(async () => {
    db = await backend.open();
    alice = await as('0x00000000000000000000000000000000000000a1');
    bob = await as('0x00000000000000000000000000000000000000b0');
  });
  afterAll(() => db.close());

  it('adds with all applicable chains when chains are omitted, and re-adding updates label and chains', async () => {
    expect(await addTrackedWallet({ address: EVM, label: 'treasury', chains: [...ALL] }, alice)).toMatchObject({
      created: true,
      wallet: { address: EVM, label: 'treasury', chains: ['eth', 'base', 'bsc', 'polygon'] },
    });
    expect(await addTrackedWallet({ address: SOL, chains: [...ALL] }, alice)).toMatchObject({
      wallet: { chains: ['solana'], label: null },
    });
    expect(await addTrackedWallet({ address: EVM, label: 'ops', chains: ['base'] }, alice)).toMatchObject({
      created: false,
      wallet: { label: 'ops', chains: ['base'] },
    });
    const { wallets } = await getTrackedWallets({}, alice);
    expect(wallets).toHaveLength(2);
  });

  it('refuses an address on chains of the other family with a 400 naming them', async () => {
    const evmOnSolana = await rejection(addTrackedWallet({ address: EVM, chains: ['base', 'solana'] }, alice));
    expect(evmOnSolana).toMatchObject({ code: 'invalid_input', status: 400, issues: [{ field: 'chains' }] });
    expect(evmOnSolana.message).toMatch(/EVM address cannot be tracked on solana/);
    const solOnEvm = await rejection(addTrackedWallet({ address: SOL, chains: ['eth', 'bsc'] }, alice));
    expect(solOnEvm.message).toMatch(/only be tracked on solana, not on eth, bsc/);
  });

  it('answers 409 limit_reached past the per-account cap', async () => {
    const carol = await as('0x00000000000000000000000000000000000000c0');
    for (let n = 1; n <= TRACKED_WALLETS_PER_ACCOUNT; n += 1) {
      await addTrackedWallet({ address: `0x${n.toString(16).padStart(40, '0')}`, chains: ['eth'] }, carol);
    }
    const refused = await rejection(addTrackedWallet({ address: EVM, chains: ['eth'] }, carol));
    expect(refused).toMatchObject({
      code: 'limit_reached',
      status: 409,
      extra: { limit: TRACKED_WALLETS_PER_ACCOUNT },
    });
    // A tracked one can still be updated.
    expect(
      await addTrackedWallet({ address: `0x${'1'.padStart(40, '0')}`, label: 'x', chains: ['eth'] }, carol),
    ).toMatchObject({ created: false });
  });

  it('keeps accounts apart: events, listing and removal', async () => {
    await recordActivity(
      db,
      'base',
      [
        {
          chain: 'base',
          address: EVM.toLowerCase(),
          kind: 'native_transfer_in',
          txHash: '0x01',
          logIndex: null,
          blockNumber: 1,
          occurredAt: new Date(),
          details: { from: '0x02', to: EVM.toLowerCase(), amount: '1' },
        },
      ],
      1,
    );
    expect((await getTrackedWallets({}, alice)).events).toMatchObject([{ kind: 'native_transfer_in', txHash: '0x01' }]);
    expect(await getTrackedWallets({}, bob)).toEqual({ wallets: [], events: [] });

    // Another account's wallet answers like one never tracked.
    expect(await rejection(removeTrackedWallet({ address: EVM }, bob))).toMatchObject({
      code: 'not_found',
      status: 404,
    });
    expect(await removeTrackedWallet({ address: EVM.toLowerCase() }, alice)).toEqual({
      address: EVM.toLowerCase(),
      removed: true,
    });
    expect(await rejection(removeTrackedWallet({ address: EVM }, alice))).toMatchObject({ code: 'not_found' });
    expect((await getTrackedWallets({}, alice)).events).toEqual([]);
  });
});
