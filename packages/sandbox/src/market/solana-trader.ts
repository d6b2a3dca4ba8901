/**
 * Carries out the simulator's intended trades on the sandbox Solana chain through the swap venue, as a client does:
 * an exact-input quote, the venue's swap transaction (signed by the pools), the simulated wallet's own signature,
 * then `sendTransaction` over the chain's JSON-RPC. The wallet is funded (SOL for fees once, then the token it sells
 * whenever it holds too little) by the sandbox mint authority.
 */
import { createSolanaRpc, getBase64EncodedWireTransaction, signTransaction } from '@solana/kit';
import type { SandboxSolana } from '../solana/sandbox-solana.js';
import { assetIdOf, type SolanaAssetId } from '../solana/tokens.js';
import type { ExecutedTrade } from './evm-trader.js';
import type { IntendedTrade } from './planner.js';
import type { SimulatedWallet } from './wallets.js';

const LAMPORTS_PER_SOL = 1_000_000_000n;
/** SOL a wallet is given for fees when it first trades (and kept above when it sells SOL). */
const FEE_FUNDING = 1_000n * LAMPORTS_PER_SOL;
const REFILL_FACTOR = 5n;
const SLIPPAGE_BPS = 100n;

export class SolanaTrader {
  readonly #rpc: ReturnType<typeof createSolanaRpc>;
  /** Wallets given SOL for fees: forgotten on a sandbox reset. */
  readonly #funded = new Set<string>();

  constructor(private readonly solana: SandboxSolana) {
    this.#rpc = createSolanaRpc(solana.rpcUrl);
  }

  reset(): void {
    this.#funded.clear();
  }

  async trade(wallet: SimulatedWallet, intent: IntendedTrade): Promise<ExecutedTrade> {
    const { solana } = this;
    const owner = wallet.solana.address;
    const assetOf = (symbol: string): SolanaAssetId => {
      const token = solana.tokens.find((candidate) => candidate.symbol === symbol);
      if (!token) throw new Error(`no token ${symbol} on the sandbox Solana venue`);
      return assetIdOf(token);
    };
    const [base, quote] = [assetOf(intent.base), assetOf(intent.quote)];
    const [input, output] = intent.side === 'buy' ? [quote, base] : [base, quote];
    const inputToken = solana.tokens.find((token) => assetIdOf(token) === input)!;
    const price = await solana.tokenPriceUsd(input);
    const amountIn = BigInt(Math.round((intent.sizeUsd / price) * 10 ** inputToken.decimals));

    if (!this.#funded.has(owner)) {
      await solana.airdrop(owner, FEE_FUNDING);
      this.#funded.add(owner);
    }
    if (input === 'SOL') {
      if ((await solana.solBalance(owner)) < amountIn + LAMPORTS_PER_SOL)
        await solana.airdrop(owner, amountIn * REFILL_FACTOR);
    } else if ((await solana.tokenBalance(owner, input)) < amountIn) {
      await solana.mintToken(owner, input, amountIn * REFILL_FACTOR);
    }
    const quoted = await solana.venue.quoteExactIn(input, output, amountIn);
    const minOut = (quoted.outAmount * (10_000n - SLIPPAGE_BPS)) / 10_000n;
    const { transaction, quote: settled } = await solana.venue.swapTransaction(quoted, owner, minOut);
    const signed = await signTransaction([wallet.solana.keyPair], transaction);
    const signature = await this.#rpc
      .sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' })
      .send();
    return {
      chain: intent.chain,
      wallet: owner,
      label: wallet.label.name,
      sizeUsd: intent.sizeUsd,
      transactionHash: signature,
      sold: { symbol: inputToken.symbol, atomic: amountIn },
      bought: { symbol: intent.side === 'buy' ? intent.base : intent.quote, atomic: settled.outAmount },
    };
  }
}
