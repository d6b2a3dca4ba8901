import { toFacilitatorEvmSigner } from '@x402/evm';
import {
  type Abi,
  type Address,
  concat,
  createPublicClient,
  defineChain,
  encodeFunctionData,
  type Hex,
  http,
  type LocalAccount,
} from 'viem';
import type { SettlementBroadcasts } from './broadcasts.js';
import { expiringCache } from './expiring-cache.js';
import { NonceQueue } from './nonce-queue.js';
import { waitForReceipt } from './receipt-wait.js';

export interface LocalEvmSettlement {
  readonly network: `eip155:${number}`;
  readonly rpcUrl: string;
  /**
   * The accounts that submit settlements and pay their gas, used in turn. Each account's transactions are signed and
   * sent one at a time in nonce order (see NonceQueue), so one account settles at most one transaction per round
   * trip to the node; several accounts settle in parallel. Another sender using one of these accounts makes one
   * settlement fail before that account's nonce is re-read from the chain.
   */
  readonly settlers: readonly [LocalAccount, ...LocalAccount[]];
  /** The longest pause between two receipt look-ups (default 50 ms; viem's default for a chain would add ~1 s). */
  readonly pollingIntervalMs?: number;
  /**
   * How long a settlement waits for its transaction's receipt (default 15 000 ms). Then it fails with
   * `settlement_pending` and a message naming the transaction, instead of holding the paid request open forever.
   */
  readonly receiptTimeoutMs?: number;
  /** Told of each EIP-3009 settlement once broadcast, before its receipt is awaited. */
  readonly broadcasts?: SettlementBroadcasts;
}

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

/**
 * The `@x402/evm` facilitator signer for one chain: reads through a short-lived code cache, sends each settlement
 * from the next settler account in nonce order through that account's NonceQueue (gas estimate and fee quote are
 * fetched before the transaction joins the queue, so the queue only signs and sends), and waits for receipts with a
 * bound.
 */
export function createEvmSettlementSigner(settlement: LocalEvmSettlement): ReturnType<typeof toFacilitatorEvmSigner> {
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

  async function sendTransaction({
    to,
    data,
    gas,
  }: {
    to: Address;
    data: Hex;
    gas?: bigint | undefined;
  }): Promise<Hex> {
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
      return sender.sendRawTransaction({ serializedTransaction });
    });
  }

  const signer = toFacilitatorEvmSigner(
    {
      address: settlement.settlers[0].address,
      readContract: (args) => client.readContract(args),
      verifyTypedData: (args) => client.verifyTypedData(args as never),
      getCode: ({ address }) => codeAt(address),
      sendTransaction,
      writeContract: async ({ address, abi, functionName, args, gas, dataSuffix }) => {
        const call = encodeFunctionData({ abi: abi as Abi, functionName, args });
        const hash = await sendTransaction({ to: address, data: dataSuffix ? concat([call, dataSuffix]) : call, gas });
        if (functionName === 'transferWithAuthorization' && settlement.broadcasts) {
          // transferWithAuthorization(from, to, value, validAfter, validBefore, nonce, signature…)
          const [from, , , , , nonce] = args as readonly [Address, Address, bigint, bigint, bigint, Hex];
          await settlement.broadcasts.announce({
            network: settlement.network,
            asset: address.toLowerCase(),
            authorizer: from.toLowerCase(),
            nonce: nonce.toLowerCase(),
            txHash: hash,
          });
        }
        return hash;
      },
      waitForTransactionReceipt: ({ hash, timeout }) =>
        waitForReceipt(client, hash, { ...receiptWait, timeoutMs: timeout ?? receiptWait.timeoutMs }),
    },
    { confirmationTimeoutMs: receiptWait.timeoutMs },
  );
  return { ...signer, getAddresses: () => settlers.map(({ account }) => account.address) };
}
