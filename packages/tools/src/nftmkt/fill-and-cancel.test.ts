import { OPENSEA_SEAPORT_1_6, type OpenSeaFulfillment, type SeaportVenue } from '@svc/providers';
import { RECORDED_OPENSEA_FULFILLMENT_DATA } from '@svc/providers/testing';
import {
  decodeFunctionData,
  erc20Abi,
  getAddress,
  maxUint256,
  recoverTypedDataAddress,
  zeroAddress,
  type Address,
  type Hex,
} from 'viem';
import { SEAPORT_CANCEL_TYPES, seaportDomain } from '@svc/chains';
import { privateKeyToAccount } from 'viem/accounts';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { HandlerContext } from '../handler.js';
import type { NftMarketplace } from '../ports/nft-marketplace.js';

const SIGNER = privateKeyToAccount(`0x${'11'.repeat(32)}`);
const VAULT: Address = SIGNER.address;
const SIGNED_ZONE: Address = '0x000056F7000000EcE9003ca63978907a00FFD100';
const sent = vi.hoisted(() => [] as { to: string; data?: string; value?: bigint }[]);

// The vault's key and the broadcast are the database's and the chain's: stand-ins record what would be sent.
vi.mock('../evm/balances.js', () => ({ vaultEvmAddress: async () => VAULT }));
vi.mock('../evm/vault-signer.js', () => ({
  vaultEvmSigner: async () => SIGNER,
  signAndSend: async (
    _network: unknown,
    _signer: unknown,
    request: { to: string; data?: string; value?: bigint },
    commit?: () => Promise<void>,
  ) => {
    await commit?.();
    sent.push(request);
    return { hash: `0x${'ee'.repeat(32)}` };
  },
}));

// Test files of a worker share one module graph (vitest.config.ts: isolate false), so an earlier file may have loaded
// the handler with the real modules: load it again, under the stand-ins.
vi.resetModules();
const { ServiceError } = await import('@svc/contracts');
const { nftmktCancelNFTOrder, nftmktFulfillNFTOrder } = await import('./fill-and-cancel.js');
const { erc20ApprovalNeeded } = await import('./seaport-order.js');

/** A Base network whose vault holds 1 ETH and whose Seaport reports every order open. */
const network = {
  registry: { name: 'Base', nativeSymbol: 'ETH' },
  publicClient: {
    getBalance: async () => 10n ** 18n,
    readContract: async ({ functionName }: { functionName: string }) => {
      if (functionName === 'getOrderStatus') return [true, false, 0n, 1n];
      if (functionName === 'allowance') return 0n;
      throw new Error(`unexpected read ${functionName}`);
    },
  },
};

function contextWith(marketplace: Partial<NftMarketplace>, commits: string[]): HandlerContext {
  return {
    mode: 'live',
    db: {} as HandlerContext['db'],
    caller: { accountId: 'acct-nftmkt-test' },
    masterKey: {} as HandlerContext['masterKey'],
    providers: {} as HandlerContext['providers'],
    nftMarketplace: marketplace as NftMarketplace,
    evmNetworks: { network: async () => network } as unknown as HandlerContext['evmNetworks'],
    commit: async () => {
      commits.push('commit');
    },
  };
}

const venue: SeaportVenue = {
  protocolAddress: OPENSEA_SEAPORT_1_6,
  conduitKey: `0x${'0'.repeat(64)}`,
  offerToken: zeroAddress,
  signedZone: SIGNED_ZONE,
};

/** The recorded fulfilment answer with its transaction's fields replaced. */
function fulfillment(transaction: Record<string, unknown> = {}): OpenSeaFulfillment {
  const recorded = structuredClone(RECORDED_OPENSEA_FULFILLMENT_DATA);
  Object.assign(recorded.fulfillment_data.transaction, transaction);
  return recorded as unknown as OpenSeaFulfillment;
}

const FILL = {
  chain: 'base',
  orderHash: `0x${'ab'.repeat(32)}`,
  side: 'listing',
  protocolAddress: OPENSEA_SEAPORT_1_6,
} as const;

beforeEach(() => {
  sent.length = 0;
});

describe('nftmktFulfillNFTOrder checks the order book’s fulfilment transaction before anything is signed', () => {
  const fill = (answer: OpenSeaFulfillment, commits: string[]) =>
    nftmktFulfillNFTOrder(
      FILL,
      contextWith({ venue: async () => venue, fulfillmentData: async () => answer }, commits),
    );

  it('sends the recorded answer as it came: to Seaport, with the listing’s native price', async () => {
    const commits: string[] = [];
    await fill(fulfillment(), commits);
    expect(commits).toEqual(['commit']);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ to: getAddress(OPENSEA_SEAPORT_1_6), value: 99_000_000n });
  });

  it('refuses a transaction to anything but the order’s Seaport: 502, nothing signed, sent or charged', async () => {
    const commits: string[] = [];
    const error = await fill(fulfillment({ to: VAULT }), commits).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ServiceError);
    expect(error).toMatchObject({ code: 'upstream_error', message: expect.stringContaining(VAULT) });
    expect(sent).toEqual([]);
    expect(commits).toEqual([]);
  });

  it.each([
    ['more', '99000001'],
    ['less', '0'],
  ])('refuses a transaction sending %s native coin than the order asks: 502, nothing sent', async (_, value) => {
    const commits: string[] = [];
    await expect(fill(fulfillment({ value }), commits)).rejects.toMatchObject({
      code: 'upstream_error',
      message: expect.stringContaining('the order asks 99000000'),
    });
    expect(sent).toEqual([]);
    expect(commits).toEqual([]);
  });
});

describe('erc20ApprovalNeeded', () => {
  const token: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
  const approved = async (grant: 'exact' | 'unlimited') => {
    const approval = await erc20ApprovalNeeded(network as never, token, VAULT, OPENSEA_SEAPORT_1_6, 25_000_000n, grant);
    return decodeFunctionData({ abi: erc20Abi, data: approval!.data }).args;
  };

  it('approves exactly what a fill pulls, and unlimited only when asked (offers)', async () => {
    expect(await approved('exact')).toEqual([OPENSEA_SEAPORT_1_6, 25_000_000n]);
    expect(await approved('unlimited')).toEqual([OPENSEA_SEAPORT_1_6, maxUint256]);
  });
});

describe('nftmktCancelNFTOrder off chain', () => {
  const ORDER_HASH = `0x${'cd'.repeat(32)}` as const;
  const order = (zone: Address) => ({
    order: {
      protocol_data: {
        parameters: {
          ...RECORDED_OPENSEA_FULFILLMENT_DATA.fulfillment_data.orders[0]!.parameters,
          offerer: VAULT,
          zone,
        },
        signature: '0x',
      },
      cancelled: false,
    },
  });
  const cancel = (signedZone: Address | null, zone: Address, commits: string[], cancelled: Hex[]) =>
    nftmktCancelNFTOrder(
      { chain: 'base', orderHash: ORDER_HASH, protocolAddress: OPENSEA_SEAPORT_1_6, method: 'offchain' },
      contextWith(
        {
          venue: async () => ({ ...venue, signedZone }),
          order: async () => order(zone) as never,
          cancelOrder: async (_chain, _protocol, hash, signature) => {
            cancelled.push(hash, signature);
            return {};
          },
        },
        commits,
      ),
    );

  it("refuses an order outside OpenSea's signed zone with 400 onchain_only, before anything is charged", async () => {
    const [commits, cancelled]: [string[], Hex[]] = [[], []];
    await expect(cancel(SIGNED_ZONE, zeroAddress, commits, cancelled)).rejects.toMatchObject({
      code: 'invalid_input',
      issues: [{ field: 'method', rule: 'onchain_only' }],
      message: expect.stringContaining('only be cancelled on chain through Seaport'),
    });
    expect(commits).toEqual([]);
    expect(cancelled).toEqual([]);
  });

  it("cancels an order in OpenSea's signed zone with the offerer's signature of its hash", async () => {
    const [commits, cancelled]: [string[], Hex[]] = [[], []];
    expect(await cancel(SIGNED_ZONE, SIGNED_ZONE, commits, cancelled)).toMatchObject({
      cancelled: true,
      signatureValidOnChain: false,
      note: null,
    });
    expect(commits).toEqual(['commit']);
    const [hash, signature] = cancelled;
    expect(hash).toBe(ORDER_HASH);
    expect(
      await recoverTypedDataAddress({
        domain: seaportDomain(8453, OPENSEA_SEAPORT_1_6),
        types: SEAPORT_CANCEL_TYPES,
        primaryType: 'OrderHash',
        message: { orderHash: ORDER_HASH },
        signature: signature!,
      }),
    ).toBe(VAULT);
  });

  it('without a signed zone (the sandbox order book) says the signature stays valid on Seaport', async () => {
    const [commits, cancelled]: [string[], Hex[]] = [[], []];
    expect(await cancel(null, zeroAddress, commits, cancelled)).toMatchObject({
      cancelled: true,
      signatureValidOnChain: true,
      note: expect.stringContaining('Only method onchain'),
    });
    expect(cancelled[0]).toBe(ORDER_HASH);
  });
});
