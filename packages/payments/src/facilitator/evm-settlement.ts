import { type FacilitatorEvmSigner, toFacilitatorEvmSigner } from '@x402/evm';
import {
  type Abi,
  type Address,
  concat,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  type Hash,
  type Hex,
  http,
  keccak256,
  type LocalAccount,
  TransactionNotFoundError,
} from 'viem';
import type { SettlementBroadcasts } from './broadcasts.js';
import { expiringCache } from './expiring-cache.js';
import { NonceQueue } from './nonce-queue.js';
import { ownSettlementReceipt, type PaymentAuthorization } from './own-settlement-receipt.js';
import { waitForReceipt } from './receipt-wait.js';
import { type AuthorizationTransfer, SettlementBatches } from './settlement-batches.js';

export interface LocalEvmSettlement {
  readonly network: `eip155:${number}`;
  readonly rpcUrl: string;
  /**
   * The accounts that submit settlements and pay their gas, used in turn. Each account's transactions are signed and
   * sent one at a time in nonce order (see NonceQueue), so one account settles at most one transaction per round
   * trip to the node; several accounts settle in parallel. Another sender using one of these accounts makes one
   * settlement fail before that account's nonce is re-read from the chain. Each account has at most one batch of
   * payments in flight per asset (see SettlementBatches), so the number of accounts is how many settlement
   * transactions of one asset are awaited at once.
   */
  readonly settlers: readonly [LocalAccount, ...LocalAccount[]];
  /** The longest pause between two receipt look-ups (default 50 ms; viem's default for a chain would add ~1 s). */
  readonly pollingIntervalMs?: number;
  /**
   * How long a settlement waits for its transaction's receipt (default 15 000 ms). Then it fails with
   * `settlement_pending` and a message naming the transaction, instead of holding the paid request open forever.
   */
  readonly receiptTimeoutMs?: number;
  /** Told of each EIP-3009 payment a settlement transaction carries, with its hash, before it is broadcast. */
  readonly broadcasts?: SettlementBroadcasts;
  /**
   * Most payments one settlement transaction carries (default DEFAULT_MAX_BATCH_SIZE). 1: one transaction each,
   * sent as soon as it is ready (no transaction waits for another's receipt), as before group commit.
   */
  readonly maxBatchSize?: number;
  /**
   * Gas a batched transaction allows each of its transfers (default DEFAULT_GAS_PER_AUTHORIZATION). Unused gas is
   * not paid for; too little makes the transfers that run out fail (each alone, as a failed settlement).
   */
  readonly gasPerAuthorization?: bigint;
}

export const DEFAULT_MAX_BATCH_SIZE = 100;
/**
 * USDC's `transferWithAuthorization` costs about 40-80k gas (most when the nonce and the payee's balance are new
 * storage slots), plus ~8k for its calldata inside a batch; this leaves room for a token proxy's overhead. At the
 * default batch size a batch asks for 12 M gas, well inside a Base (or anvil) block.
 */
export const DEFAULT_GAS_PER_AUTHORIZATION = 120_000n;
const DEFAULT_RECEIPT_TIMEOUT_MS = 15_000;
const DEFAULT_POLLING_INTERVAL_MS = 50;
/**
 * A fee quote (base fee and tip) is reused this long, saving two requests per settlement. Fees are quoted at twice
 * the base fee (baseFeeMultiplier), which stays above it for at least five full blocks of base-fee growth.
 */
const FEE_QUOTE_TTL_MS = 1_000;
/**
 * `eth_getCode` answers are reused this long. Verify and settle each ask for the payer's code twice (is it a
 * contract wallet? which signature check applies?), and the asset's once. Code rarely changes (a wallet deployed,
 * an EIP-7702 delegation), and a stale answer cannot move money: the token contract checks the authorization's
 * signature itself when the transfer executes, so at worst a payment is refused or its settlement reverts.
 */
const CODE_TTL_MS = 5_000;

/** One chain's settlement: the facilitator signer, and the signer each EIP-3009 payment's settlement uses. */
export interface EvmSettlement {
  /**
   * Verification's signer, and settlement's for everything that is not an EIP-3009 payment (Permit2): reads
   * through a short-lived code cache, sends each transaction on its own.
   */
  readonly signer: FacilitatorEvmSigner;
  /**
   * The signer of one EIP-3009 payment's settlement: its `transferWithAuthorization` joins its asset's next batch
   * (SettlementBatches) and resolves to that batch's transaction hash, and a receipt it waits for answers this
   * payment's own outcome (ownSettlementReceipt).
   */
  signerForPayment(payment: PaymentAuthorization): FacilitatorEvmSigner;
}

/**
 * The `@x402/evm` facilitator signers for one chain. Each transaction goes from the next settler account in nonce
 * order through that account's NonceQueue (gas estimate and fee quote are fetched before the transaction joins the
 * queue, so the queue only signs, announces and sends), and receipts are awaited with a bound.
 */
export function createEvmSettlement(settlement: LocalEvmSettlement): EvmSettlement {
  const chainId = Number(settlement.network.split(':')[1]);
  const chain = defineChain({
    id: chainId,
    name: settlement.network,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [settlement.rpcUrl] } },
    fees: { baseFeeMultiplier: 2 },
  });
  // JSON-RPC batching: the requests concurrent settlements make in the same moment share one HTTP round trip.
  // Socket writes are a large part of a settlement's CPU time; batching cut the server's CPU per paid call by ~20%.
  const client = createPublicClient({ chain, transport: http(settlement.rpcUrl, { batch: true }) });
  // Not batched: a batch waits for the next timer tick, and a NonceQueue job holds its account's queue until the node
  // answers, so every wait there delays all the settlements queued behind it.
  const sender = createPublicClient({ chain, transport: http(settlement.rpcUrl) });
  const receiptWait = {
    timeoutMs: settlement.receiptTimeoutMs ?? DEFAULT_RECEIPT_TIMEOUT_MS,
    pollingIntervalMs: settlement.pollingIntervalMs ?? DEFAULT_POLLING_INTERVAL_MS,
  };
  const settlers = settlement.settlers.map((account) => ({
    account,
    nonces: new NonceQueue(() => sender.getTransactionCount({ address: account.address, blockTag: 'pending' })),
  }));
  let turn = 0;
  const feeQuote = expiringCache((_: 'latest') => client.estimateFeesPerGas(), { ttlMs: FEE_QUOTE_TTL_MS });
  const codeAt = expiringCache((address: Address) => client.getCode({ address }), { ttlMs: CODE_TTL_MS });

  async function sendTransaction(
    { to, data, gas }: { to: Address; data: Hex; gas?: bigint | undefined },
    beforeBroadcast?: (hash: Hash) => Promise<void>,
  ): Promise<Hash> {
    const { account, nonces } = settlers[turn++ % settlers.length]!;
    const [gasLimit, fees] = await Promise.all([
      gas ?? client.estimateGas({ account: account.address, to, data }),
      feeQuote('latest'),
    ]);
    return nonces.submit(async (nonce) => {
      const serializedTransaction = await account.signTransaction({
        type: 'eip1559',
        chainId,
        nonce,
        to,
        data,
        gas: gasLimit,
        ...fees,
      });
      await beforeBroadcast?.(keccak256(serializedTransaction));
      return sender.sendRawTransaction({ serializedTransaction });
    });
  }

  const waitForTransactionReceipt = ({ hash, timeout }: { hash: Hash; timeout?: number }) =>
    waitForReceipt(client, hash, { ...receiptWait, timeoutMs: timeout ?? receiptWait.timeoutMs });

  const maxBatchSize = settlement.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE;
  const batches = new SettlementBatches(
    {
      send: sendTransaction,
      waitForReceipt: (hash) => waitForTransactionReceipt({ hash }),
      call: async ({ to, data }) => (await client.call({ to, data })).data ?? '0x',
      isKnown: (hash) =>
        client.getTransaction({ hash }).then(
          () => true,
          (error: unknown) => {
            if (error instanceof TransactionNotFoundError) return false;
            throw error;
          },
        ),
    },
    {
      maxBatchSize,
      // Without batching nothing is gained by waiting: each account's NonceQueue sends the transactions back to back.
      maxInFlight: maxBatchSize === 1 ? Number.POSITIVE_INFINITY : settlers.length,
      gasPerAuthorization: settlement.gasPerAuthorization ?? DEFAULT_GAS_PER_AUTHORIZATION,
    },
    async (transfers: readonly AuthorizationTransfer[], txHash: Hash) => {
      const { broadcasts } = settlement;
      if (!broadcasts) return;
      await Promise.all(
        transfers.map(({ asset, authorizer, nonce }) =>
          broadcasts.announce({
            network: settlement.network,
            asset: asset.toLowerCase(),
            authorizer: authorizer.toLowerCase(),
            nonce: nonce.toLowerCase(),
            txHash,
          }),
        ),
      );
    },
  );

  const base = toFacilitatorEvmSigner(
    {
      address: settlement.settlers[0].address,
      readContract: (args) => client.readContract(args),
      verifyTypedData: (args) => client.verifyTypedData(args as never),
      getCode: ({ address }) => codeAt(address),
      sendTransaction: (args) => sendTransaction(args),
      writeContract: ({ address, abi, functionName, args, gas, dataSuffix }) => {
        const call = encodeFunctionData({ abi: abi as Abi, functionName, args });
        return sendTransaction({ to: address, data: dataSuffix ? concat([call, dataSuffix]) : call, gas });
      },
      waitForTransactionReceipt,
    },
    { confirmationTimeoutMs: receiptWait.timeoutMs },
  );
  const signer: FacilitatorEvmSigner = { ...base, getAddresses: () => settlers.map(({ account }) => account.address) };

  return {
    signer,
    signerForPayment(payment) {
      // The batch receipt this payment's transfer was sent in: awaited once per batch, not once per payment.
      const sentReceipts = new Map<Hash, Promise<Awaited<ReturnType<typeof waitForTransactionReceipt>>>>();
      return {
        ...signer,
        async writeContract(args) {
          if (args.functionName !== 'transferWithAuthorization') return signer.writeContract(args);
          const call = encodeFunctionData({ abi: args.abi as Abi, functionName: args.functionName, args: args.args });
          // transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, signature…)
          const [from, , , , , nonce] = args.args as readonly [Address, Address, bigint, bigint, bigint, Hex];
          const sent = await batches.submit({
            asset: args.address,
            authorizer: from,
            nonce,
            callData: args.dataSuffix ? concat([call, args.dataSuffix]) : call,
          });
          sentReceipts.set(sent.hash, sent.receipt);
          return sent.hash;
        },
        async waitForTransactionReceipt(args) {
          const receipt = await (sentReceipts.get(args.hash) ?? waitForTransactionReceipt(args));
          return ownSettlementReceipt(receipt, payment);
        },
      };
    },
  };
}
