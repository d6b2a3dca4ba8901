import { createWalletClient, http, parseAbi, parseEther, parseEventLogs, type Address } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SandboxEvmChains, sandboxEvmChains } from './sandbox-evm-chains.js';
import { startSandboxEvmChain, type SandboxEvmChain } from './sandbox-chain.js';
import { SANDBOX_BONDING_MANAGER_ADDRESS, SANDBOX_TOKEN_FACTORY_ADDRESS } from './sandbox-launchpads.js';
import { LaunchpadCrowd } from '../market/launchpad-crowd.js';
import { simulatedWallets } from '../market/wallets.js';
import { HederaSandboxLedger } from '../hedera/ledger.js';

const MANAGER = parseAbi([
  'function tokenCount() view returns (uint256)',
  'function tokens(uint256) view returns (address)',
  'function createToken(string name, string symbol, uint8 label) payable returns (address)',
  'function buyTokenAMAP(address token, uint256 funds, uint256 minAmount) payable',
  'function sellToken(uint256 origin, address token, uint256 amount, uint256 minFunds, uint256 feeRate, address feeRecipient)',
  'function getTokenInfo(address token) view returns (uint256 version, address tokenManager, address quote, uint256 lastPrice, uint256 tradingFeeRate, uint256 minTradingFee, uint256 launchTime, uint256 offers, uint256 maxOffers, uint256 funds, uint256 maxFunds, bool liquidityAdded)',
  'function tryBuy(address token, uint256 amount, uint256 funds) view returns (address, address, uint256 estimatedAmount, uint256, uint256, uint256, uint256, uint256)',
  'function trySell(address token, uint256 amount) view returns (address, address, uint256 funds, uint256 fee)',
  'event TokenCreate(address creator, address token, uint256 requestId, string name, string symbol, uint256 totalSupply, uint256 launchTime, uint256 launchFee)',
  'event LiquidityAdded(address base, uint256 offers, address quote, uint256 funds)',
]);
const FACTORY = parseAbi([
  'function deployToken(string name, string symbol, string image, uint16 creatorRewardBps) payable returns (address, address)',
  'event TokenCreated(address indexed tokenAddress, address indexed tokenAdmin, string tokenImage, string tokenName, string tokenSymbol, address pool, uint256 pairedAmount, uint16 creatorRewardBps)',
]);
const ERC20 = parseAbi([
  'function balanceOf(address) view returns (uint256)',
  'function approve(address, uint256) returns (bool)',
]);
const ROUTER = parseAbi(['function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[])']);

describe('sandbox launchpads', () => {
  let base: SandboxEvmChain;
  let chains: SandboxEvmChains;

  beforeAll(async () => {
    base = await startSandboxEvmChain({ chainId: 8453 });
    chains = sandboxEvmChains({ base });
  }, 60_000);

  afterAll(async () => {
    await chains?.stop();
    await base?.stop();
  });

  async function walletOn(chainId: number, bnb: string) {
    const market = await chains.evm(chainId);
    const account = privateKeyToAccount(generatePrivateKey());
    await market.chain.setNativeBalance(account.address, parseEther(bnb));
    const client = createWalletClient({ account, chain: market.chain.chain, transport: http(market.chain.rpcUrl) });
    const sent = async (hash: Promise<`0x${string}`>) => {
      const receipt = await market.chain.publicClient.waitForTransactionReceipt({ hash: await hash });
      expect(receipt.status).toBe('success');
      return receipt;
    };
    return { market, account, client, sent, read: market.chain.publicClient };
  }

  it('BSC: a curve token is bought, sold, and graduates to a router pool when 24 BNB are raised', async () => {
    const { market, account, client, sent, read } = await walletOn(56, '40');
    expect(market.launchpad).toEqual({ kind: 'bonding', address: SANDBOX_BONDING_MANAGER_ADDRESS });
    expect(
      await read.readContract({ address: SANDBOX_BONDING_MANAGER_ADDRESS, abi: MANAGER, functionName: 'tokenCount' }),
    ).toBeGreaterThanOrEqual(3n);

    const created = await sent(
      client.writeContract({
        address: SANDBOX_BONDING_MANAGER_ADDRESS,
        abi: MANAGER,
        functionName: 'createToken',
        args: ['Test Curve', 'TCURVE', 3],
        gas: 5_000_000n,
      }),
    );
    const token = parseEventLogs({ abi: MANAGER, logs: created.logs, eventName: 'TokenCreate' })[0]!.args.token;

    const [, , quoted] = await read.readContract({
      address: SANDBOX_BONDING_MANAGER_ADDRESS,
      abi: MANAGER,
      functionName: 'tryBuy',
      args: [token, 0n, parseEther('1')],
    });
    await sent(
      client.writeContract({
        address: SANDBOX_BONDING_MANAGER_ADDRESS,
        abi: MANAGER,
        functionName: 'buyTokenAMAP',
        args: [token, parseEther('1'), quoted],
        value: parseEther('1'),
      }),
    );
    const held = await read.readContract({
      address: token,
      abi: ERC20,
      functionName: 'balanceOf',
      args: [account.address],
    });
    expect(held).toBe(quoted);

    const half = held / 2n;
    const [, , payout] = await read.readContract({
      address: SANDBOX_BONDING_MANAGER_ADDRESS,
      abi: MANAGER,
      functionName: 'trySell',
      args: [token, half],
    });
    await sent(
      client.writeContract({
        address: token,
        abi: ERC20,
        functionName: 'approve',
        args: [SANDBOX_BONDING_MANAGER_ADDRESS, half],
      }),
    );
    const before = await read.getBalance({ address: account.address });
    const sale = await sent(
      client.writeContract({
        address: SANDBOX_BONDING_MANAGER_ADDRESS,
        abi: MANAGER,
        functionName: 'sellToken',
        args: [0n, token, half, payout, 0n, '0x0000000000000000000000000000000000000000'],
      }),
    );
    const after = await read.getBalance({ address: account.address });
    expect(after - before + sale.gasUsed * sale.effectiveGasPrice).toBe(payout);

    // 30 BNB more than reaches the 24 BNB target: the buy fills to it, refunds the rest and graduates the token.
    const graduated = await sent(
      client.writeContract({
        address: SANDBOX_BONDING_MANAGER_ADDRESS,
        abi: MANAGER,
        functionName: 'buyTokenAMAP',
        args: [token, parseEther('30'), 0n],
        value: parseEther('30'),
        gas: 5_000_000n,
      }),
    );
    expect(parseEventLogs({ abi: MANAGER, logs: graduated.logs, eventName: 'LiquidityAdded' })).toHaveLength(1);
    const info = await read.readContract({
      address: SANDBOX_BONDING_MANAGER_ADDRESS,
      abi: MANAGER,
      functionName: 'getTokenInfo',
      args: [token],
    });
    expect(info[11]).toBe(true);
    expect(info[9]).toBe(parseEther('24'));
    expect(info[7]).toBe(0n);
    const out = await read.readContract({
      address: market.router,
      abi: ROUTER,
      functionName: 'getAmountsOut',
      args: [parseEther('0.1'), [market.wrappedNative.address as Address, token]],
    });
    expect(out[1]).toBeGreaterThan(0n);
  }, 60_000);

  it('Base: the factory deploys a token with its pool on the router', async () => {
    const { market, account, client, sent, read } = await walletOn(8453, '3');
    expect(market.launchpad).toEqual({ kind: 'factory', address: SANDBOX_TOKEN_FACTORY_ADDRESS });
    const receipt = await sent(
      client.writeContract({
        address: SANDBOX_TOKEN_FACTORY_ADDRESS,
        abi: FACTORY,
        functionName: 'deployToken',
        args: ['Test Factory', 'TFACT', 'ipfs://x', 8000],
        value: parseEther('1'),
        gas: 5_000_000n,
      }),
    );
    const [event] = parseEventLogs({ abi: FACTORY, logs: receipt.logs, eventName: 'TokenCreated' });
    expect(event!.args.tokenAdmin).toBe(account.address);
    const out = await read.readContract({
      address: market.router,
      abi: ROUTER,
      functionName: 'getAmountsOut',
      args: [parseEther('0.01'), [market.wrappedNative.address as Address, event!.args.tokenAddress]],
    });
    expect(out[1]).toBeGreaterThan(0n);
  }, 60_000);

  it('the crowd launches and trades on the three launchpads, each action a landed transaction', async () => {
    await chains.evm(56);
    const ledger = await HederaSandboxLedger.create();
    const crowd = new LaunchpadCrowd(
      'launchpad-test',
      await simulatedWallets('launchpad-test'),
      chains,
      new Set(),
      () => ledger,
    );
    const actions = [];
    for (let step = 0; step < 15; step++) actions.push(await crowd.act());
    expect(new Set(actions.map((action) => action.chain))).toEqual(new Set(['bsc', 'base', 'hedera']));
    expect(actions.some((action) => action.kind === 'launch')).toBe(true);
    expect(actions.some((action) => action.kind === 'buy')).toBe(true);
    for (const action of actions.filter((action) => action.chain === 'hedera')) {
      const record = ledger.transaction(action.transactionHash)!;
      expect(record.type).toBe('CONTRACTCALL');
      expect(ledger.isAssociated(action.wallet, action.target)).toBe(true);
    }
    for (const action of actions.filter((action) => action.chain !== 'hedera')) {
      const market = await chains.evm(action.chain === 'bsc' ? 56 : 8453);
      const receipt = await market.chain.publicClient.getTransactionReceipt({
        hash: action.transactionHash as `0x${string}`,
      });
      expect(receipt.status).toBe('success');
      expect(receipt.from.toLowerCase()).toBe(action.wallet.toLowerCase());
    }
  }, 120_000);
});
