import { invalidField, ServiceError } from '@svc/contracts';
import {
  type ClobCredentials,
  clobL1Headers,
  clobL2Headers,
  type EvmNetwork,
  marketOrderAmounts,
  orderBody,
  POLYGON_CTF_EXCHANGE_V2,
  POLYGON_NEG_RISK_ADAPTER,
  POLYGON_NEG_RISK_CTF_EXCHANGE_V2,
  POLYGON_USDC_E,
  type PolymarketClient,
  signOrderV2,
} from '@svc/providers';
import { encodeFunctionData, parseAbi, zeroHash, type Address, type Hex } from 'viem';
import { signAndSend } from '../evm/vault-signer.js';
import type { PredictMarkets, PredictWallet } from '../ports/predict-markets.js';
import { predictAtomic, predictNumber, tokenIdOf } from './predict-amounts.js';

/** Polymarket's Conditional Tokens contract on Polygon. */
export const POLYGON_CTF: Address = '0x4D97DCd97eC945f40cF65F87097ACe5EA0476045';
const CTF_ABI = parseAbi([
  'function payoutDenominator(bytes32 conditionId) view returns (uint256)',
  'function payoutNumerators(bytes32 conditionId, uint256 index) view returns (uint256)',
  'function balanceOf(address owner, uint256 id) view returns (uint256)',
  'function isApprovedForAll(address owner, address operator) view returns (bool)',
  'function setApprovalForAll(address operator, bool approved)',
  'function redeemPositions(address collateralToken, bytes32 parentCollectionId, bytes32 conditionId, uint256[] indexSets)',
]);
const NEG_RISK_ADAPTER_ABI = parseAbi(['function redeemPositions(bytes32 conditionId, uint256[] amounts)']);

const now = () => Math.floor(Date.now() / 1000);

/**
 * Polymarket for the predict tools. The vault trades as an EOA (signature type 0): its EVM address makes and signs
 * its orders and holds its outcome tokens, so it is the Data API's `user` and the CLOB's funder, and it pays its own
 * redemption gas in POL. Its CLOB API credentials are derived from its key on each order (L1), never stored.
 */
export function livePredictMarkets(polymarket: PolymarketClient): PredictMarkets {
  const outcomeTokens = (market: Record<string, unknown>): string[] => {
    try {
      const ids = JSON.parse(String(market.clobTokenIds)) as unknown;
      return Array.isArray(ids) ? ids.map(String) : [];
    } catch {
      return [];
    }
  };
  const ctf = <T>(polygon: EvmNetwork, functionName: string, args: readonly unknown[]) =>
    polygon.publicClient.readContract({
      address: POLYGON_CTF,
      abi: CTF_ABI,
      functionName: functionName as never,
      args: args as never,
    }) as Promise<T>;

  /** The vault's CLOB API credentials: derived (or, on its first order, created) with an L1 signature. */
  async function credentialsOf(wallet: PredictWallet): Promise<ClobCredentials> {
    const headers = await clobL1Headers(wallet.signer, now());
    try {
      return await polymarket.deriveApiKey(headers);
    } catch {
      return polymarket.createApiKey(await clobL1Headers(wallet.signer, now()));
    }
  }

  return {
    events: (query) => polymarket.events(query),
    tags: () => polymarket.tags(),
    search: (query) => polymarket.search(query.q, query.page, query.eventsStatus),
    event: (slug) => polymarket.eventBySlug(slug),
    positions: (user, query) =>
      polymarket.positions(user, {
        limit: query.limit,
        offset: query.offset,
        sortBy: query.sortBy,
        sortDirection: query.sortOrder === 'asc' ? 'ASC' : 'DESC',
      }),
    async sellValueUsd(tokenID, shares) {
      const [book, tick] = await Promise.all([polymarket.book(tokenID), polymarket.tickSize(tokenID)]);
      const amounts = marketOrderAmounts(book, 'SELL', shares, tick);
      return amounts ? predictNumber(amounts.takerAmount) : 0;
    },
    async placeOrder(order, wallet) {
      const tokenId = tokenIdOf(order.tokenID);
      const atomic = predictAtomic(order.amount);
      const [book, tick, negRisk] = await Promise.all([
        polymarket.book(order.tokenID),
        polymarket.tickSize(order.tokenID),
        polymarket.negRisk(order.tokenID),
      ]);
      const amounts = marketOrderAmounts(book, order.side, order.amount, tick);
      if (!amounts)
        throw invalidField('amount', 'no_liquidity', `the order book of ${order.tokenID} cannot fill ${order.amount}`);
      const vault = wallet.signer.address;
      const credentials = await credentialsOf(wallet);
      // The exchange's view of the vault's funds: collateral for a BUY, the outcome token for a SELL.
      const balancePath = polymarket.clobPath('/balance-allowance', {
        asset_type: order.side === 'BUY' ? 'COLLATERAL' : 'CONDITIONAL',
        ...(order.side === 'SELL' ? { token_id: order.tokenID } : {}),
        signature_type: 0,
      });
      const funds = await polymarket.balance(balancePath, clobL2Headers(credentials, vault, now(), 'GET', balancePath));
      const held = funds.balance;
      if (held < atomic)
        throw invalidField(
          'amount',
          order.side === 'BUY' ? 'insufficient_funds' : 'insufficient_shares',
          `needs ${order.amount} ${order.side === 'BUY' ? 'USD of collateral' : 'shares'}, the vault holds ${predictNumber(held)}`,
        );
      if (order.side === 'BUY' && funds.allowance !== undefined && funds.allowance < atomic)
        throw invalidField(
          'amount',
          'insufficient_allowance',
          `the vault has approved the exchange for ${predictNumber(funds.allowance)} USD of collateral, less than ${order.amount}`,
        );
      const signed = {
        salt: BigInt(Math.floor(Math.random() * 2 ** 48)),
        maker: vault,
        signer: vault,
        tokenId,
        makerAmount: amounts.makerAmount,
        takerAmount: amounts.takerAmount,
        side: order.side,
        signatureType: 0 as const,
        timestamp: BigInt(Date.now()),
      };
      const signature = await signOrderV2(
        wallet.signer,
        signed,
        negRisk ? POLYGON_NEG_RISK_CTF_EXCHANGE_V2 : POLYGON_CTF_EXCHANGE_V2,
      );
      const body = orderBody(signed, signature, credentials.apiKey);
      const headers = clobL2Headers(credentials, vault, now(), 'POST', '/order', body);
      await wallet.commit();
      const answer = await polymarket.postOrder(body, headers);
      return {
        ...answer,
        side: order.side,
        tokenID: order.tokenID,
        price: amounts.price,
        negRisk,
        makerAmount: predictNumber(amounts.makerAmount),
        takerAmount: predictNumber(amounts.takerAmount),
      };
    },
    async redeem(conditionId, wallet) {
      // Redeeming needs the Polygon RPC first of all: without it, a 503 naming its setting before any other call.
      const polygon = await wallet.polygon();
      const market = await polymarket.marketByCondition(conditionId);
      if (!market) throw invalidField('conditionId', 'unknown_condition', `Polymarket lists no market ${conditionId}`);
      const tokenIds = outcomeTokens(market).map(BigInt);
      const vault = wallet.signer.address;
      const denominator = await ctf<bigint>(polygon, 'payoutDenominator', [conditionId]);
      if (denominator === 0n)
        throw new ServiceError('state_conflict', `the market ${conditionId} is not resolved yet: nothing redeems`, {
          extra: { conditionId },
        });
      const [held, numerators] = await Promise.all([
        Promise.all(tokenIds.map((id) => ctf<bigint>(polygon, 'balanceOf', [vault, id]))),
        Promise.all(tokenIds.map((_, index) => ctf<bigint>(polygon, 'payoutNumerators', [conditionId, BigInt(index)]))),
      ]);
      if (held.every((balance) => balance === 0n))
        throw invalidField('conditionId', 'nothing_to_redeem', `the vault holds no outcome tokens of ${conditionId}`);
      const payout = held.reduce((sum, balance, index) => sum + (balance * numerators[index]!) / denominator, 0n);
      const negRisk = market.negRisk === true;
      const hashes: Hex[] = [];
      if (negRisk) {
        // The adapter moves the vault's outcome tokens itself: it needs the vault's approval on the CTF once.
        if (!(await ctf<boolean>(polygon, 'isApprovedForAll', [vault, POLYGON_NEG_RISK_ADAPTER]))) {
          const approve = encodeFunctionData({
            abi: CTF_ABI,
            functionName: 'setApprovalForAll',
            args: [POLYGON_NEG_RISK_ADAPTER, true],
          });
          hashes.push(
            (await signAndSend(polygon, wallet.signer, { to: POLYGON_CTF, data: approve }, wallet.commit)).hash,
          );
        }
        const data = encodeFunctionData({
          abi: NEG_RISK_ADAPTER_ABI,
          functionName: 'redeemPositions',
          args: [conditionId, held],
        });
        hashes.push(
          (await signAndSend(polygon, wallet.signer, { to: POLYGON_NEG_RISK_ADAPTER, data }, wallet.commit)).hash,
        );
      } else {
        const data = encodeFunctionData({
          abi: CTF_ABI,
          functionName: 'redeemPositions',
          args: [POLYGON_USDC_E, zeroHash, conditionId, [1n, 2n]],
        });
        hashes.push((await signAndSend(polygon, wallet.signer, { to: POLYGON_CTF, data }, wallet.commit)).hash);
      }
      return {
        conditionId,
        txHash: hashes.at(-1),
        transactionsHashes: hashes,
        negRisk,
        collateral: POLYGON_USDC_E,
        collateralSymbol: 'USDC.e',
        payout: predictNumber(payout),
        redeemed: tokenIds.map((tokenId, index) => ({
          tokenId: String(tokenId),
          shares: predictNumber(held[index] ?? 0n),
        })),
      };
    },
  };
}
