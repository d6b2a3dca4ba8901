import { ETH_NATIVE, ServiceError, SOL_NATIVE } from '@svc/contracts';
import { evmChainByKey } from '@svc/chains';
import { type SandboxEvmMarket, type SandboxSolana, SOLANA_USDC_MINT } from '@svc/sandbox';
import type { OrderNetwork } from '@svc/store';
import { tokenKey } from './tokens.js';

/** A sandbox token as the price control and the conditional orders name it. */
export interface MarketToken {
  readonly symbol: string;
  /** The token as conditional-order fields (and so the trigger engine) name it: address lower-cased, or the native constant. */
  readonly orderToken: string;
}

/** The sandbox chains' markets: the EVM markets per chain id, the Solana venue. */
export interface SandboxMarkets {
  evm(chainId: number): Promise<SandboxEvmMarket>;
  /** Absent in a process that reaches only the EVM chains (a standalone worker): Solana then has no sandbox prices. */
  readonly solana?: SandboxSolana | undefined;
}

/**
 * Sandbox market control for conditional orders: find a token by symbol or address, read its pool spot price and
 * move it (the pools are re-balanced, so swaps fill near the price). USDC is the unit of account ($1, fixed).
 */
export interface SandboxMarketControl {
  token(network: OrderNetwork, symbolOrAddress: string): Promise<MarketToken>;
  priceUsd(network: OrderNetwork, orderToken: string): Promise<number | undefined>;
  setPriceUsd(network: OrderNetwork, orderToken: string, priceUsd: number): Promise<void>;
}

const unknownToken = (network: string, token: string, known: string[]) => {
  const message = `no token "${token}" in the sandbox market on ${network}; it has ${known.join(', ')}`;
  return new ServiceError('invalid_input', message, { issues: [{ field: 'token', rule: 'unknown_token', message }] });
};

export function sandboxMarketControl(markets: SandboxMarkets): SandboxMarketControl {
  const evmMarket = (network: OrderNetwork) => markets.evm((evmChainByKey(network) as { chainId: number }).chainId);
  /** The venue asset of a Solana order token: native SOL ('SOL', which moves WSOL with it) or a mint. */
  const solanaAsset = (orderToken: string) => (orderToken === SOL_NATIVE ? 'SOL' : orderToken);
  const solana = (): SandboxSolana => {
    if (!markets.solana)
      throw new ServiceError(
        'not_configured',
        'The sandbox Solana chain lives in the gateway process; this process cannot reach it.',
      );
    return markets.solana;
  };
  return {
    async token(network, symbolOrAddress) {
      if (network === 'solana') {
        const wanted = symbolOrAddress.toUpperCase();
        const found = solana().tokens.find((token) => token.symbol === wanted || token.mint === symbolOrAddress);
        if (!found)
          throw unknownToken(
            network,
            symbolOrAddress,
            solana().tokens.map((token) => token.symbol),
          );
        return {
          symbol: found.mint === SOL_NATIVE || found.mint === null ? 'SOL' : found.symbol,
          orderToken: found.mint ?? SOL_NATIVE,
        };
      }
      const market = await evmMarket(network);
      const found = market.token(symbolOrAddress);
      if (!found)
        throw unknownToken(
          network,
          symbolOrAddress,
          market.tokens.map((token) => token.symbol),
        );
      return { symbol: found.symbol, orderToken: tokenKey(network, found.address ?? ETH_NATIVE) };
    },
    async priceUsd(network, orderToken) {
      try {
        if (network === 'solana') return await solana().tokenPriceUsd(solanaAsset(orderToken));
        const market = await evmMarket(network);
        return market.token(orderToken) ? await market.tokenPriceUsd(orderToken) : undefined;
      } catch {
        // A token without a pool has no sandbox price: its orders wait.
        return undefined;
      }
    },
    async setPriceUsd(network, orderToken, priceUsd) {
      const usdc =
        network === 'solana'
          ? orderToken === SOLANA_USDC_MINT
          : (await evmMarket(network)).token(orderToken)?.kind === 'usdc';
      if (usdc) {
        const message = "USDC is the sandbox market's unit of account: its price is fixed at 1";
        throw new ServiceError('invalid_input', message, { issues: [{ field: 'token', rule: 'custom', message }] });
      }
      if (network === 'solana') await solana().setTokenPriceUsd(solanaAsset(orderToken), priceUsd);
      else await (await evmMarket(network)).setTokenPriceUsd(orderToken, priceUsd);
    },
  };
}
