import { SEAPORT_ABI } from '@svc/chains';
import { parseAbi } from 'viem';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openSandboxEvmMarket, type SandboxEvmMarket } from '../evm/sandbox-market.js';
import { startSandboxEvmChain, type SandboxEvmChain } from '../evm/sandbox-chain.js';
import { NftTrader } from './nft-trader.js';
import { simulatedWallets } from './wallets.js';

const ORDER_FULFILLED = SEAPORT_ABI.find((item) => item.type === 'event' && item.name === 'OrderFulfilled')!;

describe('the simulated NFT traders', () => {
  let base: SandboxEvmChain;
  let market: SandboxEvmMarket;
  beforeAll(async () => {
    base = await startSandboxEvmChain({ chainId: 8453 });
    market = await openSandboxEvmMarket(base);
  }, 60_000);
  afterAll(() => base.stop());

  it('sell a fresh token between two simulated wallets through Seaport, deterministically by seed', async () => {
    const wallets = await simulatedWallets();
    const [first, again] = [new NftTrader(wallets, 'nft-test'), new NftTrader(wallets, 'nft-test')];
    const sale = await first.trade(market);
    const logs = await base.publicClient.getLogs({
      address: market.seaport!.seaport,
      event: ORDER_FULFILLED,
      fromBlock: 0n,
    });
    expect(logs.map((log) => log.transactionHash)).toContain(sale.transactionHash);
    const punks = market.nfts.find((nft) => nft.standard === 'ERC721')!.address;
    const [transfer] = await base.publicClient.getLogs({
      address: punks,
      event: parseAbi(['event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)'])[0],
      fromBlock: 0n,
      args: { to: sale.wallet as `0x${string}` },
    });
    expect(transfer?.transactionHash).toBe(sale.transactionHash);
    expect(sale).toMatchObject({ chain: 'base', sold: { symbol: 'USDC' }, bought: { symbol: 'SBXNFT', atomic: 1n } });
    // The same seed picks the same wallets and price.
    const repeat = await again.trade(market);
    expect([repeat.wallet, repeat.sold.atomic]).toEqual([sale.wallet, sale.sold.atomic]);
  }, 60_000);
});
