// Payers for the batch-settlement benchmark: fresh wallets, each opening one payment channel with one deposit
// (an EIP-3009 authorization through the deposit collector, made by the official client on a paid call), then
// vouchers signed ahead by the official client, one lane of them per channel.
import { x402Client, x402HTTPClient } from '@x402/core/client';
import { decodePaymentSignatureHeader, encodePaymentSignatureHeader } from '@x402/core/http';
import { toClientEvmSigner } from '@x402/evm';
import {
  BatchSettlementEvmScheme,
  InMemoryClientChannelStorage,
  updateChannelFromSettle,
} from '@x402/evm/batch-settlement/client';
import { createPublicClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';

const DEPOSIT_CONCURRENCY = 8;

/** The 402's batch-settlement offer for `network`, or undefined when it makes none. */
export const batchOffer = (paymentRequired, network) =>
  paymentRequired.accepts.find((accept) => accept.scheme === 'batch-settlement' && accept.network === network);

/** How many of `n` calls dealt round-robin over `lanes` lanes lane `lane` gets. */
export const laneShare = (n, lanes, lane) => (lane < n ? Math.floor((n - 1 - lane) / lanes) + 1 : 0);

/**
 * Judges a voucher call's PAYMENT-RESPONSE: successful, saying it charged the price (the official client counts an
 * unsaid charge as none, and its next voucher would then be refused), and (when the server says it) leaving the
 * channel's charged total at the voucher's ceiling. A voucher settles nothing on chain, so there is no transaction
 * to check here; the chain is checked once the target has claimed.
 */
export function voucherSettlement(priceAtomic) {
  return (settlement, paymentSignature) => {
    if (!settlement.success) return { failure: '200 without a successful PAYMENT-RESPONSE' };
    const charged = settlement.extra?.chargedAmount;
    if (String(charged) !== String(priceAtomic))
      return { failure: `200 charging ${charged}, not the price ${priceAtomic}` };
    const cumulative = settlement.extra?.channelState?.chargedCumulativeAmount;
    const ceiling = decodePaymentSignatureHeader(paymentSignature).payload.voucher.maxClaimableAmount;
    if (cumulative !== undefined && String(cumulative) !== ceiling)
      return { failure: `200 leaving the channel charged ${cumulative}, not the voucher's ${ceiling}` };
    return {};
  };
}

/**
 * `deposits.length` new wallets, each funded with and depositing `deposits[i]` USDC units into its channel with
 * the target behind `url`, through a first paid call (the official client signs the deposit and its voucher; the
 * official response hook records the channel). `offer` is the 402 restricted to its batch-settlement requirement.
 * @returns {channels, depositCalls, presign(laneSizes)}
 */
export async function channelPayers(target, { url, body, offer, deposits }) {
  const publicClient = createPublicClient({ transport: http(target.rpcUrl) });
  const payers = deposits.map((deposit) => {
    const account = privateKeyToAccount(generatePrivateKey());
    const storage = new InMemoryClientChannelStorage();
    const signer = toClientEvmSigner(account, publicClient);
    const scheme = new BatchSettlementEvmScheme(signer, { storage, depositStrategy: () => deposit });
    const client = new x402Client().register('eip155:*', scheme);
    return { account, storage, client, http: new x402HTTPClient(client) };
  });
  await target.fund(
    payers.map((p) => p.account.address),
    deposits.reduce((max, deposit) => (deposit > max ? deposit : max), 0n),
  );
  const deposit = async (payer) => {
    const payload = await payer.client.createPaymentPayload(offer);
    if (payload.payload.type !== 'deposit')
      throw new Error(`a new channel's first payment is a ${payload.payload.type}`);
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'payment-signature': encodePaymentSignatureHeader(payload) },
      body,
    });
    const { settleResponse } = await payer.http.processPaymentResult(
      payload,
      (name) => res.headers.get(name),
      res.status,
    );
    if (res.status !== 200 || !settleResponse?.success || !settleResponse.transaction)
      throw new Error(
        `deposit call: ${res.status} ${JSON.stringify(settleResponse ?? (await res.text()).slice(0, 200))}`,
      );
  };
  for (let i = 0; i < payers.length; i += DEPOSIT_CONCURRENCY)
    await Promise.all(payers.slice(i, i + DEPOSIT_CONCURRENCY).map(deposit));
  const price = offer.accepts[0].amount;
  return {
    channels: payers.length,
    /** Paid calls the deposits made (each deposit carries the channel's first voucher). */
    depositCalls: payers.length,
    /**
     * `laneSizes[i]` PAYMENT-SIGNATURE headers for channel i, in the order they must be sent: each voucher's
     * ceiling is the previous one's plus the price, as the server charges the price per call.
     */
    async presign(laneSizes) {
      return Promise.all(
        laneSizes.map(async (size, i) => {
          const payer = payers[i];
          const lane = [];
          for (let n = 0; n < size; n++) {
            const payload = await payer.client.createPaymentPayload(offer);
            if (payload.payload.type !== 'voucher')
              throw new Error(`channel ${i} needs a top-up deposit: the bench funded it too little`);
            const { channelId, maxClaimableAmount } = payload.payload.voucher;
            // What the official response hook records after the server charges the price for this voucher.
            await updateChannelFromSettle(payer.storage, {
              server: { chargedAmount: price, chargedCumulativeAmount: maxClaimableAmount },
              local: { channelId, requestAmount: price },
            });
            lane.push(encodePaymentSignatureHeader(payload));
          }
          return lane;
        }),
      );
    },
  };
}
