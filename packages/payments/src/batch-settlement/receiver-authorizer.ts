import type { PaymentChannelConfig } from '@svc/store';
import { BATCH_SETTLEMENT_ADDRESS, BATCH_SETTLEMENT_DOMAIN, claimBatchTypes, refundTypes } from '@x402/evm';
import { computeChannelId } from '@x402/evm/batch-settlement/client';
import { getAddress, type Hex } from 'viem';
import { privateKeyToAccount } from 'viem/accounts';

/** A claim of one channel's voucher, as the batch-settlement contract takes it. */
export interface VoucherClaim {
  readonly voucher: { readonly channel: PaymentChannelConfig; readonly maxClaimableAmount: string };
  readonly signature: `0x${string}`;
  readonly totalClaimed: string;
}

/**
 * The receiver authorizer's key, when this service holds it (the facilitator does not advertise one of its own):
 * it signs each claim batch and each cooperative refund, which the contract checks against the channels' config.
 */
export class ReceiverAuthorizer {
  readonly #account: ReturnType<typeof privateKeyToAccount>;

  constructor(privateKey: Hex) {
    this.#account = privateKeyToAccount(privateKey);
  }

  get address(): `0x${string}` {
    return this.#account.address;
  }

  signClaims(claims: readonly VoucherClaim[], network: string): Promise<Hex> {
    const chainId = chainIdOf(network);
    return this.#account.signTypedData({
      domain: domainOf(chainId),
      types: claimBatchTypes,
      primaryType: 'ClaimBatch',
      message: {
        claims: claims.map((claim) => ({
          channelId: computeChannelId(claim.voucher.channel, chainId),
          maxClaimableAmount: BigInt(claim.voucher.maxClaimableAmount),
          totalClaimed: BigInt(claim.totalClaimed),
        })),
      },
    });
  }

  signRefund(refund: { channelId: string; amount: string; nonce: string }, network: string): Promise<Hex> {
    return this.#account.signTypedData({
      domain: domainOf(chainIdOf(network)),
      types: refundTypes,
      primaryType: 'Refund',
      message: {
        channelId: refund.channelId as Hex,
        nonce: BigInt(refund.nonce),
        amount: BigInt(refund.amount),
      },
    });
  }
}

const domainOf = (chainId: number) => ({
  ...BATCH_SETTLEMENT_DOMAIN,
  chainId,
  verifyingContract: getAddress(BATCH_SETTLEMENT_ADDRESS),
});

export const chainIdOf = (network: string): number => Number(network.slice(network.indexOf(':') + 1));
