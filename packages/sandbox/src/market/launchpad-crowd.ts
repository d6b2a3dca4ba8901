/**
 * The launchpads' simulated crowd: on the simulator's clock, the simulated wallets launch tokens on the sandbox
 * launchpads and trade them, so the discovery tools' lists move. On BSC a wallet launches a curve token, buys one
 * still on its curve or sells half of one it holds (SandboxBondingManager); on Base it deploys a factory token or buys
 * one through SandboxV2Router (SandboxTokenFactory); on Hedera, once its ledger has started, it buys from a memejob-style
 * curve (associating the token on its first buy) or sells half of what it holds. Every choice comes from a PRNG seeded with the simulator's seed,
 * so a given seed makes the same launches and trades in the same order. Each action is a real transaction signed by
 * the wallet's own key; wallets are given native coin for it on first use.
 */
import {
  createWalletClient,
  encodeFunctionData,
  hexToBytes,
  erc20Abi,
  type Hash,
  http,
  maxUint256,
  parseAbi,
  parseEther,
  type Address,
  type Chain,
  type PublicClient,
  type Transport,
  type WalletClient,
} from 'viem';
import type { PrivateKeyAccount } from 'viem/accounts';
import type { SandboxEvmChains } from '../evm/sandbox-evm-chains.js';
import { LAUNCH_GAS, sandboxLaunchpadOf } from '../evm/sandbox-launchpads.js';
import type { SandboxEvmMarket } from '../evm/sandbox-market.js';
import { seededRandom } from './prng.js';
import type { Transaction } from '@hashgraph/sdk';
import { HBAR, longZeroAddressOf } from '@svc/chains';
import type { HederaSandboxLedger } from '../hedera/ledger.js';
import { MEMEJOB_ABI, MEMEJOB_GAS } from '../hedera/memejob.js';
import { secretOf, type SimulatedWallet } from './wallets.js';

const BONDING_ABI = parseAbi([
  'function tokenCount() view returns (uint256)',
  'function tokens(uint256) view returns (address)',
  'function createToken(string name, string symbol, uint8 label) payable returns (address)',
  'function buyTokenAMAP(address token, uint256 funds, uint256 minAmount) payable',
  'function sellToken(address token, uint256 amount)',
  'function getTokenInfo(address token) view returns (uint256, address, address, uint256, uint256, uint256, uint256, uint256, uint256, uint256, uint256, bool liquidityAdded)',
]);
const FACTORY_ABI = parseAbi([
  'function deployToken(string name, string symbol, string image, uint16 creatorRewardBps) payable returns (address, address)',
  'event TokenCreated(address indexed tokenAddress, address indexed tokenAdmin, string tokenImage, string tokenName, string tokenSymbol, address pool, uint256 pairedAmount, uint16 creatorRewardBps)',
]);
const ROUTER_ABI = parseAbi([
  'function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[])',
]);
/** Native coin a wallet is given for the crowd's actions when it first acts on a chain (whole coins). */
const GAS_FUNDING = '1000';
const WALLET_GAS = 500_000n;

/** One thing the crowd did: who, where, what, on which token, in which transaction. */
export interface CrowdAction {
  readonly chain: 'bsc' | 'base' | 'hedera';
  readonly wallet: Address;
  readonly kind: 'launch' | 'buy' | 'sell';
  /** The token traded (Hedera: its 0.0.x id); for a launch, the launchpad (the new token is in the transaction's events). */
  readonly target: string;
  /** The transaction hash (Hedera: the transaction id). */
  readonly transactionHash: string;
}

export class LaunchpadCrowd {
  readonly #random: () => number;
  readonly #funded = new Set<string>();
  #launches = 0;

  readonly #seed: string;

  /** `seed` is the simulator's: the wallets' keys come from it (their Hedera key is their EVM key). */
  constructor(
    seed: string,
    private readonly wallets: readonly SimulatedWallet[],
    private readonly evm: SandboxEvmChains,
    private readonly remoteEvmChainIds: ReadonlySet<number>,
    private readonly hedera: () => HederaSandboxLedger | undefined = () => undefined,
  ) {
    this.#seed = seed;
    this.#random = seededRandom(`${seed}:launchpads`);
  }

  /** Forgets which wallets were funded (the chains were restored to their seed). */
  reset(): void {
    this.#funded.clear();
  }

  /** Carries out the crowd's next action on a running launchpad chain; throws when none runs here. */
  async act(): Promise<CrowdAction> {
    const ledger = this.hedera();
    const chains: (number | 'hedera')[] = [
      ...this.evm
        .started()
        .filter((chainId) => sandboxLaunchpadOf(chainId) && !this.remoteEvmChainIds.has(chainId))
        .sort((a, b) => a - b),
      ...(ledger ? (['hedera'] as const) : []),
    ];
    if (chains.length === 0) throw new Error('no sandbox launchpad chain runs in this process');
    const chainId = chains[Math.floor(this.#random() * chains.length)]!;
    const wallet = this.wallets[Math.floor(this.#random() * this.wallets.length)]!;
    if (chainId === 'hedera') return this.#hedera(ledger!, wallet, this.#random());
    const market = await this.evm.evm(chainId);
    const key = `${chainId}/${wallet.evm.address}`;
    if (!this.#funded.has(key)) {
      await market.chain.setNativeBalance(wallet.evm.address, parseEther(GAS_FUNDING));
      this.#funded.add(key);
    }
    const client = createWalletClient({
      account: wallet.evm,
      chain: market.chain.chain,
      transport: http(market.chain.rpcUrl),
    });
    const send = async (hash: Promise<Hash>): Promise<Hash> => {
      const receipt = await market.chain.publicClient.waitForTransactionReceipt({ hash: await hash });
      if (receipt.status !== 'success')
        throw new Error(`launchpad crowd transaction ${receipt.transactionHash} reverted`);
      return receipt.transactionHash;
    };
    const act = { market, wallet: wallet.evm.address, client, send, roll: this.#random() };
    return chainId === 56 ? this.#bsc(act) : this.#base(act);
  }

  async #bsc({ market, wallet, client, send, roll }: Act): Promise<CrowdAction> {
    const manager = sandboxLaunchpadOf(56)!.address;
    const read = market.chain.publicClient as PublicClient;
    const trading = await curveTokens(read, manager);
    if (roll < 0.2 || trading.length === 0) {
      this.#launches += 1;
      const transactionHash = await send(
        client.writeContract({
          address: manager,
          abi: BONDING_ABI,
          functionName: 'createToken',
          args: [`Crowd Coin ${this.#launches}`, `CRWD${this.#launches}`, this.#launches % 10],
          value: parseEther('0.3'),
          gas: LAUNCH_GAS,
        }),
      );
      return { chain: 'bsc', wallet, kind: 'launch', target: manager, transactionHash };
    }
    const token = trading[Math.floor(this.#random() * trading.length)]!;
    const held = await read.readContract({ address: token, abi: erc20Abi, functionName: 'balanceOf', args: [wallet] });
    if (roll > 0.8 && held > 0n) {
      await send(
        client.writeContract({
          address: token,
          abi: erc20Abi,
          functionName: 'approve',
          args: [manager, maxUint256],
          gas: WALLET_GAS,
        }),
      );
      const transactionHash = await send(
        client.writeContract({
          address: manager,
          abi: BONDING_ABI,
          functionName: 'sellToken',
          args: [token, held / 2n],
          gas: WALLET_GAS,
        }),
      );
      return { chain: 'bsc', wallet, kind: 'sell', target: token, transactionHash };
    }
    const funds = parseEther((0.05 + this.#random() * 0.45).toFixed(4));
    const transactionHash = await send(
      client.writeContract({
        address: manager,
        abi: BONDING_ABI,
        functionName: 'buyTokenAMAP',
        args: [token, funds, 0n],
        value: funds,
        gas: LAUNCH_GAS,
      }),
    );
    return { chain: 'bsc', wallet, kind: 'buy', target: token, transactionHash };
  }

  async #base({ market, wallet, client, send, roll }: Act): Promise<CrowdAction> {
    const factory = sandboxLaunchpadOf(8453)!.address;
    const read = market.chain.publicClient as PublicClient;
    const deployed = await read.getContractEvents({
      address: factory,
      abi: FACTORY_ABI,
      eventName: 'TokenCreated',
      fromBlock: 0n,
    });
    if (roll < 0.3 || deployed.length === 0) {
      this.#launches += 1;
      const transactionHash = await send(
        client.writeContract({
          address: factory,
          abi: FACTORY_ABI,
          functionName: 'deployToken',
          args: [`Crowd Base ${this.#launches}`, `CBASE${this.#launches}`, '', 8000],
          value: parseEther('0.5'),
          gas: LAUNCH_GAS,
        }),
      );
      return { chain: 'base', wallet, kind: 'launch', target: factory, transactionHash };
    }
    const token = deployed[Math.floor(this.#random() * deployed.length)]!.args.tokenAddress!;
    const value = parseEther((0.01 + this.#random() * 0.09).toFixed(4));
    const deadline = BigInt(Math.floor(Date.now() / 1000) + 600);
    const transactionHash = await send(
      client.writeContract({
        address: market.router,
        abi: ROUTER_ABI,
        functionName: 'swapExactETHForTokens',
        args: [0n, [market.wrappedNative.address!, token], wallet, deadline],
        value,
        gas: WALLET_GAS,
      }),
    );
    return { chain: 'base', wallet, kind: 'buy', target: token, transactionHash };
  }

  async #hedera(ledger: HederaSandboxLedger, wallet: SimulatedWallet, roll: number): Promise<CrowdAction> {
    const curves = ledger.memeCurves().filter((curve) => !curve.promoted);
    if (curves.length === 0) throw new Error('every Hedera launchpad token has been promoted');
    const curve = curves[Math.floor(this.#random() * curves.length)]!;
    const alias = wallet.evm.address;
    if ((ledger.account(alias)?.tinybar ?? 0n) < HEDERA_FUNDING / 10n) await ledger.fund(alias, HBAR, HEDERA_FUNDING);
    const accountId = ledger.account(alias)!.accountId;
    const sdk = ledger.sdk;
    const key = sdk.PrivateKey.fromStringECDSA(Buffer.from(secretOf(this.#seed, wallet.index, 'evm')).toString('hex'));
    const submit = async (tx: Transaction) => {
      const frozen = tx
        .setTransactionId(sdk.TransactionId.generate(accountId))
        .setNodeAccountIds([sdk.AccountId.fromString(ledger.nodeAccountId)])
        .freeze();
      return ledger.submit((await frozen.sign(key)).toBytes());
    };
    if (!ledger.isAssociated(accountId, curve.tokenId))
      await submit(new sdk.TokenAssociateTransaction().setAccountId(accountId).setTokenIds([curve.tokenId]));
    const token = longZeroAddressOf(curve.tokenId)!;
    const held = ledger.account(accountId)!.tokens.get(curve.tokenId) ?? 0n;
    const call = new sdk.ContractExecuteTransaction().setContractId(ledger.memejobId).setGas(MEMEJOB_GAS);
    if (roll > 0.8 && held > 1n) {
      call.setFunctionParameters(
        hexToBytes(encodeFunctionData({ abi: MEMEJOB_ABI, functionName: 'sell', args: [token, held / 2n, 0n] })),
      );
      const record = await submit(call);
      return {
        chain: 'hedera',
        wallet: alias,
        kind: 'sell',
        target: curve.tokenId,
        transactionHash: record.transactionId,
      };
    }
    const hbar = BigInt(Math.round((5 + this.#random() * 45) * 1e8));
    call
      .setFunctionParameters(
        hexToBytes(encodeFunctionData({ abi: MEMEJOB_ABI, functionName: 'buy', args: [token, 0n] })),
      )
      .setPayableAmount(sdk.Hbar.fromTinybars(hbar.toString()));
    const record = await submit(call);
    return {
      chain: 'hedera',
      wallet: alias,
      kind: 'buy',
      target: curve.tokenId,
      transactionHash: record.transactionId,
    };
  }
}

/** Tinybars a wallet is given on Hedera whenever it holds less than a tenth of it. */
const HEDERA_FUNDING = 1_000n * 100_000_000n;

interface Act {
  readonly market: SandboxEvmMarket;
  readonly wallet: Address;
  readonly client: WalletClient<Transport, Chain, PrivateKeyAccount>;
  readonly send: (hash: Promise<Hash>) => Promise<Hash>;
  readonly roll: number;
}

/** The manager's tokens still on their curve. */
async function curveTokens(read: PublicClient, manager: Address): Promise<Address[]> {
  const count = await read.readContract({ address: manager, abi: BONDING_ABI, functionName: 'tokenCount' });
  const tokens = await Promise.all(
    Array.from({ length: Number(count) }, (_, index) =>
      read.readContract({ address: manager, abi: BONDING_ABI, functionName: 'tokens', args: [BigInt(index)] }),
    ),
  );
  const infos = await Promise.all(
    tokens.map((token) =>
      read.readContract({ address: manager, abi: BONDING_ABI, functionName: 'getTokenInfo', args: [token] }),
    ),
  );
  return tokens.filter((_, index) => !infos[index]![11]);
}
