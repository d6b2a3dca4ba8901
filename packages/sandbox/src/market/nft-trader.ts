/**
 * The simulated NFT traders: two of the simulated wallets, picked by a seeded PRNG, trade a Sandbox Punks token
 * through the chain's real Seaport 1.6: the seller (minted a fresh token by the market maker) signs a USDC listing
 * with the sandbox marketplace fee, the buyer (funded by the market maker) fills it with Seaport's fulfillOrder through
 * the conduit. The sale is an OrderFulfilled event like any other, so the NFT tools' stats, activity and trending see
 * a live market. Approvals are given once per wallet and chain.
 */
import {
  evmChainById,
  ITEM_TYPE,
  ORDER_TYPE_FULL_OPEN,
  orderMessage,
  SEAPORT_ABI,
  SEAPORT_ORDER_TYPES,
  seaportDomain,
  type OrderComponents,
} from '@svc/chains';
import {
  createWalletClient,
  erc20Abi,
  http,
  maxUint256,
  parseAbi,
  parseUnits,
  zeroAddress,
  zeroHash,
  type Hash,
} from 'viem';
import type { SandboxEvmMarket } from '../evm/sandbox-market.js';
import { SANDBOX_MARKETPLACE_FEE_PERCENT, SANDBOX_MARKETPLACE_FEE_RECIPIENT } from '../evm/seaport/deploy-seaport.js';
import type { ExecutedTrade } from './evm-trader.js';
import { seededRandom } from './prng.js';
import type { SimulatedWallet } from './wallets.js';

const APPROVAL_ABI = parseAbi(['function setApprovalForAll(address operator, bool approved)']);
const WALLET_GAS = 500_000n;
/** Prices a sale is drawn from, in whole USDC. */
const MIN_PRICE_USDC = 20;
const MAX_PRICE_USDC = 400;

export class NftTrader {
  readonly #random: () => number;
  /** `${chainId}/${wallet}` funded with gas and approvals given: forgotten on a sandbox reset. */
  readonly #prepared = new Set<string>();

  constructor(
    private readonly wallets: readonly SimulatedWallet[],
    seed: string,
  ) {
    this.#random = seededRandom(`${seed}:nft`);
  }

  reset(): void {
    this.#prepared.clear();
  }

  /** One sale of a fresh Sandbox Punks token between two simulated wallets on `market`'s chain. */
  async trade(market: SandboxEvmMarket): Promise<ExecutedTrade> {
    const seaport = market.seaport;
    if (!seaport) throw new Error(`no Seaport on sandbox chain ${market.chain.chainId}`);
    const sellerIndex = Math.floor(this.#random() * this.wallets.length);
    const buyerIndex = (sellerIndex + 1 + Math.floor(this.#random() * (this.wallets.length - 1))) % this.wallets.length;
    const [seller, buyer] = [this.wallets[sellerIndex]!, this.wallets[buyerIndex]!];
    const price = parseUnits(
      String(MIN_PRICE_USDC + Math.floor(this.#random() * (MAX_PRICE_USDC - MIN_PRICE_USDC))),
      6,
    );
    const fee = (price * BigInt(SANDBOX_MARKETPLACE_FEE_PERCENT * 100)) / 10_000n;
    const { chain } = market;
    const usdc = market.token('USDC')!;
    const punks = market.nfts.find((nft) => nft.standard === 'ERC721')!;

    const send = async (hash: Promise<Hash>): Promise<Hash> => {
      const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: await hash });
      if (receipt.status !== 'success')
        throw new Error(`simulated NFT transaction ${receipt.transactionHash} reverted`);
      return receipt.transactionHash;
    };
    const clientOf = (wallet: SimulatedWallet) =>
      createWalletClient({ account: wallet.evm, chain: chain.chain, transport: http(chain.rpcUrl) });
    const prepare = async (wallet: SimulatedWallet) => {
      const key = `${chain.chainId}/${wallet.evm.address}`;
      if (this.#prepared.has(key)) return;
      await chain.setNativeBalance(wallet.evm.address, parseUnits('10', 18));
      const client = clientOf(wallet);
      await send(
        client.writeContract({
          address: punks.address,
          abi: APPROVAL_ABI,
          functionName: 'setApprovalForAll',
          args: [seaport.conduit, true],
          gas: WALLET_GAS,
        }),
      );
      await send(
        client.writeContract({
          address: usdc.address!,
          abi: erc20Abi,
          functionName: 'approve',
          args: [seaport.conduit, maxUint256],
          gas: WALLET_GAS,
        }),
      );
      this.#prepared.add(key);
    };
    await prepare(seller);
    await prepare(buyer);
    const { tokenIds } = await market.mintNft(seller.evm.address, punks, 1n);
    await market.fund(buyer.evm.address, usdc, price);

    const now = BigInt(Math.floor(Date.now() / 1000));
    const counter = await chain.publicClient.readContract({
      address: seaport.seaport,
      abi: SEAPORT_ABI,
      functionName: 'getCounter',
      args: [seller.evm.address],
    });
    const paid = (amount: bigint, recipient: `0x${string}`) => ({
      itemType: ITEM_TYPE.ERC20,
      token: usdc.address!,
      identifierOrCriteria: '0',
      startAmount: amount.toString(),
      endAmount: amount.toString(),
      recipient,
    });
    const components: OrderComponents = {
      offerer: seller.evm.address,
      zone: zeroAddress,
      offer: [
        {
          itemType: ITEM_TYPE.ERC721,
          token: punks.address,
          identifierOrCriteria: tokenIds[0]!.toString(),
          startAmount: '1',
          endAmount: '1',
        },
      ],
      consideration: [paid(price - fee, seller.evm.address), paid(fee, SANDBOX_MARKETPLACE_FEE_RECIPIENT)],
      orderType: ORDER_TYPE_FULL_OPEN,
      startTime: now.toString(),
      endTime: (now + 86_400n).toString(),
      zoneHash: zeroHash,
      salt: Math.floor(this.#random() * 2 ** 48).toString(),
      conduitKey: seaport.conduitKey,
      counter: counter.toString(),
    };
    const signature = await seller.evm.signTypedData({
      domain: seaportDomain(chain.chainId, seaport.seaport),
      types: SEAPORT_ORDER_TYPES,
      primaryType: 'OrderComponents',
      message: orderMessage(components),
    });
    const transactionHash = await send(
      clientOf(buyer).writeContract({
        address: seaport.seaport,
        abi: SEAPORT_ABI,
        functionName: 'fulfillOrder',
        args: [
          { parameters: { ...orderMessage(components), totalOriginalConsiderationItems: 2n }, signature } as never,
          seaport.conduitKey,
        ],
        gas: WALLET_GAS,
      }),
    );
    return {
      chain: evmChainById(chain.chainId)!.key,
      wallet: buyer.evm.address,
      label: buyer.label.name,
      sizeUsd: Number(price) / 1e6,
      transactionHash,
      sold: { symbol: 'USDC', atomic: price },
      bought: { symbol: punks.symbol, atomic: 1n },
    };
  }
}
