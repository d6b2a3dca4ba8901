/**
 * A local EVM chain for the sandbox: anvil plus our USDC look-alike (SandboxUSDC, EIP-3009), Multicall3, the vault
 * collection (SvcVaultNFT) and the x402 `batch-settlement` contracts placed at fixed addresses with `anvil_setCode`, so
 * x402 `exact` payments settle through the real transferWithAuthorization code path, payment channels through real
 * deposits, claims and sweeps, and vault NFTs are real ERC-721 tokens, with no network access.
 */
import {
  createPublicClient,
  createTestClient,
  createWalletClient,
  defineChain,
  http,
  parseAbi,
  type Address,
  type Chain,
  type Hash,
  type Hex,
  type HttpTransport,
  type PublicClient,
} from 'viem';
import { mnemonicToAccount, type HDAccount } from 'viem/accounts';
import { startAnvil } from './anvil.js';
import { vaultCollectionRuntime } from '@svc/chains';
import { MULTICALL3_ARTIFACT, SANDBOX_USDC_ARTIFACT } from './artifacts.js';
import {
  BATCH_SETTLEMENT_ADDRESS,
  BATCH_SETTLEMENT_RUNTIMES,
  ERC3009_DEPOSIT_COLLECTOR_ADDRESS,
} from './batch-settlement.js';
import { seedSnapshot } from './seed-snapshot.js';

/** Native USDC on Base (chain 8453). On the sandbox Base chain SandboxUSDC lives here. */
export const BASE_USDC_ADDRESS: Address = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
/**
 * Where SandboxUSDC lives on every other sandbox chain: the last 20 bytes of keccak256("svc.sandbox.SandboxUSDC").
 * (No real token is imitated there; real USDC on other chains differs, e.g. BSC's has 18 decimals.)
 */
export const SANDBOX_USDC_DEFAULT_ADDRESS: Address = '0x2047cA4860b881cEDb5Bd5A6006fd969Fc927489';
/** The usual Multicall3 address, on every sandbox chain. */
export const MULTICALL3_ADDRESS: Address = '0xcA11bde05977b3631167028862bE2a173976CA11';
/** The only account allowed to mint SandboxUSDC (a constant in the contract): anvil's dev account #0, unlocked in anvil. */
export const SANDBOX_USDC_MINTER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266';
/** The vault collection (SvcVaultNFT) on every sandbox chain: the last 20 bytes of keccak256("svc.sandbox.SvcVaultNFT"). */
export const SVC_VAULT_NFT_ADDRESS: Address = '0x57202a47f8D41e8F9eCb5522c23C5463309583D5';
/** The dev account index of SvcVaultNFT's MINTER (its constructor's argument in the sandbox). */
export const SVC_VAULT_NFT_MINTER_INDEX = 6;
/** anvil's default dev mnemonic; its first 10 accounts start with 10,000 ETH each. */
export const ANVIL_DEV_MNEMONIC = 'test test test test test test test test test test test junk';

/** SandboxUSDC's address on the sandbox chain `chainId`. */
export function sandboxUsdcAddress(chainId: number): Address {
  return chainId === 8453 ? BASE_USDC_ADDRESS : SANDBOX_USDC_DEFAULT_ADDRESS;
}

/** anvil dev account `index` (0–9 are pre-funded; #0 is {@link SANDBOX_USDC_MINTER}). Local signer, for tests and tools. */
export function anvilDevAccount(index: number): HDAccount {
  return mnemonicToAccount(ANVIL_DEV_MNEMONIC, { addressIndex: index });
}

/** anvil's pre-funded dev accounts, the ones the sandbox sends from (derived once, on the first reset). */
const DEV_ACCOUNT_COUNT = 10;
let devAccountAddresses: readonly Address[] | undefined;
const allDevAccountAddresses = (): readonly Address[] =>
  (devAccountAddresses ??= Array.from({ length: DEV_ACCOUNT_COUNT }, (_, index) => anvilDevAccount(index).address));

export interface StartSandboxEvmChainOptions {
  chainId: number;
  /** Persist the chain here (anvil `--state`): loaded if present, written on stop. */
  stateFile?: string;
  /** Default 127.0.0.1. */
  host?: string;
  /** Default: a free port. */
  port?: number;
}

export interface SandboxEvmChain {
  readonly rpcUrl: string;
  readonly chainId: number;
  /** viem chain for this sandbox (its multicall3 contract set), for wallet clients. */
  readonly chain: Chain;
  /** SandboxUSDC: {@link BASE_USDC_ADDRESS} on 8453, else {@link SANDBOX_USDC_DEFAULT_ADDRESS}. */
  readonly usdc: Address;
  readonly multicall3: Address;
  /** x402 `batch-settlement`: the channel contract and its EIP-3009 deposit collector, at the SDK's published addresses. */
  readonly batchSettlement: Address;
  readonly erc3009DepositCollector: Address;
  /** The vault collection, SvcVaultNFT ({@link SVC_VAULT_NFT_ADDRESS}); its minter is dev account {@link SVC_VAULT_NFT_MINTER_INDEX}. */
  readonly vaultNft: Address;
  /** Polls every 50 ms (anvil mines each transaction immediately). */
  readonly publicClient: PublicClient<HttpTransport, Chain>;
  /**
   * Mints `atomic` USDC units (6 decimals) to `to` from the minter; resolves once mined. Calls are queued, so they may
   * overlap; other senders from the minter account (dev account #0) outside this object can still collide on nonces.
   */
  mintUsdc(to: Address, atomic: bigint): Promise<Hash>;
  /** Sets the native balance of `address` to `wei`. */
  setNativeBalance(address: Address, wei: bigint): Promise<void>;
  /**
   * Restores the chain as it was right after it started (sandbox reset): every balance, contract and transaction
   * since is gone, except the dev accounts' nonces, which stay (see seed-snapshot.ts). Only the process that started
   * the chain can reset it.
   */
  reset(): Promise<void>;
  stop(): Promise<void>;
}

const POLLING_INTERVAL_MS = 50;
const MINT_ABI = parseAbi(['function mint(address to, uint256 amount)']);

/** Defines a viem chain for a local sandbox node. */
export function sandboxViemChain(chainId: number, rpcUrl: string): Chain {
  return defineChain({
    id: chainId,
    name: `Sandbox ${chainId}`,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [rpcUrl] } },
    contracts: { multicall3: { address: MULTICALL3_ADDRESS } },
    testnet: true,
  });
}

/**
 * Starts anvil for `chainId` and makes sure SandboxUSDC, Multicall3 and the batch-settlement contracts are in place. Safe with a persisted state:
 * code is written only where it is missing or differs from the committed artifact, and `anvil_setCode` never touches
 * storage, so balances, allowances and used nonces survive restarts.
 */
export async function startSandboxEvmChain(options: StartSandboxEvmChainOptions): Promise<SandboxEvmChain> {
  const { chainId } = options;
  const anvil = await startAnvil({ chainId, host: options.host, port: options.port, stateFile: options.stateFile });
  try {
    const chain = await connectSandboxEvmChain({ chainId, rpcUrl: anvil.rpcUrl, stop: () => anvil.stop() });
    return { ...chain, reset: await seedSnapshot(chain.chain, chain.rpcUrl, allDevAccountAddresses) };
  } catch (error) {
    await anvil.stop();
    throw error;
  }
}

/**
 * A sandbox chain another process started (a standalone worker beside the gateway reaches the gateway's anvils by
 * their RPC URLs), with SandboxUSDC and Multicall3 made sure of as on start. `stop` defaults to nothing: the chain
 * belongs to the process that started it.
 */
export async function connectSandboxEvmChain(options: {
  chainId: number;
  rpcUrl: string;
  stop?: () => Promise<void>;
}): Promise<SandboxEvmChain> {
  const { chainId, rpcUrl } = options;
  const chain = sandboxViemChain(chainId, rpcUrl);
  const transport = http(rpcUrl, { retryCount: 0 });
  const publicClient = createPublicClient({ chain, transport, pollingInterval: POLLING_INTERVAL_MS });
  const testClient = createTestClient({ chain, transport, mode: 'anvil', pollingInterval: POLLING_INTERVAL_MS });
  // A JSON-RPC account: anvil signs for its unlocked dev accounts itself and assigns nonces in order.
  const minter = createWalletClient({
    chain,
    transport,
    account: SANDBOX_USDC_MINTER,
    pollingInterval: POLLING_INTERVAL_MS,
  });
  const usdc = sandboxUsdcAddress(chainId);
  let mintQueue: Promise<void> = Promise.resolve();

  const placeCode = async (address: Address, runtime: Hex): Promise<void> => {
    const current = await publicClient.getCode({ address });
    if (current?.toLowerCase() !== runtime.toLowerCase()) await testClient.setCode({ address, bytecode: runtime });
  };
  await Promise.all([
    placeCode(usdc, SANDBOX_USDC_ARTIFACT.deployedBytecode),
    placeCode(MULTICALL3_ADDRESS, MULTICALL3_ARTIFACT.deployedBytecode),
    ...BATCH_SETTLEMENT_RUNTIMES.map(({ address, runtime }) => placeCode(address, runtime)),
    // SvcVaultNFT's minter is an immutable: the code its constructor returns for dev account #6.
    placeCode(
      SVC_VAULT_NFT_ADDRESS,
      await vaultCollectionRuntime(publicClient, anvilDevAccount(SVC_VAULT_NFT_MINTER_INDEX).address),
    ),
  ]);

  return {
    rpcUrl,
    chainId,
    chain,
    usdc,
    multicall3: MULTICALL3_ADDRESS,
    batchSettlement: BATCH_SETTLEMENT_ADDRESS,
    erc3009DepositCollector: ERC3009_DEPOSIT_COLLECTOR_ADDRESS,
    vaultNft: SVC_VAULT_NFT_ADDRESS,
    publicClient,
    mintUsdc(to, atomic) {
      // One at a time: anvil answers concurrent eth_sendTransaction calls from one account with "nonce too low".
      const minted = mintQueue.then(async () => {
        const hash = await minter.writeContract({
          address: usdc,
          abi: MINT_ABI,
          functionName: 'mint',
          args: [to, atomic],
        });
        const receipt = await publicClient.waitForTransactionReceipt({ hash });
        if (receipt.status !== 'success') throw new Error(`USDC mint ${hash} reverted`);
        return hash;
      });
      mintQueue = minted.then(
        () => undefined,
        () => undefined,
      );
      return minted;
    },
    async setNativeBalance(address, wei) {
      await testClient.setBalance({ address, value: wei });
    },
    reset: () =>
      Promise.reject(
        new Error(`sandbox chain ${chainId} at ${rpcUrl} belongs to another process: it cannot be reset here`),
      ),
    stop: options.stop ?? (async () => undefined),
  };
}
