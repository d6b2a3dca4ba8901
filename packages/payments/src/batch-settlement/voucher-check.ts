import type { PaymentRequirements } from '@x402/core/types';
import { BATCH_SETTLEMENT_DOMAIN, BATCH_SETTLEMENT_ADDRESS, type ChannelConfig, voucherTypes } from '@x402/evm';
import { computeChannelId } from '@x402/evm/batch-settlement/client';
import { getAddress, hashTypedData, isAddressEqual } from 'viem';
import { recoverSigner } from '../exact-evm/recover-signer.js';

const ZERO_ADDRESS = '0x0000000000000000000000000000000000000000';

/**
 * Why a channel config cannot pay under `requirements`, or undefined when it can: its id must be the hash of the
 * config on this chain, and the config must name our receiver, our receiver authorizer, the asset and the withdraw
 * delay the 402 offered (error codes are the SDK's, so its client understands them).
 */
export function channelConfigError(
  config: ChannelConfig,
  channelId: string,
  requirements: PaymentRequirements,
): string | undefined {
  try {
    if (computeChannelId(config, requirements.network).toLowerCase() !== channelId.toLowerCase())
      return 'invalid_batch_settlement_evm_channel_id_mismatch';
    if (!isAddressEqual(config.receiver, getAddress(requirements.payTo)))
      return 'invalid_batch_settlement_evm_receiver_mismatch';
    const extra = requirements.extra as { receiverAuthorizer?: string; withdrawDelay?: number };
    if (!extra.receiverAuthorizer || !isAddressEqual(config.receiverAuthorizer, getAddress(extra.receiverAuthorizer)))
      return 'invalid_batch_settlement_evm_receiver_authorizer_mismatch';
    if (!isAddressEqual(config.token, getAddress(requirements.asset)))
      return 'invalid_batch_settlement_evm_token_mismatch';
    if (config.withdrawDelay !== Number(extra.withdrawDelay))
      return 'invalid_batch_settlement_evm_withdraw_delay_mismatch';
    return undefined;
  } catch {
    // A malformed address or salt in the config: it names no channel we serve.
    return 'invalid_batch_settlement_evm_channel_id_invalid';
  }
}

/**
 * Checks the voucher's EIP-712 signature locally (no chain, no facilitator): it must be signed by the channel's payer
 * authorizer, or by the payer itself when the config names none. Only an EOA signature verifies here; a smart-wallet
 * payer sets a payer authorizer key, as the scheme intends for the hot path. The signature must be one the contract's
 * `_recover` takes too (65 bytes, low s): a voucher we charge but the chain refuses would be a free call. `v` must be
 * 27 or 28 (what every EIP-712 signer produces), stricter than the sandbox contract, so no deployed variant that
 * refuses 0/1 can leave a charged voucher unclaimable.
 */
export function voucherSignedByPayer(
  config: ChannelConfig,
  voucher: {
    readonly channelId: `0x${string}`;
    readonly maxClaimableAmount: string;
    readonly signature: `0x${string}`;
  },
  chainId: number,
): boolean {
  const signer = isAddressEqual(config.payerAuthorizer, ZERO_ADDRESS) ? config.payer : config.payerAuthorizer;
  try {
    if (!/^0x[0-9a-fA-F]{128}(1b|1c)$/.test(voucher.signature)) return false;
    const digest = hashTypedData({
      domain: { ...BATCH_SETTLEMENT_DOMAIN, chainId, verifyingContract: getAddress(BATCH_SETTLEMENT_ADDRESS) },
      types: voucherTypes,
      primaryType: 'Voucher',
      message: { channelId: voucher.channelId, maxClaimableAmount: BigInt(voucher.maxClaimableAmount) },
    });
    const recovered = recoverSigner(digest, voucher.signature);
    return recovered !== undefined && isAddressEqual(recovered as `0x${string}`, getAddress(signer));
  } catch {
    // A malformed channel id or amount: nothing this channel's payer signed.
    return false;
  }
}
