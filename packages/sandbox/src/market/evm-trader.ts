/**
 * Carries out the simulator's intended trades on a sandbox EVM chain: a real transaction signed by the simulated
 * wallet's own key through SandboxV2Router (`swapExactTokensForTokens`), after a one-time approval of the router per
 * token. The sandbox market maker funds the wallet (native gas once, then the token it sells whenever it holds too
 * little), so the simulation never runs dry.
 */
import { createWalletClient, erc20Abi, http, maxUint256, parseAbi, parseUnits, type Hash } from 'viem';
import type { SandboxEvmMarket, SandboxToken } from '../evm/sandbox-market.js';
import type { IntendedTrade } from './planner.js';
import type { SimulatedWallet } from './wallets.js';

const ROUTER_ABI = parseAbi([
  'function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)',
  'function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)',
]);
/** Gas given to the wallets' transactions (skips estimation; receipts are checked). */
const WALLET_GAS = 300_000n;
/** Native coin a wallet is given for gas when it first trades on a chain (whole coins). */
const GAS_FUNDING = 1_000n;
/** When a wallet holds less than a trade needs, it is funded with this many times the trade. */
const REFILL_FACTOR = 5n;
/** The slippage a simulated wallet accepts, in basis points. */
const SLIPPAGE_BPS = 100n;

/** A simulated trade that landed: who traded what, as intended and as sent. */
export interface ExecutedTrade {
  readonly chain: string;
  readonly wallet: string;
  readonly label: string;
  /**
   * The USD size the planner intended (the sold amount at the price read just before); null for a Bitcoin
   * marketplace sale, which is priced in sats (`sold`).
   */
  readonly sizeUsd: number | null;
  readonly transactionHash: string;
  readonly sold: { readonly symbol: string; readonly atomic: bigint };
  readonly bought: { readonly symbol: string; readonly atomic: bigint };
}

export class EvmTrader {
  /** `${chainId}/${wallet}` given gas, and `${chainId}/${wallet}/${token}` approved: forgotten on a sandbox reset. */
  readonly #prepared = new Set<string>();

  /** Forgets what was funded and approved (the chains were restored to their seed). */
  reset(): void {
    this.#prepared.clear();
  }

  async trade(market: SandboxEvmMarket, wallet: SimulatedWallet, intent: IntendedTrade): Promise<ExecutedTrade> {
    const { chain } = market;
    const owner = wallet.evm.address;
    const [base, quote] = [intent.base, intent.quote].map((symbol) => {
      const token = market.token(symbol);
      if (!token?.address) throw new Error(`no ERC-20 ${symbol} in the sandbox market of chain ${chain.chainId}`);
      return token;
    }) as [SandboxToken, SandboxToken];
    const [input, output] = intent.side === 'buy' ? [quote, base] : [base, quote];
    const price = await market.tokenPriceUsd(input.symbol);
    const amountIn = parseUnits((intent.sizeUsd / price).toFixed(input.decimals), input.decimals);
    const client = createWalletClient({ account: wallet.evm, chain: chain.chain, transport: http(chain.rpcUrl) });
    const send = async (hash: Promise<Hash>): Promise<Hash> => {
      const receipt = await chain.publicClient.waitForTransactionReceipt({ hash: await hash });
      if (receipt.status !== 'success')
        throw new Error(`simulated trade transaction ${receipt.transactionHash} reverted`);
      return receipt.transactionHash;
    };

    const walletKey = `${chain.chainId}/${owner}`;
    if (!this.#prepared.has(walletKey)) {
      await chain.setNativeBalance(owner, parseUnits(GAS_FUNDING.toString(), 18));
      this.#prepared.add(walletKey);
    }
    const held = await chain.publicClient.readContract({
      address: input.address!,
      abi: erc20Abi,
      functionName: 'balanceOf',
      args: [owner],
    });
    if (held < amountIn) await market.fund(owner, input, amountIn * REFILL_FACTOR);
    const approvalKey = `${walletKey}/${input.address}`;
    if (!this.#prepared.has(approvalKey)) {
      await send(
        client.writeContract({
          address: input.address!,
          abi: erc20Abi,
          functionName: 'approve',
          args: [market.router, maxUint256],
          gas: WALLET_GAS,
        }),
      );
      this.#prepared.add(approvalKey);
    }
    const path = [input.address!, output.address!];
    const amounts = await chain.publicClient.readContract({
      address: market.router,
      abi: ROUTER_ABI,
      functionName: 'getAmountsOut',
      args: [amountIn, path],
    });
    const expectedOut = amounts[amounts.length - 1]!;
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
    const transactionHash = await send(
      client.writeContract({
        address: market.router,
        abi: ROUTER_ABI,
        functionName: 'swapExactTokensForTokens',
        args: [amountIn, (expectedOut * (10_000n - SLIPPAGE_BPS)) / 10_000n, path, owner, deadline],
        gas: WALLET_GAS,
      }),
    );
    return {
      chain: intent.chain,
      wallet: owner,
      label: wallet.label.name,
      sizeUsd: intent.sizeUsd,
      transactionHash,
      sold: { symbol: input.symbol, atomic: amountIn },
      bought: { symbol: output.symbol, atomic: expectedOut },
    };
  }
}
